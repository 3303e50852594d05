import AlertDispatchKit
import AlertDispatchRecorder
import AlertDispatchSimulator
import Foundation
import Testing

@MainActor
@Suite("Every input of a domain is recorded and replayed", .timeLimit(.minutes(1)))
struct RecordedInputsTests {
  init() {
    AlertDispatch.diagnosticHandler = { _ in }
  }

  @Test("pauses, releases, cancellations in one call and a closed dispatch replay")
  func pausesAndCancellationsReplay() throws {
    let session = Session()
    let recorder = AlertRecorder(attachedTo: session.app)
    try session.buildTree()
    let toasts = AlertLane("toast", capacity: .limited(2), minimumGap: .milliseconds(200))
    let pause = session.feed.pause(lane: toasts)
    session.feed.add(AlertRequest(id: "tip", lane: toasts))
    session.feed.add(AlertRequest(id: "promo", category: "promotion"))
    session.feed.add(AlertRequest(id: "sale", priority: .low, category: "promotion"))
    session.advance(by: .seconds(1))
    pause.release()
    session.advance(by: .seconds(1))
    session.feed.cancelAlerts(.category("promotion"))
    session.app.pause()
    session.chat.add(AlertRequest(id: "message", priority: .high))
    session.app.activeChild = session.chat
    session.advance(by: .seconds(1))
    session.app.resume()
    session.feed.cancelAlerts(.matching { $0.lane.name == "toast" })
    session.advance(by: .seconds(1))
    session.chat.close()
    let text = recorder.export()
    #expect(text.contains("  pause feed lane toast as pause1\n"))
    #expect(text.contains("  release pause1\n"))
    #expect(text.contains("  cancel-all feed category promotion\n"))
    #expect(text.contains("  pause app as pause2\n"))
    #expect(text.contains("  resume app\n"))
    #expect(text.contains("  cancel tip\n"))
    #expect(text.contains("  close chat\n"))
    let result = try ScenarioRunner.replay(text, file: "inputs.scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
  }

  @Test("a dispatch that joins the domain with an alert up is declared as it joins")
  func joiningDispatchReplays() throws {
    let session = Session()
    try session.buildTree()
    let recorder = AlertRecorder(attachedTo: session.app)
    let sheet = AlertDispatch(name: "sheet", clock: session.clock, presenter: session.presenter)
    sheet.add(AlertRequest(id: "consent", priority: .critical))
    session.feed.add(AlertRequest(id: "promo"))
    session.advance(by: .seconds(1))
    try sheet.setParent(session.app)
    session.app.activeChild = sheet
    session.advance(by: .seconds(1))
    session.presenter.tap("consent", "Agree")
    session.app.activeChild = session.feed
    let text = recorder.export()
    #expect(text.contains("dispatch sheet\n"))
    #expect(text.contains("  add consent\n  expect transcript unchecked\n  set-parent sheet app\n"))
    let result = try ScenarioRunner.replay(text, file: "join.scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
  }

  @Test("a capped alert replays on the wall clock and app version the root counts with")
  func cappedAlertReplays() throws {
    let session = Session()
    let start = Date(timeIntervalSince1970: 1_780_000_000)
    let wallClock = TestWallClock(start: start, clock: session.clock)
    session.app.frequencyPolicy = FrequencyPolicy(
      wallClock: wallClock, appVersion: "3.1", timeZone: TimeZone(identifier: "UTC")!,
      budgets: ["promotion": FrequencyBudget(1, per: .launch)])
    let recorder = AlertRecorder(attachedTo: session.app)
    try session.buildTree()
    session.feed.add(AlertRequest(id: "bonus", cap: .oncePerLaunch(), category: "promotion"))
    session.presenter.tap("bonus", "Claim")
    session.feed.add(AlertRequest(id: "bonus", cap: .oncePerLaunch()))
    session.feed.add(AlertRequest(id: "sale", category: "promotion"))
    let text = recorder.export()
    #expect(
      text.contains("date 2026-05-28T20:26:40Z\nversion 3.1\nbudget promotion once-per-launch\n"))
    #expect(text.contains("end bonus: cancelled(frequency capped"))
    let result = try ScenarioRunner.replay(text, file: "caps.scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
  }
}

extension RecordedInputsTests {
  @Test("the shows the ledger held before the recording are exported and count in the replay")
  func ledgerRecordsReplay() throws {
    let session = Session()
    let start = Date(timeIntervalSince1970: 1_780_000_000)
    let ledger = InMemoryFrequencyLedger(records: [
      FrequencyRecord(
        key: "bonus", date: start.addingTimeInterval(-3600), appVersion: "3.0",
        launchID: "yesterday's launch")
    ])
    ledger.append([
      FrequencyRecord(
        key: "tour", date: start.addingTimeInterval(-60), appVersion: "3.1",
        launchID: ledger.launchID)
    ])
    session.app.frequencyPolicy = FrequencyPolicy(
      ledger: ledger, wallClock: TestWallClock(start: start, clock: session.clock),
      appVersion: "3.1", timeZone: TimeZone(identifier: "Europe/Paris")!)
    let recorder = AlertRecorder(attachedTo: session.app)
    try session.buildTree()
    session.feed.add(AlertRequest(id: "bonus", cap: .oncePerDay()))
    session.feed.add(AlertRequest(id: "tour", cap: .oncePerLaunch()))
    session.feed.add(AlertRequest(id: "news", cap: .oncePerVersion()))
    #expect(session.presenter.onScreenIDs == ["news"])
    let text = recorder.export()
    #expect(text.contains("time-zone Europe/Paris\n"))
    #expect(text.contains("shown bonus 2026-05-28T19:26:40Z version 3.0\n"))
    #expect(text.contains("shown tour 2026-05-28T20:25:40Z version 3.1 this-launch\n"))
    let result = try ScenarioRunner.replay(text, file: "ledger.scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
  }
}

/// A wall clock that moves with the virtual clock.
@MainActor
final class TestWallClock: WallClock {
  let start: Date
  let clock: VirtualClock

  init(start: Date, clock: VirtualClock) {
    self.start = start
    self.clock = clock
  }

  var now: Date {
    start.addingTimeInterval(Double(clock.now.offset.components.seconds))
  }
}
