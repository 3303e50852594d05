import AlertDispatchKit
import Foundation
import Testing

/// The file ledger after a write that failed while its file existed.
///
/// A write fails here because the ledger's name is so long (220 bytes) that the temporary beside
/// it (`.<name>.tmp-<UUID>`, 262 bytes) exceeds NAME_MAX, while the ledger file itself can exist:
/// every write fails with ENAMETOOLONG, whoever runs the tests (root included).
@MainActor
@Suite("Ledgers: a failed write")
struct LedgerFailedWriteTests {
  let start = Date(timeIntervalSince1970: 1_777_626_000)

  func record(_ key: String, _ ledger: any FrequencyLedger, minutes: Double = 0) -> FrequencyRecord
  {
    FrequencyRecord(
      key: key, date: start.addingTimeInterval(minutes * 60), appVersion: "1.0",
      launchID: ledger.launchID)
  }

  /// A ledger whose writes all fail, over an existing file holding `a`, `b` and `c`.
  func unwritableLedger(in directory: TemporaryDirectory) -> (
    FileFrequencyLedger, () -> [String], URL
  ) {
    let writer = FileFrequencyLedger(fileURL: directory.ledgerURL) { _ in }
    writer.append([record("a", writer)])
    writer.append([record("b", writer, minutes: 1)])
    writer.append([record("c", writer, minutes: 2)])
    let longURL = directory.url.appendingPathComponent(
      String(repeating: "l", count: 214) + ".jsonl")
    try! FileManager.default.copyItem(at: directory.ledgerURL, to: longURL)
    var messages: [String] = []
    let ledger = FileFrequencyLedger(fileURL: longURL) { messages.append($0) }
    return (ledger, { messages }, longURL)
  }

  @Test("A change whose write failed is kept in memory for the launch, through the next change")
  func failedChangeKept() {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (ledger, messages, _) = unwritableLedger(in: directory)
    #expect(ledger.allRecords.map(\.key) == ["a", "b", "c"])
    ledger.append([record("d", ledger, minutes: 3)])
    #expect(messages().count == 1)
    #expect(messages().first?.contains("kept in memory for this launch") == true)
    #expect(ledger.allRecords.map(\.key) == ["a", "b", "c", "d"])
    ledger.append([record("e", ledger, minutes: 4)])
    // Actual: ["a", "b", "c", "e"]: the next change re-reads the old file and drops `d`.
    #expect(ledger.allRecords.map(\.key) == ["a", "b", "c", "d", "e"])
  }

  @Test("A file read, then deleted by someone else after a failed write, is a reset")
  func deletedAfterFailedWrite() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (ledger, _, longURL) = unwritableLedger(in: directory)
    ledger.append([record("d", ledger, minutes: 3)])
    // The ledger read the file (a, b, c) for that change; it is deleted since.
    try FileManager.default.removeItem(at: longURL)
    ledger.append([record("e", ledger, minutes: 4)])
    // Actual: ["a", "b", "c", "d", "e"]: the failed write cleared `fileSeen`, so the deletion
    // is not taken for a reset and the deleted file's records live on.
    #expect(ledger.allRecords.map(\.key) == ["e"])
  }
}
