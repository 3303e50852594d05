import AlertDispatchKit
import AlertDispatchLedgers
import Foundation
import Testing

/// The persistent ledgers across processes: a launch writes its records and exits, and the next
/// launch, another process, reads them. The other ledger tests open a second instance in the
/// same process, which proves the format, not that the records reached the storage. Each test
/// writes in a child process (an exit test) under a name of its own, so they may run together;
/// the names carry the test process's id, so that two runs of the suite on one machine (a local
/// run beside CI's, a run under the address sanitizer) do not write each other's records.
@MainActor
@Suite("Ledgers: a second launch in another process")
struct LedgerSecondProcessTests {
  @Test("UserDefaults: records written by a process that exits are read by the next one")
  func userDefaults() async {
    let suite = testRunName("alertdispatch.tests.second-process", inChild: false)
    UserDefaults(suiteName: suite)!.removePersistentDomain(forName: suite)
    await #expect(processExitsWith: .success) {
      // A process that exits without a flush may lose what its writer has not stored yet.
      let ledger = await MainActor.run {
        let suite = testRunName("alertdispatch.tests.second-process", inChild: true)
        let ledger = UserDefaultsFrequencyLedger(suiteName: suite)
        ledger.append([
          FrequencyRecord(
            key: "promo", date: Date(timeIntervalSince1970: 1_000_000), appVersion: "1.0",
            launchID: ledger.launchID)
        ])
        return ledger
      }
      await ledger.flush()
    }
    let ledger = UserDefaultsFrequencyLedger(suiteName: suite)
    #expect(ledger.allRecords.map(\.key) == ["promo"])
    UserDefaults(suiteName: suite)!.removePersistentDomain(forName: suite)
  }

  @Test("File: records written by a process that exits are read by the next one")
  func file() async throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent(
        testRunName("alertdispatch-second-process", inChild: false), isDirectory: true
      )
      .appendingPathComponent("frequency-ledger.jsonl")
    try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    await #expect(processExitsWith: .success) {
      // A process that exits without a flush may lose what its writer has not stored yet.
      let ledger = await MainActor.run {
        let url = FileManager.default.temporaryDirectory
          .appendingPathComponent(
            testRunName("alertdispatch-second-process", inChild: true), isDirectory: true
          )
          .appendingPathComponent("frequency-ledger.jsonl")
        let ledger = FileFrequencyLedger(fileURL: url)
        ledger.append([
          FrequencyRecord(
            key: "promo", date: Date(timeIntervalSince1970: 1_000_000), appVersion: "1.0",
            launchID: ledger.launchID)
        ])
        return ledger
      }
      await ledger.flush()
    }
    #expect(FileFrequencyLedger(fileURL: url).allRecords.map(\.key) == ["promo"])
  }

  /// On Linux, swift-corelibs-foundation's defaults do not always see a value another process
  /// wrote: in about one run in twelve here, the append after the other process's missed its
  /// record. Apple's systems share defaults between processes through `cfprefsd`; this test
  /// runs where it can only show the Linux behaviour, so a miss is a known issue, not a failure.
  @Test("UserDefaults: a record another process wrote meanwhile is kept by the next change")
  func userDefaultsOtherWriter() async {
    let suite = testRunName("alertdispatch.tests.other-writer", inChild: false)
    let defaults = UserDefaults(suiteName: suite)!
    defaults.removePersistentDomain(forName: suite)
    defer { defaults.removePersistentDomain(forName: suite) }
    let ledger = UserDefaultsFrequencyLedger(suiteName: suite)
    ledger.append([
      FrequencyRecord(
        key: "first", date: Date(timeIntervalSince1970: 1_000_000), appVersion: "1.0",
        launchID: ledger.launchID)
    ])
    await ledger.flush()
    await #expect(processExitsWith: .success) {
      // A process that exits without a flush may lose what its writer has not stored yet.
      let ledger = await MainActor.run {
        let suite = testRunName("alertdispatch.tests.other-writer", inChild: true)
        let ledger = UserDefaultsFrequencyLedger(suiteName: suite)
        precondition(ledger.allRecords.map(\.key) == ["first"], "the extension reads the app's")
        ledger.append([
          FrequencyRecord(
            key: "extension", date: Date(timeIntervalSince1970: 1_000_060), appVersion: "1.0",
            launchID: ledger.launchID)
        ])
        return ledger
      }
      await ledger.flush()
    }
    ledger.append([
      FrequencyRecord(
        key: "second", date: Date(timeIntervalSince1970: 1_000_120), appVersion: "1.0",
        launchID: ledger.launchID)
    ])
    await ledger.flush()
    withKnownIssue(
      "swift-corelibs-foundation may miss another process's write to the same defaults",
      isIntermittent: true
    ) {
      #expect(ledger.allRecords.map(\.key).sorted() == ["extension", "first", "second"])
    }
    // What is never lost: this process's own records.
    #expect(Set(ledger.allRecords.map(\.key)).isSuperset(of: ["first", "second"]))
  }
}

/// `base` with the id of the test process: the test's own, or, in an exit test's child process,
/// its parent's (the test process spawns it).
private func testRunName(_ base: String, inChild: Bool) -> String {
  let process = inChild ? getppid() : ProcessInfo.processInfo.processIdentifier
  return "\(base)-\(process)"
}
