import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Show next and newest-first lanes", .timeLimit(.minutes(1)))
struct ShowNextTests {
  @Test("An alert placed next goes ahead of the alerts of its priority that wait")
  func goesAheadOfItsBand() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("a", to: home)
    f.add("b", to: home)
    f.add("c", to: home)
    f.add("next", to: home, placement: .next)
    f.expect(["present a @home"])
    #expect(home.explain("b") == .outranked(by: ["a"]))
    f.presenter.tap("a", "OK")
    f.expect(["tap a OK", "end a: dismissed(OK)", "present next @home"])
    f.presenter.tap("next", "OK")
    f.expect(["tap next OK", "end next: dismissed(OK)", "present b @home"])
    f.presenter.tap("b", "OK")
    f.expect(["tap b OK", "end b: dismissed(OK)", "present c @home"])
    f.verify()
  }

  @Test("Of several alerts placed next in one priority, the newest goes first")
  func newestPlacedNextFirst() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("a", to: home)
    f.add("b", to: home)
    f.add("first-next", to: home, placement: .next)
    f.add("second-next", to: home, placement: .next)
    f.expect(["present a @home"])
    f.presenter.tap("a", "OK")
    f.expect(["tap a OK", "end a: dismissed(OK)", "present second-next @home"])
    f.presenter.tap("second-next", "OK")
    f.expect(["tap second-next OK", "end second-next: dismissed(OK)", "present first-next @home"])
    f.presenter.tap("first-next", "OK")
    f.expect(["tap first-next OK", "end first-next: dismissed(OK)", "present b @home"])
    f.verify()
  }

  @Test("An alert placed next never preempts an alert of its own priority in front")
  func doesNotPreemptItsPriority() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("a", to: home)
    let next = f.add("next", to: home, placement: .next)
    f.expect(["present a @home"])
    #expect(next.state == .queued)
    #expect(home.explain("next") == .outranked(by: ["a"]))
    f.verify()
  }

  @Test("An alert placed next still waits behind every higher alert")
  func higherAlertsStayAhead() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("form", to: home, priority: .critical)
    f.add("high", to: home, priority: .high)
    f.add("next", to: home, placement: .next)
    f.expect(["present form @home"])
    f.presenter.tap("form", "OK")
    f.expect(["tap form OK", "end form: dismissed(OK)", "present high @home"])
    f.presenter.tap("high", "OK")
    f.expect(["tap high OK", "end high: dismissed(OK)", "present next @home"])
    f.verify()
  }

  @Test("An alert placed next goes ahead of a suspended alert of its priority")
  func goesAheadOfSuspended() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("tip", to: home, priority: .low)
    f.add("error", to: home, priority: .high)
    f.add("next", to: home, priority: .low, placement: .next)
    f.expect(["present tip @home", "hide tip @home", "present error @home"])
    f.presenter.tap("error", "OK")
    f.expect(["tap error OK", "end error: dismissed(OK)", "present next @home"])
    f.presenter.tap("next", "OK")
    f.expect(["tap next OK", "end next: dismissed(OK)", "restore tip @home"])
    f.verify()
  }

  @Test("An alert placed next on one screen of the chain goes ahead of those of another")
  func aheadAcrossTheChain() {
    let f = Fixture()
    let app = f.dispatch("app")
    let home = f.dispatch("home", parent: app)
    app.activeChild = home
    f.add("a", to: app)
    f.add("b", to: app)
    f.add("next", to: home, placement: .next)
    f.expect(["present a @app"])
    f.presenter.tap("a", "OK")
    f.expect(["tap a OK", "end a: dismissed(OK)", "present next @home"])
    f.verify()
  }

  @Test("A newest-first lane puts the latest alert of a priority first")
  func newestFirstLane() {
    let f = Fixture()
    let home = f.dispatch("home")
    let stack = AlertLane("stack", order: .newestFirst)
    f.add("a", to: home, lane: stack)
    f.add("b", to: home, lane: stack)
    f.add("c", to: home, lane: stack)
    f.add("low", to: home, priority: .low, lane: stack)
    f.add("high", to: home, priority: .high, lane: stack)
    f.expect(["present a @home", "hide a @home", "present high @home"])
    f.presenter.tap("high", "OK")
    f.expect(["tap high OK", "end high: dismissed(OK)", "present c @home"])
    f.presenter.tap("c", "OK")
    f.expect(["tap c OK", "end c: dismissed(OK)", "present b @home"])
    f.presenter.tap("b", "OK")
    f.expect(["tap b OK", "end b: dismissed(OK)", "restore a @home"])
    f.presenter.tap("a", "OK")
    f.expect(["tap a OK", "end a: dismissed(OK)", "present low @home"])
    f.verify()
  }

  @Test("A request whose lane differs from the domain's only in order is invalid")
  func orderIsPartOfTheLane() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("a", to: home, lane: AlertLane("toast"))
    let bad = f.add("bad", to: home, lane: AlertLane("toast", order: .newestFirst))
    #expect(
      bad.endedOutcome
        == .cancelled(
          .invalidRequest(
            "lane 'toast' is capacity 1, gap 0s, order first-added in this domain; this request says capacity 1, gap 0s, order newest-first"
          )))
    f.expect([
      "present a @home",
      "end bad: cancelled(invalid request: lane 'toast' is capacity 1, gap 0s, order first-added in this domain; this request says capacity 1, gap 0s, order newest-first)",
    ])
    f.verify()
  }
}

extension ShowNextTests {
  @Test("An alert placed next leaves the line when cancelled, and the line keeps its order")
  func cancelledWhileWaiting() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("a", to: home)
    f.add("b", to: home)
    f.add("first-next", to: home, placement: .next)
    let second = f.add("second-next", to: home, placement: .next)
    f.add("third-next", to: home, placement: .next)
    second.cancel()
    f.expect(["present a @home", "end second-next: cancelled(cancelled by app)"])
    f.presenter.tap("a", "OK")
    f.expect(["tap a OK", "end a: dismissed(OK)", "present third-next @home"])
    f.presenter.tap("third-next", "OK")
    f.expect(["tap third-next OK", "end third-next: dismissed(OK)", "present first-next @home"])
    f.verify()
  }
}
