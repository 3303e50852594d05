import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Misuse", .timeLimit(.minutes(1)))
struct MisuseTests {
  @Test("A second dismiss is ignored with a diagnostic")
  func secondDismiss() {
    let f = Fixture()
    let home = f.dispatch("home")
    let a = f.add("a", to: home)
    a.didDismiss(result: "one")
    a.didDismiss(result: "two")
    #expect(a.endedOutcome == .dismissed("one"))
    #expect(
      f.diagnostics == [
        "didDismiss(result:) on alert 'a' that already ended (dismissed(one)); ignored"
      ])
    f.verify()
  }

  @Test("Dismissing a queued alert is ignored: it keeps waiting")
  func dismissQueued() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("a", to: home)
    let b = f.add("b", to: home)
    b.didDismiss()
    #expect(b.state == .queued)
    #expect(
      f.diagnostics == [
        "didDismiss(result:) on alert 'b' that is queued, not on screen; ignored (use cancel() to withdraw it)"
      ])
    f.verify()
  }

  @Test("Cancel after the end is ignored")
  func cancelAfterEnd() {
    let f = Fixture()
    let home = f.dispatch("home")
    let a = f.add("a", to: home)
    a.didDismiss(result: "OK")
    a.cancel()
    #expect(a.endedOutcome == .dismissed("OK"))
    #expect(f.diagnostics == ["cancel() on alert 'a' that already ended (dismissed(OK)); ignored"])
    f.verify()
  }

  @Test("Cancelling a showing alert goes through the presenter; the next waits for it")
  func cancelShowing() {
    let f = Fixture()
    f.presenter.dismissDuration = .milliseconds(200)
    let home = f.dispatch("home")
    let a = f.add("a", to: home)
    f.add("b", to: home)
    a.cancel()
    #expect(a.state == .dismissing)
    #expect(home.explain("a") == .dismissing)
    f.clock.advance(by: .milliseconds(200))
    f.expect([
      "present a @home", "dismiss a @home", "end a: cancelled(cancelled by app)", "present b @home",
    ])
    a.cancel()
    #expect(
      f.diagnostics.last
        == "cancel() on alert 'a' that already ended (cancelled(cancelled by app)); ignored")
    f.verify()
  }

  @Test("Negative and zero durations are invalid requests")
  func badDurations() {
    let f = Fixture()
    let home = f.dispatch("home")
    let cases: [(AlertTiming, String)] = [
      (AlertTiming(delay: .seconds(-1)), "delay is negative (-1s)"),
      (AlertTiming(readinessDeadline: .zero), "readiness deadline must be positive, got 0s"),
      (AlertTiming(expiry: .milliseconds(-5)), "expiry must be positive, got -0.005s"),
      (AlertTiming(autoDismiss: .seconds(-2)), "auto-dismiss must be positive, got -2s"),
    ]
    for (index, (timing, message)) in cases.enumerated() {
      let alert = f.add(AlertID("bad\(index)"), to: home, timing: timing)
      #expect(alert.endedOutcome == .cancelled(.invalidRequest(message)))
    }
    f.verify(allEnded: true)
  }

  @Test("markReady after the end and didFinishPresenting out of turn are ignored")
  func outOfTurn() {
    let f = Fixture()
    let home = f.dispatch("home")
    let a = f.add("a", to: home, readiness: .pending)
    a.cancel()
    a.markReady()
    a.didFinishPresenting()
    #expect(
      f.diagnostics == [
        "markReady() on alert 'a' that already ended (cancelled(cancelled by app)); ignored",
        "didFinishPresenting() on alert 'a' that is ended(cancelled(cancelled by app)); ignored",
      ])
    f.verify()
  }

  @Test("A dispatch with no presenter keeps the alert and retries; nothing is lost")
  func noPresenter() {
    let f = Fixture()
    let lonely = AlertDispatch(name: "lonely", clock: f.clock)
    let alert = f.track(lonely.add(AlertRequest(id: "a")))
    #expect(alert.state == .queued)
    guard case .retryingAfterRefusal(_, let reason) = lonely.explain("a") else {
      Issue.record("expected a retry, got \(lonely.explain("a"))")
      return
    }
    #expect(reason == "no presenter for dispatch 'lonely' or its ancestors")
    f.watch(lonely)
    lonely.presenter = f.presenter
    lonely.setNeedsArbitration()
    f.expect(["present a @lonely"])
    f.verify()
  }

  @Test("close twice and adding to a closed dispatch have defined answers")
  func closeTwice() {
    let f = Fixture()
    let home = f.dispatch("home")
    home.close()
    home.close()
    let late = f.add("late", to: home)
    #expect(late.endedOutcome == .cancelled(.ownerClosed))
    #expect(f.diagnostics == ["close() on dispatch 'home' that is already closed; ignored"])
    #expect(throws: AlertDispatchError.closed("home")) {
      try AlertDispatch(name: "x", clock: f.clock).setParent(home)
    }
    f.verify()
  }

  @Test("explain for an unknown or ended id is notFound")
  func explainUnknown() {
    let f = Fixture()
    let home = f.dispatch("home")
    let a = f.add("a", to: home)
    a.didDismiss()
    #expect(home.explain("a") == .notFound)
    #expect(home.explain("nope") == .notFound)
    f.verify()
  }
}
