import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Time", .timeLimit(.minutes(1)))
struct TimeTests {
  @Test("A pending alert not marked ready by its deadline ends as readiness timed out")
  func readinessDeadline() {
    let f = Fixture()
    let home = f.dispatch("home")
    let promo = f.add(
      "promo", to: home, readiness: .pending, timing: AlertTiming(readinessDeadline: .seconds(3)))
    f.clock.advance(by: .milliseconds(2999))
    #expect(promo.state == .pending)
    f.clock.advance(by: .milliseconds(1))
    f.expect(["end promo: cancelled(readiness timed out)"])
    let quick = f.add(
      "quick", to: home, readiness: .pending, timing: AlertTiming(readinessDeadline: .seconds(3)))
    quick.markReady()
    f.clock.advance(by: .seconds(5))
    f.expect(["present quick @home"])
    f.verify()
  }

  @Test("A queued alert that has not shown in time expires, also while its screen is hidden")
  func expiry() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("long", to: home)
    f.add("stale", to: home, timing: AlertTiming(expiry: .seconds(10)))
    home.disappear()
    f.clock.advance(by: .seconds(10))
    f.expect(["present long @home", "hide long @home", "end stale: cancelled(expired)"])
    home.appear()
    f.expect(["restore long @home"])
    f.verify()
  }

  @Test("An alert that went up before its expiry does not expire")
  func noExpiryAfterShow() {
    let f = Fixture()
    let home = f.dispatch("home")
    let a = f.add("a", to: home, timing: AlertTiming(expiry: .seconds(1)))
    f.clock.advance(by: .seconds(5))
    #expect(a.state == .showing)
    f.verify()
  }

  @Test("A delayed alert becomes eligible while a higher one shows, then waits its turn")
  func delay() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("high", to: home, priority: .high)
    f.add("later", to: home, priority: .low, timing: AlertTiming(delay: .seconds(2)))
    #expect(home.explain("later") == .delayed(until: AlertInstant(offset: .seconds(2))))
    f.clock.advance(by: .seconds(3))
    #expect(home.explain("later") == .outranked(by: ["high"]))
    f.presenter.tap("high", "OK")
    f.expect([
      "present high @home", "tap high OK", "end high: dismissed(OK)", "present later @home",
    ])
    let solo = f.add("solo", to: home, priority: .critical, timing: AlertTiming(delay: .seconds(1)))
    f.clock.advance(by: .milliseconds(999))
    f.expect([])
    f.clock.advance(by: .milliseconds(1))
    f.expect(["hide later @home", "present solo @home"])
    _ = solo
    f.verify()
  }

  @Test("A lane showing one alert wakes for the first delayed alert in line, as a full plan would")
  func settledLaneWakesAsAFullPlan() {
    // Passes over a lane that shows one settled alert are planned by a short cut (the fixture
    // also runs the full plan at every pass and records any difference as a violation).
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("shown", to: home)
    f.add("below", to: home, priority: .low)
    #expect(f.clock.nextDeadline == nil)
    // First in line, delayed, and not above the shown alert: the pass wakes when it may go up,
    // and then decides nothing.
    f.add("equal", to: home, timing: AlertTiming(delay: .seconds(2)))
    #expect(f.clock.nextDeadline == AlertInstant(offset: .seconds(2)))
    f.clock.advance(by: .seconds(3))
    #expect(f.clock.nextDeadline == nil)
    // Delayed and above the shown alert: it takes the lane once its delay is over.
    f.add("urgent", to: home, priority: .critical, timing: AlertTiming(delay: .seconds(1)))
    #expect(f.clock.nextDeadline == AlertInstant(offset: .seconds(4)))
    f.clock.advance(by: .seconds(1))
    f.presenter.tap("urgent", "OK")
    f.presenter.tap("shown", "OK")
    f.expect([
      "present shown @home", "hide shown @home", "present urgent @home", "tap urgent OK",
      "end urgent: dismissed(OK)", "restore shown @home", "tap shown OK",
      "end shown: dismissed(OK)", "present equal @home",
    ])
    f.verify()
  }

  @Test("An empty lane whose first alert in line is delayed puts up the next one meanwhile")
  func emptyLaneReadsPastADelayedFront() {
    // Passes over an empty lane of capacity 1 are planned by a short cut when the first alert
    // in line may go up now; a delayed first alert leaves the plan to the full planner, which
    // reads on (the fixture compares the two at every pass).
    let f = Fixture()
    let home = f.dispatch("home")
    home.pause()
    f.add("later", to: home, priority: .critical, timing: AlertTiming(delay: .seconds(2)))
    f.add("now", to: home, priority: .low)
    home.resume()
    f.expect(["present now @home"])
    #expect(f.clock.nextDeadline == AlertInstant(offset: .seconds(2)))
    f.clock.advance(by: .seconds(2))
    f.expect(["hide now @home", "present later @home"])
    f.presenter.tap("later", "OK")
    f.expect(["tap later OK", "end later: dismissed(OK)", "restore now @home"])
    f.verify()
  }

  @Test("Auto-dismiss closes a toast; suspended, it resumes with the time that was left")
  func autoDismissPausedWhileSuspended() {
    let f = Fixture()
    let home = f.dispatch("home")
    let toastLane = AlertLane("toast")
    f.add("toast", to: home, lane: toastLane, timing: AlertTiming(autoDismiss: .seconds(4)))
    f.clock.advance(by: .seconds(1))
    home.disappear()
    f.clock.advance(by: .seconds(100))
    home.appear()
    f.clock.advance(by: .milliseconds(2999))
    f.expect(["present toast @home", "hide toast @home", "restore toast @home"])
    f.clock.advance(by: .milliseconds(1))
    f.expect(["dismiss toast @home", "end toast: dismissed(auto-dismissed)"])
    f.verify(allEnded: true)
  }

  @Test("Auto-dismiss is paused while preempted")
  func autoDismissPausedWhilePreempted() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("note", to: home, timing: AlertTiming(autoDismiss: .seconds(2)))
    f.clock.advance(by: .seconds(1))
    f.add("urgent", to: home, priority: .critical)
    f.clock.advance(by: .seconds(10))
    f.presenter.tap("urgent", "OK")
    f.clock.advance(by: .milliseconds(999))
    f.expect([
      "present note @home", "hide note @home", "present urgent @home", "tap urgent OK",
      "end urgent: dismissed(OK)", "restore note @home",
    ])
    f.clock.advance(by: .milliseconds(1))
    f.expect(["dismiss note @home", "end note: dismissed(auto-dismissed)"])
    f.verify(allEnded: true)
  }

  @Test("A lane's minimum gap holds the next alert after a dismissal, also after a cancel")
  func gap() {
    let f = Fixture()
    let home = f.dispatch("home")
    let spaced = AlertLane("spaced", minimumGap: .milliseconds(150))
    f.add("a", to: home, lane: spaced)
    f.add("b", to: home, lane: spaced)
    f.presenter.tap("a", "OK")
    #expect(home.explain("b") == .gap(until: AlertInstant(offset: .milliseconds(150))))
    f.clock.advance(by: .milliseconds(149))
    f.expect(["present a @home", "tap a OK", "end a: dismissed(OK)"])
    f.clock.advance(by: .milliseconds(1))
    f.expect(["present b @home"])
    // The gap holds only after an end: a preemption with suspend is immediate.
    f.add("c", to: home, priority: .critical, lane: spaced)
    f.expect(["hide b @home", "present c @home"])
    // A preemption-cancel frees the lane, and the gap applies before the preemptor goes up.
    let victim = f.add(
      "victim", to: home, priority: .low, lane: AlertLane("cancels", minimumGap: .seconds(1)),
      interruption: .cancel)
    f.add("winner", to: home, priority: .high, lane: AlertLane("cancels", minimumGap: .seconds(1)))
    f.expect([
      "present victim @home", "dismiss victim @home", "end victim: cancelled(preempted by winner)",
    ])
    #expect(victim.endedOutcome == .cancelled(.preempted(by: "winner")))
    f.clock.advance(by: .seconds(1))
    f.expect(["present winner @home"])
    f.verify()
  }

  @Test("A refused alert is retried with backoff and nothing lower or equal overtakes it")
  func refusalRetry() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.presenter.refusal = "no host"
    f.add("first", to: home, priority: .high)
    f.presenter.refusal = nil
    f.presenter.refuseWhen = {
      $0.id == "first" && f.clock.now < AlertInstant(offset: .milliseconds(300))
        ? "transition" : nil
    }
    f.add("equal", to: home, priority: .high)
    f.add("lower", to: home, priority: .low)
    #expect(
      home.explain("first")
        == .retryingAfterRefusal(until: AlertInstant(offset: .milliseconds(100)), reason: "no host")
    )
    #expect(home.explain("equal") == .waitingBehind("first"))
    f.clock.advance(by: .milliseconds(100))
    #expect(
      home.explain("first")
        == .retryingAfterRefusal(
          until: AlertInstant(offset: .milliseconds(300)), reason: "transition"))
    f.clock.advance(by: .milliseconds(200))
    f.expect([
      "refuse first @home: no host", "refuse first @home: transition", "present first @home",
    ])
    f.verify()
  }

  @Test(
    "A higher alert may go up while a lower one waits for a retry; the retry stops when it ends")
  func refusalHigherAndEnd() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.presenter.refuseWhen = { $0.id == "low" ? "busy" : nil }
    let low = f.add("low", to: home, priority: .low)
    f.add("high", to: home, priority: .high)
    f.expect(["refuse low @home: busy", "present high @home"])
    low.cancel()
    f.clock.advance(by: .seconds(10))
    f.expect(["end low: cancelled(cancelled by app)"])
    f.verify()
  }

  @Test("A presenter that never reports a dismissal: the alert ends after the timeout")
  func dismissalTimeout() {
    let f = Fixture()
    let home = f.dispatch("home")
    home.dismissalTimeout = .seconds(2)
    f.presenter.completesDismissals = false
    let a = f.add("a", to: home)
    f.add("b", to: home)
    a.cancel()
    f.clock.advance(by: .seconds(2))
    f.expect([
      "present a @home", "dismiss a @home", "end a: cancelled(cancelled by app)", "present b @home",
    ])
    #expect(
      f.diagnostics == ["presenter did not report alert 'a' dismissed within 2s; ended anyway"])
    f.verify()
  }

  @Test("A presenter that animates in: the alert is presenting until it finishes")
  func presentingAnimation() {
    let f = Fixture()
    f.presenter.presentDuration = .milliseconds(250)
    let home = f.dispatch("home")
    let a = f.add("a", to: home, timing: AlertTiming(autoDismiss: .seconds(1)))
    #expect(a.state == .presenting)
    #expect(home.explain("a") == .presenting)
    f.clock.advance(by: .milliseconds(250))
    #expect(a.state == .showing)
    f.clock.advance(by: .seconds(1))
    f.expect(["present a @home", "dismiss a @home", "end a: dismissed(auto-dismissed)"])
    f.verify()
  }

  @Test("Coalesced passes run once at the end of the main-actor turn")
  func coalesced() async {
    let f = Fixture()
    let home = f.dispatch("home")
    home.passScheduling = .coalesced
    f.add("low", to: home, priority: .low)
    f.add("high", to: home, priority: .high)
    #expect(f.take() == [])
    await Task.yield()
    await Task.yield()
    f.expect(["present high @home"])
    f.verify()
  }

  @Test("A root set back to immediate passes runs the pass it deferred at once")
  func coalescedThenImmediate() async {
    let f = Fixture()
    let home = f.dispatch("home")
    home.passScheduling = .coalesced
    f.add("a", to: home)
    #expect(f.take() == [])
    home.passScheduling = .immediate
    f.expect(["present a @home"])
    // Passes are immediate again, and the task scheduled for the end of the turn finds
    // nothing to do.
    f.add("b", to: home, priority: .high)
    f.expect(["hide a @home", "present b @home"])
    await Task.yield()
    await Task.yield()
    #expect(f.take() == [])
    f.verify()
  }

  @Test("The virtual clock fires timers due at the same instant in the order scheduled")
  func clockOrder() {
    let clock = VirtualClock()
    var fired: [String] = []
    _ = clock.schedule(at: AlertInstant(offset: .seconds(2))) { fired.append("b") }
    _ = clock.schedule(at: AlertInstant(offset: .seconds(1))) { fired.append("a") }
    let cancelled = clock.schedule(at: AlertInstant(offset: .seconds(1))) { fired.append("x") }
    _ = clock.schedule(at: AlertInstant(offset: .seconds(2))) {
      fired.append("c")
      _ = clock.schedule(at: clock.now) { fired.append("d") }
    }
    cancelled.cancel()
    clock.advance(by: .seconds(2))
    #expect(fired == ["a", "b", "c", "d"])
    #expect(clock.now == AlertInstant(offset: .seconds(2)))
    #expect(clock.pendingTimerCount == 0)
  }
}
