import Foundation

/// A fresh directory for one test's ledger files.
struct TemporaryDirectory {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("alertdispatch-ledger-\(UUID().uuidString)", isDirectory: true)
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  var ledgerURL: URL { url.appendingPathComponent("frequency-ledger.jsonl") }

  /// The names in the directory, sorted.
  var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }

  /// The damaged copies kept next to the ledger.
  var damagedCopies: [URL] {
    names.filter { $0.hasPrefix("frequency-ledger.jsonl.corrupt-") }.map {
      url.appendingPathComponent($0)
    }
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// The ledger data both persistent ledgers write (a header line, then records `a`, `b` and `c`,
/// one per line), and the damage the tests do to it.
enum LedgerData {
  /// Cuts of `whole` and what survives each: the keys still read, and the record count a
  /// damage message names (`nil` where a cut at a line's end leaves clean data). A cut inside a
  /// line loses that line's record and is damage: a copy is kept.
  static func cuts(of whole: Data) -> [(cut: Int, keys: [String], kept: String?)] {
    let lines = whole.split(separator: UInt8(ascii: "\n"))
    let headerLength = lines[0].count + 1
    let secondLineEnd = headerLength + lines[1].count + 1 + lines[2].count
    return [
      (whole.count - 1, ["a", "b", "c"], nil),
      (whole.count - 5, ["a", "b"], "2 records"),
      (secondLineEnd, ["a", "b"], nil),
      (secondLineEnd - 3, ["a"], "1 record"),
      (10, [], "0 records"),
      (0, [], "0 records"),
    ]
  }

  /// `whole` with the first `length` bytes of record `b`'s line replaced by `garbage`.
  static func damagingRecordB(_ whole: Data, length: Int, with garbage: [UInt8]) -> Data {
    var bytes = whole
    let lines = bytes.split(separator: UInt8(ascii: "\n"))
    let start = bytes.startIndex + lines[0].count + 1 + lines[1].count + 1
    bytes.replaceSubrange(start..<(start + length), with: garbage)
    return bytes
  }
}

/// A defaults domain of its own for one test, so that tests running in parallel never share a
/// value.
struct TemporaryDefaults {
  let suiteName = "alertdispatch.tests.\(UUID().uuidString)"

  /// A new `UserDefaults` object over the domain, as another launch would open it.
  func open() -> UserDefaults { UserDefaults(suiteName: suiteName)! }

  func remove() {
    UserDefaults(suiteName: suiteName)?.removePersistentDomain(forName: suiteName)
  }
}
