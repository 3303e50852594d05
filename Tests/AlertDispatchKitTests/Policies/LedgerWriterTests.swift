import AlertDispatchKit
import AlertDispatchLedgers
import Dispatch
import Foundation
import Synchronization
import Testing

/// The persistent ledgers' background writer, seen through the file ledger's test hook, which
/// is called on the writer's queue with the records of each write before it is stored.
@MainActor
@Suite("Ledgers: the background writer", .timeLimit(.minutes(1)))
struct LedgerWriterTests {
  let start = Date(timeIntervalSince1970: 1_777_626_000)

  func record(_ key: String, _ ledger: any FrequencyLedger) -> FrequencyRecord {
    FrequencyRecord(key: key, date: start, appVersion: "1.0", launchID: ledger.launchID)
  }

  func keysInFile(_ directory: TemporaryDirectory) -> [String] {
    FileFrequencyLedger(fileURL: directory.ledgerURL).allRecords.map(\.key)
  }

  @Test("A write in flight never holds up the main actor; changes made meanwhile go in the next")
  func coalesced() async {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let (writes, written) = AsyncStream.makeStream(of: [String].self)
    let gate = DispatchSemaphore(value: 0)
    let holdsFirstWrite = Mutex(true)
    let ledger = FileFrequencyLedger(fileURL: directory.ledgerURL, diagnose: nil) { records in
      written.yield(records.map(\.key))
      let isFirst = holdsFirstWrite.withLock { holds in
        let first = holds
        holds = false
        return first
      }
      if isFirst { gate.wait() }
    }
    var iterator = writes.makeAsyncIterator()
    ledger.append([record("a", ledger)])
    #expect(await iterator.next() == ["a"])

    // The first write is held on the writer's queue; the main actor goes on.
    ledger.append([record("b", ledger)])
    ledger.append([record("c", ledger)])
    ledger.removeRecords(for: "a")
    #expect(ledger.allRecords.map(\.key) == ["b", "c"], "reads answer from memory")
    #expect(!FileManager.default.fileExists(atPath: directory.ledgerURL.path))
    gate.signal()
    #expect(await iterator.next() == ["b", "c"], "three changes, one write")
    await ledger.flush()
    written.finish()
    #expect(await iterator.next() == nil, "no write after the flush")
    #expect(keysInFile(directory) == ["b", "c"])
  }

  @Test("A failed write is retried by the next change and by a flush, and reported once")
  func failedWritesRetried() async {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let attempts = Mutex<[[String]]>([])
    let failing = Mutex(true)
    var messages: [String] = []
    let ledger = FileFrequencyLedger(
      fileURL: directory.ledgerURL, diagnose: { messages.append($0) }
    ) { records in
      attempts.withLock { $0.append(records.map(\.key)) }
      if failing.withLock({ $0 }) { throw CocoaError(.fileWriteOutOfSpace) }
    }
    ledger.append([record("a", ledger)])
    await ledger.flush()
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("frequency ledger '\(directory.ledgerURL.path)'") == true)
    #expect(messages.first?.contains("could not be written") == true)
    ledger.append([record("b", ledger)])
    await ledger.flush()
    #expect(attempts.withLock { $0.last } == ["a", "b"], "the next change retried `a`")
    #expect(messages.count == 1, "the failures that follow are not reported")
    #expect(!FileManager.default.fileExists(atPath: directory.ledgerURL.path))
    #expect(ledger.allRecords.map(\.key) == ["a", "b"])

    // Nothing but the flush can write now.
    failing.withLock { $0 = false }
    await ledger.flush()
    #expect(keysInFile(directory) == ["a", "b"], "the flush retried; no record dropped")
    let written = attempts.withLock { $0.count }
    await ledger.flush()
    #expect(attempts.withLock { $0.count } == written, "nothing left to write")

    failing.withLock { $0 = true }
    ledger.append([record("c", ledger)])
    await ledger.flush()
    #expect(messages.count == 2, "a failure after a success is reported again")
    failing.withLock { $0 = false }
    ledger.append([record("d", ledger)])
    await ledger.flush()
    #expect(keysInFile(directory) == ["a", "b", "c", "d"])
    #expect(messages.count == 2)
  }

  @Test("A ledger released with changes not yet written still writes them")
  func releasedWithPendingWrites() async {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    weak var released: FileFrequencyLedger?
    do {
      let ledger = FileFrequencyLedger(fileURL: directory.ledgerURL)
      released = ledger
      ledger.append([record("a", ledger)])
    }
    #expect(released == nil)
    // Writes of every ledger of the process go through one queue, in order: this flush
    // returns after the released ledger's write.
    let other = FileFrequencyLedger(fileURL: directory.ledgerURL)
    other.append([record("b", other)])
    await other.flush()
    #expect(other.allRecords.map(\.key) == ["a", "b"])
    #expect(keysInFile(directory) == ["a", "b"])
  }

  @Test("Two instances that change one file at once keep each other's records")
  func twoInstancesAtOnce() async {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let first = FileFrequencyLedger(fileURL: directory.ledgerURL)
    let second = FileFrequencyLedger(fileURL: directory.ledgerURL)
    for round in 0..<20 {
      first.append([record("first-\(round)", first)])
      second.append([record("second-\(round)", second)])
    }
    await first.flush()
    await second.flush()
    let all = Set((0..<20).flatMap { ["first-\($0)", "second-\($0)"] })
    #expect(Set(keysInFile(directory)) == all)
    // Which of the two wrote last depends on the queue; one more write makes it `second`.
    second.append([record("second-last", second)])
    await second.flush()
    #expect(
      Set(second.allRecords.map(\.key)) == all.union(["second-last"]),
      "a write reads the other's records first")
  }

  @Test("Opening removes the temporaries of killed writes, not one a live process may be writing")
  func temporaries() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let exited = Process()
    exited.executableURL = URL(fileURLWithPath: "/bin/sh")
    exited.arguments = ["-c", "exit 0"]
    try exited.run()
    let watchdog = exited.killIfStillRunning(after: 50)
    exited.waitUntilExit()
    watchdog.cancel()
    let prefix = ".frequency-ledger.jsonl.tmp-"
    let live = prefix + "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
    let killed = prefix + "\(exited.processIdentifier)-\(UUID().uuidString)"
    let unnamed = prefix + UUID().uuidString
    for name in [live, killed, unnamed] {
      try Data("{\"key\":".utf8).write(to: directory.url.appendingPathComponent(name))
    }
    _ = FileFrequencyLedger(fileURL: directory.ledgerURL)
    #expect(directory.names == [live])
  }
}
