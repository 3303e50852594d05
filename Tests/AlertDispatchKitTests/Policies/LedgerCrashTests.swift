import AlertDispatchKit
import AlertDispatchLedgers
import AlertDispatchSimulator
import Foundation
import Testing

#if os(Linux)
  /// The kill test runs this test binary again as a child "app" that shows capped alerts, each
  /// counted in a file ledger, and kills it with SIGKILL at moments it does not choose. The child
  /// counts shows faster than the background writer stores them, so a kill mostly lands while a
  /// write is in flight and more shows wait for the next.
  @MainActor
  @Suite("Ledgers: a process killed while it writes", .timeLimit(.minutes(1)))
  struct LedgerCrashTests {
    nonisolated static let childVariable = "ALERTDISPATCH_LEDGER_CHILD_DIRECTORY"
    nonisolated static let childDirectory = ProcessInfo.processInfo.environment[childVariable]

    /// Shows between two flushes of the child.
    nonisolated static let showsPerFlush = 3

    @Test(
      "Child of the kill test: a launch that shows capped alerts until it is killed",
      .enabled(if: childDirectory != nil))
    func childLaunch() async throws {
      let url = URL(fileURLWithPath: try #require(Self.childDirectory))
        .appendingPathComponent("frequency-ledger.jsonl")
      let ledger = FileFrequencyLedger(fileURL: url)
      let home = AlertDispatch(name: "home", clock: VirtualClock())
      let presenter = RecordingPresenter()
      home.presenter = presenter
      home.frequencyPolicy = FrequencyPolicy(ledger: ledger, appVersion: "1.0")
      for index in ledger.allRecords.count..<2_000 {
        let id = AlertID("promo-\(index)")
        home.add(AlertRequest(id: id, cap: .onceEver()))
        presenter.tap(id, "OK")
        if (index + 1) % Self.showsPerFlush == 0 {
          await ledger.flush()
          FileHandle.standardOutput.write(Data("flushed \(index + 1)\n".utf8))
        }
      }
    }

    @Test(
      "File: a process killed while it writes loses no flushed show and never damages the file",
      .enabled(if: childDirectory == nil))
    func killedProcess() throws {
      let directory = TemporaryDirectory()
      defer { directory.remove() }
      var counted = 0
      for round in 0..<3 {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["--testing-library", "swift-testing", "--filter", "childLaunch"]
        child.environment = ProcessInfo.processInfo.environment.merging(
          [Self.childVariable: directory.url.path]
        ) { $1 }
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()
        // The reads below wait for the child's output: a child that hangs is killed instead.
        let watchdog = child.killIfStillRunning(after: 50)
        defer { watchdog.cancel() }
        let target = counted + 15 + 4 * round
        var flushed = counted
        var text = ""
        while flushed < target {
          let data = output.fileHandleForReading.availableData
          if data.isEmpty { break }
          text += String(decoding: data, as: UTF8.self)
          for line in text.split(separator: "\n") where line.hasPrefix("flushed ") {
            flushed = max(flushed, Int(line.dropFirst("flushed ".count)) ?? 0)
          }
        }
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(flushed >= target, "the child made progress in round \(round)")
        #expect(child.terminationReason == .uncaughtSignal)

        var messages: [String] = []
        let ledger = FileFrequencyLedger(fileURL: directory.ledgerURL) { messages.append($0) }
        #expect(messages == [], "no damage after a kill in round \(round)")
        let keys = Set(ledger.allRecords.map(\.key))
        #expect(keys.count >= flushed, "every flushed show is kept in round \(round)")
        #expect(keys == Set((0..<keys.count).map { "promo-\($0)" }), "the shows kept are the first")
        counted = keys.count
      }

      let f = Fixture()
      let home = f.dispatch("home")
      home.frequencyPolicy = FrequencyPolicy(
        ledger: FileFrequencyLedger(fileURL: directory.ledgerURL), appVersion: "1.0")
      f.add("promo-0", to: home, cap: .onceEver())
      f.expect(["end promo-0: cancelled(frequency capped: once ever (key promo-0))"])
      f.verify(allEnded: true)
    }
  }
#endif
