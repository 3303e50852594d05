import AlertDispatchKit
import AlertDispatchRecorder
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("A recording replays the presenter's answers exactly", .timeLimit(.minutes(1)))
struct PresenterAnswerTests {
  init() {
    AlertDispatch.diagnosticHandler = { _ in }
  }

  @Test("a refused present and an animated present replay as they happened")
  func refusedAndAnimatedPresentsReplay() throws {
    let clock = VirtualClock()
    var calls = 0
    let presenter = ClosurePresenter(present: { _ in
      calls += 1
      return calls == 1 ? .cannotPresentNow("no host") : .presenting
    })
    let root = AlertDispatch(name: "root", clock: clock, presenter: presenter)
    let recorder = AlertRecorder(attachedTo: root)
    let handle = root.add(AlertRequest(id: "x"))
    clock.advance(by: .milliseconds(100))
    #expect(handle.state == .presenting)
    clock.advance(by: .milliseconds(300))
    handle.didFinishPresenting()
    clock.advance(by: .seconds(1))
    handle.close(result: "Done")
    #expect(handle.endedOutcome == .dismissed("Done"))
    let text = recorder.export()
    // The retry's answer goes just before the timer of the retry fires.
    #expect(text.contains("at 0ms before-timers\n  answer x refuse \"no host\"\n  add x\n"))
    #expect(text.contains("at 100ms before-timers\n  answer x presenting\n"))
    #expect(text.contains("at 400ms before-timers\n  finish-presenting x\n"))
    // The presenter reported the alert gone from inside `dismiss`: an answer, not an input.
    #expect(text.contains("at 1400ms before-timers\n  answer x gone\n  close-alert x Done\n"))
    let result = try ScenarioRunner.replay(text, file: "answers.scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
  }

  @Test("a provider's silent change is replayed before the pass that read it")
  func providerChangeReplays() throws {
    let session = Session()
    try session.buildTree()
    let selection = Selection(session.feed)
    session.app.activeChildProvider = { selection.dispatch }
    let recorder = AlertRecorder(attachedTo: session.app)
    session.chat.add(AlertRequest(id: "message"))
    session.feed.add(AlertRequest(id: "promo", timing: AlertTiming(autoDismiss: .seconds(2))))
    session.advance(by: .seconds(1))
    selection.dispatch = session.chat
    // No call tells the domain: the auto-dismissal's pass asks the provider.
    session.advance(by: .seconds(2))
    #expect(session.presenter.onScreenIDs == ["message"])
    selection.dispatch = session.feed
    session.app.setNeedsArbitration()
    #expect(session.presenter.onScreenIDs == [])
    let text = recorder.export()
    #expect(text.contains("at 0ms before-timers\n  active app feed\n  set-provider app feed\n"))
    #expect(text.contains("  provider app chat\n"))
    #expect(text.contains("  provider app feed\n  arbitrate app\n"))
    let result = try ScenarioRunner.replay(text, file: "provider.scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
  }

  @Test("a dispatch the app releases without closing it replays as closed, under its name")
  func releasedDispatchReplaysAsClosed() throws {
    let clock = VirtualClock()
    let presenter = ClosurePresenter(present: { _ in .presented })
    let root = AlertDispatch(name: "app", clock: clock, presenter: presenter)
    var sheet: AlertDispatch? = AlertDispatch(name: "sheet")
    try sheet?.setParent(root)
    root.activeChild = sheet
    let recorder = AlertRecorder(attachedTo: root)
    sheet?.add(AlertRequest(id: "tip"))
    clock.advance(by: .seconds(1))
    sheet = nil
    let text = recorder.export()
    #expect(text.contains("  close sheet\n"), "\(text)")
    #expect(text.contains("end tip: cancelled(owner closed)"), "\(text)")
    #expect(!text.contains("@released"), "\(text)")
    let result = try ScenarioRunner.replay(text, file: "released.scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
  }

  @Test("a root that joins another domain ends its recording there, which replays")
  func joiningAnotherDomainEndsTheRecording() throws {
    let clock = VirtualClock()
    let presenter = ClosurePresenter(present: { _ in .presented })
    let root = AlertDispatch(name: "sheet", clock: clock, presenter: presenter)
    let other = AlertDispatch(name: "app", clock: clock, presenter: presenter)
    let recorder = AlertRecorder(attachedTo: root)
    root.add(AlertRequest(id: "first"))
    root.add(AlertRequest(id: "second", priority: .high))
    clock.advance(by: .seconds(1))
    try root.setParent(other)
    #expect(recorder.root == nil)
    root.add(AlertRequest(id: "after-join"))
    let text = recorder.export()
    #expect(!text.contains("after-join"))
    #expect(text.contains("present second @sheet"))
    let result = try ScenarioRunner.replay(text, file: "joined.scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
  }
}

extension PresenterAnswerTests {
  @Test("setting a provider retries a refused alert once, in the replay as on the device")
  func providerSetRetriesOnce() throws {
    let session = Session()
    try session.buildTree()
    let recorder = AlertRecorder(attachedTo: session.app)
    var refusals = 0
    session.app.presenter = ClosurePresenter(present: { _ in
      refusals += 1
      return refusals < 3 ? .cannotPresentNow("no host") : .presented
    })
    session.feed.add(AlertRequest(id: "promo"))
    let selection = Selection(session.feed)
    session.app.activeChildProvider = { selection.dispatch }
    #expect(refusals == 2)
    let text = recorder.export()
    #expect(text.contains("  set-provider app feed\n"))
    #expect(!text.contains("arbitrate"))
    let result = try ScenarioRunner.replay(text, file: "provider-set.scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
  }
}

extension PresenterAnswerTests {
  @Test("a domain without a presenter replays its refusals, then the presenter the app gave it")
  func missingPresenterReplays() throws {
    let clock = VirtualClock()
    let root = AlertDispatch(name: "root", clock: clock)
    let recorder = AlertRecorder(attachedTo: root)
    root.add(AlertRequest(id: "x"))
    clock.advance(by: .milliseconds(250))
    root.presenter = RecordingPresenter(clock: clock)
    clock.advance(by: .milliseconds(500))
    #expect(root.alert(withID: "x")?.state == .showing)
    let text = recorder.export()
    #expect(
      text.contains("  answer x refuse \"no presenter for dispatch 'root' or its ancestors\"\n"))
    let result = try ScenarioRunner.replay(text, file: "no-presenter.scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
  }
}

/// What an app's active-child provider reads: the selected tab, changed without telling.
@MainActor
final class Selection {
  var dispatch: AlertDispatch?

  init(_ dispatch: AlertDispatch) {
    self.dispatch = dispatch
  }
}
