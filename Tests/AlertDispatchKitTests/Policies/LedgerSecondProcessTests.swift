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
@Suite("Ledgers: a second launch in another process", .timeLimit(.minutes(1)))
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
    readStorageAgain(suite: suite)
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

  /// The extension's process exits before this one changes the ledger again, and this one
  /// reads the defaults from storage before that change (see `readStorageAgain(suite:)`): what
  /// is left to prove is the ledger's own promise, that a change re-reads the stored value and
  /// keeps the records another instance wrote. A ledger that wrote the records it held in
  /// memory would lose "extension".
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
    readStorageAgain(suite: suite)
    ledger.append([
      FrequencyRecord(
        key: "second", date: Date(timeIntervalSince1970: 1_000_120), appVersion: "1.0",
        launchID: ledger.launchID)
    ])
    await ledger.flush()
    #expect(ledger.allRecords.map(\.key) == ["extension", "first", "second"])
    readStorageAgain(suite: suite)
    #expect(
      UserDefaultsFrequencyLedger(suiteName: suite).allRecords.map(\.key)
        == ["extension", "first", "second"])
  }
}

/// Has this process read the defaults of `suite` from storage at their next use, as Apple's
/// systems always do: there every process reads and writes defaults through `cfprefsd`, which
/// sees every process's writes. swift-corelibs-foundation keeps each defaults domain a process
/// has read in memory (CFPreferences' cache of domains, and each suite's dictionary of values
/// merged from them): a change is written through to the plist file, which is read first, but
/// values are read from memory, and the file is read again only after a `synchronize()` that
/// finds no change of the process's own to write for the domain, which drops its dictionary.
/// So without this call a process never sees another process's write to a domain it has read
/// (the other tests' writes, which synchronize every domain of the process, made that happen
/// by chance); with it, once the other process has exited, it always does.
private func readStorageAgain(suite: String) {
  UserDefaults(suiteName: suite)!.synchronize()
}

/// `base` with the id of the test process: the test's own, or, in an exit test's child process,
/// its parent's (the test process spawns it).
private func testRunName(_ base: String, inChild: Bool) -> String {
  let process = inChild ? getppid() : ProcessInfo.processInfo.processIdentifier
  return "\(base)-\(process)"
}
