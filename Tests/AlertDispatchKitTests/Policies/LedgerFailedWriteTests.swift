import AlertDispatchKit
import AlertDispatchLedgers
import Foundation
import Testing

/// The file ledger after a write that failed while its file existed.
///
/// A write fails here because the ledger's name is so long (220 bytes) that the temporary beside
/// it (`.<name>.tmp-<UUID>`, 262 bytes) exceeds NAME_MAX, while the ledger file itself can exist:
/// every write fails with ENAMETOOLONG, whoever runs the tests (root included).
@MainActor
@Suite("Ledgers: a failed write", .timeLimit(.minutes(1)))
struct LedgerFailedWriteTests {
  let start = Date(timeIntervalSince1970: 1_777_626_000)

  func record(_ key: String, _ ledger: any FrequencyLedger, minutes: Double = 0) -> FrequencyRecord
  {
    FrequencyRecord(
      key: key, date: start.addingTimeInterval(minutes * 60), appVersion: "1.0",
      launchID: ledger.launchID)
  }

  /// A ledger whose writes all fail, over an existing file holding `a`, `b` and `c`.
  func unwritableLedger(in directory: TemporaryDirectory) async -> (
    FileFrequencyLedger, () -> [String], URL
  ) {
    let writer = FileFrequencyLedger(fileURL: directory.ledgerURL) { _ in }
    writer.append([record("a", writer)])
    writer.append([record("b", writer, minutes: 1)])
    writer.append([record("c", writer, minutes: 2)])
    await writer.flush()
    let longURL = directory.url.appendingPathComponent(
      String(repeating: "l", count: 214) + ".jsonl")
    try! FileManager.default.copyItem(at: directory.ledgerURL, to: longURL)
    var messages: [String] = []
    let ledger = FileFrequencyLedger(fileURL: longURL) { messages.append($0) }
    return (ledger, { messages }, longURL)
  }

  @Test("A change whose write failed is kept in memory for the launch, through the next change")
  func failedChangeKept() async {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (ledger, messages, longURL) = await unwritableLedger(in: directory)
    #expect(ledger.allRecords.map(\.key) == ["a", "b", "c"])
    ledger.append([record("d", ledger, minutes: 3)])
    await ledger.flush()
    #expect(messages().count == 1)
    #expect(messages().first?.contains("could not be written") == true)
    #expect(messages().first?.contains("kept in memory for this launch") == true)
    #expect(ledger.allRecords.map(\.key) == ["a", "b", "c", "d"])
    ledger.append([record("e", ledger, minutes: 4)])
    await ledger.flush()
    // The next change re-reads the old file: `d` is applied again over it, not dropped.
    #expect(ledger.allRecords.map(\.key) == ["a", "b", "c", "d", "e"])
    #expect(messages().count == 1, "reported once until a write succeeds")
    await ledger.flush()
    #expect(messages().count == 1, "a flush retries, and does not report again")
    #expect(FileFrequencyLedger(fileURL: longURL).allRecords.map(\.key) == ["a", "b", "c"])
  }

  @Test("A file read, then deleted by someone else after a failed write, is a reset")
  func deletedAfterFailedWrite() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (ledger, _, longURL) = await unwritableLedger(in: directory)
    ledger.append([record("d", ledger, minutes: 3)])
    await ledger.flush()
    // The ledger read the file (a, b, c) for that change; it is deleted since.
    try FileManager.default.removeItem(at: longURL)
    ledger.append([record("e", ledger, minutes: 4)])
    await ledger.flush()
    // A failed write leaves the file as read: its deletion is a reset, not records that live on.
    #expect(ledger.allRecords.map(\.key) == ["e"])
  }
}
