import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Dedup")
struct DedupTests {
  @Test("keep-existing ends the newcomer as duplicate")
  func keepExisting() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("rate", to: home)
    let second = f.add("rate", to: home)
    #expect(second.endedOutcome == .cancelled(.duplicate(of: "rate")))
    f.expect(["present rate @home", "end rate: cancelled(duplicate of rate)"])
    f.verify()
  }

  @Test("replace-existing ends the old one as replaced, also when it is on screen")
  func replaceExisting() {
    let f = Fixture()
    let home = f.dispatch("home")
    let old = f.add("status", to: home)
    let new = f.add("status", to: home, duplicates: .replaceExisting)
    #expect(old.endedOutcome == .cancelled(.replaced(by: "status")))
    #expect(home.alert(withID: "status") === new)
    f.expect([
      "present status @home", "dismiss status @home", "end status: cancelled(replaced by status)",
      "present status @home",
    ])
    f.verify()
  }

  @Test("Dedup spans the domain: a child's id collides with its parent's")
  func acrossDomain() {
    let f = Fixture()
    let tab = f.dispatch("tab")
    let child = f.dispatch("child", parent: tab)
    tab.activeChildProvider = { child }
    f.add("x", to: tab)
    let dup = f.add("x", to: child)
    #expect(dup.endedOutcome == .cancelled(.duplicate(of: "x")))
    f.verify()
  }
}

@MainActor
@Suite("Re-entrancy")
struct ReentrancyTests {
  @Test("A presenter that dismisses synchronously inside present")
  func synchronousDismiss() {
    let f = Fixture()
    let transcript = f.transcript
    let presenter = ClosurePresenter(present: { alert in
      transcript.record("present \(alert.id)")
      alert.dismiss(result: "instant")
      transcript.record("returned from dismiss: \(alert.state)")
      return .presented
    })
    let home = AlertDispatch(name: "home", clock: f.clock, presenter: presenter)
    f.presenter.observeOutcomes(of: home)
    f.track(home.add(AlertRequest(id: "a")))
    f.track(home.add(AlertRequest(id: "b")))
    f.expect([
      "present a", "returned from dismiss: presenting", "end a: dismissed(instant)",
      "present b", "returned from dismiss: presenting", "end b: dismissed(instant)",
    ])
    #expect(home.invariantViolations == [])
    f.verify(allEnded: true)
  }

  @Test("A completion handler that adds a new alert")
  func completionAdds() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.track(
      home.add(AlertRequest(id: "first")) { _ in
        f.track(home.add(AlertRequest(id: "follow-up")))
        f.transcript.record("added follow-up")
      })
    f.presenter.tap("first", "OK")
    f.expect([
      "present first @home", "tap first OK", "end first: dismissed(OK)", "added follow-up",
      "present follow-up @home",
    ])
    f.verify()
  }

  @Test("A handler that closes the screen: no corrupted state, no double outcome")
  func completionCloses() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.track(home.add(AlertRequest(id: "first")) { _ in home.close() })
    f.add("second", to: home)
    f.add("third", to: home)
    f.presenter.tap("first", "OK")
    // The handler's close runs before the pass that the end asked for, so "second" never
    // flashes up on a screen that is closing.
    f.expect([
      "present first @home", "tap first OK", "end first: dismissed(OK)",
      "end second: cancelled(owner closed)", "end third: cancelled(owner closed)",
    ])
    f.verify(allEnded: true)
  }
}

@MainActor
@Suite("Misuse")
struct MisuseTests {
  @Test("A second dismiss is ignored with a diagnostic")
  func secondDismiss() {
    let f = Fixture()
    let home = f.dispatch("home")
    let a = f.add("a", to: home)
    a.dismiss(result: "one")
    a.dismiss(result: "two")
    #expect(a.endedOutcome == .dismissed("one"))
    #expect(
      f.diagnostics == [
        "dismiss(result:) on alert 'a' that already ended (dismissed(one)); ignored"
      ])
    f.verify()
  }

  @Test("Dismissing a queued alert is ignored: it keeps waiting")
  func dismissQueued() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("a", to: home)
    let b = f.add("b", to: home)
    b.dismiss()
    #expect(b.state == .queued)
    #expect(
      f.diagnostics == [
        "dismiss(result:) on alert 'b' that is queued, not on screen; ignored (use cancel() to withdraw it)"
      ])
    f.verify()
  }

  @Test("Cancel after the end is ignored")
  func cancelAfterEnd() {
    let f = Fixture()
    let home = f.dispatch("home")
    let a = f.add("a", to: home)
    a.dismiss(result: "OK")
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
    lonely.presenter = f.presenter
    lonely.setNeedsArbitration()
    f.expect(["present a @lonely"])
    #expect(lonely.invariantViolations == [])
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
    a.dismiss()
    #expect(home.explain("a") == .notFound)
    #expect(home.explain("nope") == .notFound)
    f.verify()
  }
}

@MainActor
@Suite("Outcome delivery")
struct OutcomeTests {
  @Test("await handle.outcome returns the outcome once the alert ends")
  func awaitOutcome() async {
    let f = Fixture()
    let home = f.dispatch("home")
    let a = f.add("a", to: home)
    async let outcome = a.outcome
    f.presenter.tap("a", "Allow")
    #expect(await outcome == .dismissed("Allow"))
    #expect(await a.outcome == .dismissed("Allow"))
    f.verify()
  }

  @Test("The event stream reports added, shown, ended with times")
  func events() async {
    let f = Fixture()
    let home = f.dispatch("home")
    var seen: [String] = []
    home.observe { seen.append($0.description) }
    f.add("a", to: home)
    f.clock.advance(by: .seconds(1))
    f.presenter.tap("a", "OK")
    #expect(
      seen == [
        "0s added a [modal] @home", "0s shown a [modal] @home",
        "1s ended(dismissed(OK)) a [modal] @home",
      ])
    var iterator = home.events.makeAsyncIterator()
    f.add("b", to: home)
    #expect(await iterator.next()?.kind == .added)
    #expect(await iterator.next()?.kind == .shown)
    f.verify()
  }
}

extension OutcomeTests {
  @Test("A tapped alert animating out is not put back on screen by a restore")
  func restoreWhileLeaving() {
    let f = Fixture()
    f.presenter.dismissDuration = .milliseconds(300)
    let home = f.dispatch("home")
    let a = f.add("a", to: home)
    f.presenter.tap("a", "OK")
    home.disappear()
    home.appear()
    #expect(f.presenter.onScreenIDs == [])
    f.clock.advance(by: .milliseconds(300))
    #expect(a.endedOutcome == .dismissed("OK"))
    f.expect([
      "present a @home", "tap a OK", "hide a @home", "restore a @home", "end a: dismissed(OK)",
    ])
    f.verify()
  }
}
