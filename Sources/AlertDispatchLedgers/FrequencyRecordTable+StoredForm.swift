import AlertDispatchKit
import Foundation

/// The JSON-lines form the persistent ledgers store: a header line, then one record per line.
///
/// ```
/// {"format":"alertdispatch.frequency-ledger","version":1}
/// {"date":1772950000,"key":"sign-in-bonus","launch":"6F1C…","version":"2.4"}
/// ```
///
/// One record per line means a damaged byte costs the record on its line, not the file.
extension FrequencyRecordTable {
  private static let format = "alertdispatch.frequency-ledger"
  private static let formatVersion = 1

  private struct Header: Codable {
    var format: String
    var version: Int
  }

  /// What reading stored data gave: the records that could be read, and what was wrong, if
  /// anything.
  struct Decoding {
    var table = FrequencyRecordTable()
    var problem: String?
  }

  func encoded() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .secondsSince1970
    let header = Header(format: Self.format, version: Self.formatVersion)
    var data = (try? encoder.encode(header)) ?? Data()
    data.append(UInt8(ascii: "\n"))
    for record in allRecords {
      guard let line = try? encoder.encode(record) else { continue }
      data.append(line)
      data.append(UInt8(ascii: "\n"))
    }
    return data
  }

  /// Reads stored data, keeping every line that is a whole record.
  static func decode(_ data: Data) -> Decoding {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    var result = Decoding()
    guard let first = lines.first else {
      result.problem = "it is empty"
      return result
    }
    var problems: [String] = []
    if let header = try? decoder.decode(Header.self, from: Data(first)), header.format == format {
      guard header.version == formatVersion else {
        result.problem =
          "it is format version \(header.version), and this build reads version \(formatVersion)"
        return result
      }
      lines.removeFirst()
    } else {
      problems.append("its header is missing or damaged")
    }
    var unreadable = 0
    for line in lines {
      if let record = try? decoder.decode(FrequencyRecord.self, from: Data(line)) {
        result.table.append(record)
      } else {
        unreadable += 1
      }
    }
    if unreadable > 0 {
      problems.append("\(unreadable) of \(lines.count) record lines are unreadable")
    }
    if !problems.isEmpty { result.problem = problems.joined(separator: " and ") }
    return result
  }
}

extension FrequencyRecordTable {
  /// How many records the table holds, as diagnostics say it: `1 record`, `3 records`.
  var recordCount: String {
    let count = allRecords.count
    return count == 1 ? "1 record" : "\(count) records"
  }

  /// The name a damaged store's copy gets: `<name>.corrupt-20260308T070000Z`, with `-2`, `-3`, …
  /// appended while `isTaken`.
  static func damagedCopyName(of name: String, isTaken: (String) -> Bool) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
    let copy = name + ".corrupt-" + formatter.string(from: Date())
    var candidate = copy
    var number = 2
    while isTaken(candidate) {
      candidate = copy + "-\(number)"
      number += 1
    }
    return candidate
  }
}
