import AlertDispatchKit
import AlertDispatchSimulator
import Testing

extension AlertLane {
  static let toast = AlertLane("toast", capacity: .limited(1))
  static let everything = AlertLane("everything", capacity: .unlimited)
}

@MainActor
@Suite("Lanes", .timeLimit(.minutes(1)))
struct LaneTests {
  @Test("A toast lane shows beside the modal lane")
  func toastBesideModal() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("alert", to: home)
    f.add("toast", to: home, lane: .toast)
    f.add("toast-2", to: home, lane: .toast)
    f.expect(["present alert @home", "present toast @home"])
    f.presenter.tap("toast", "x")
    f.expect(["tap toast x", "end toast: dismissed(x)", "present toast-2 @home"])
    f.verify()
  }

  @Test("An unlimited lane shows every eligible alert at once")
  func unlimited() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("a", to: home, lane: .everything)
    f.add("b", to: home, priority: .high, lane: .everything)
    f.add("c", to: home, lane: .everything, readiness: .pending)
    f.expect(["present a @home", "present b @home"])
    f.handles[2].markReady()
    f.expect(["present c @home"])
    f.verify()
  }

  @Test("A lane of capacity 2 holds two and preempts the weakest")
  func capacityTwo() {
    let f = Fixture()
    let home = f.dispatch("home")
    let pair = AlertLane("pair", capacity: .limited(2))
    f.add("a", to: home, priority: .normal, lane: pair)
    f.add("b", to: home, priority: .low, lane: pair)
    f.add("c", to: home, priority: .high, lane: pair)
    f.expect(["present a @home", "present b @home", "hide b @home", "present c @home"])
    f.verify()
  }

  @Test("The first of two alerts up in a lane of capacity 2 leaves, and only it leaves the lane")
  func firstOfTwoLeaves() {
    let f = Fixture()
    let home = f.dispatch("home")
    let pair = AlertLane("pair", capacity: .limited(2))
    f.add("a", to: home, lane: pair)
    let b = f.add("b", to: home, lane: pair)
    let c = f.add("c", to: home, lane: pair)
    f.expect(["present a @home", "present b @home"])
    // "a" is not the last of the lane's visible alerts: the removal must take "a", not "b".
    f.presenter.tap("a", "OK")
    f.expect(["tap a OK", "end a: dismissed(OK)", "present c @home"])
    #expect(b.state == .showing && c.state == .showing)
    f.presenter.tap("b", "OK")
    f.presenter.tap("c", "OK")
    f.expect(["tap b OK", "end b: dismissed(OK)", "tap c OK", "end c: dismissed(OK)"])
    f.verify(allEnded: true)
  }

  @Test("Zero or negative capacity, a negative gap and a lane that disagrees are invalid requests")
  func invalidLanes() {
    let f = Fixture()
    let home = f.dispatch("home")
    let zero = f.add("zero", to: home, lane: AlertLane("z", capacity: .limited(0)))
    let negative = f.add("neg", to: home, lane: AlertLane("n", capacity: .limited(-3)))
    let gap = f.add("gap", to: home, lane: AlertLane("g", minimumGap: .seconds(-1)))
    f.add("first", to: home, lane: .toast)
    let other = f.add("other", to: home, lane: AlertLane("toast", capacity: .unlimited))
    #expect(
      zero.state
        == .ended(
          .cancelled(
            .invalidRequest("lane 'z' has capacity 0; a lane's capacity must be at least 1"))))
    #expect(
      negative.endedOutcome
        == .cancelled(
          .invalidRequest("lane 'n' has capacity -3; a lane's capacity must be at least 1")))
    #expect(
      gap.endedOutcome == .cancelled(.invalidRequest("lane 'g' has a negative minimum gap (-1s)")))
    let disagreement =
      "lane 'toast' is capacity 1, gap 0s in this domain; this request says capacity unlimited, gap 0s"
    #expect(other.endedOutcome == .cancelled(.invalidRequest(disagreement)))
    #expect(
      f.diagnostics == [
        "alert 'zero' refused: lane 'z' has capacity 0; a lane's capacity must be at least 1",
        "alert 'neg' refused: lane 'n' has capacity -3; a lane's capacity must be at least 1",
        "alert 'gap' refused: lane 'g' has a negative minimum gap (-1s)",
        "alert 'other' refused: \(disagreement)",
      ])
    f.verify()
  }
}

@MainActor
@Suite("Dependencies", .timeLimit(.minutes(1)))
struct DependencyTests {
  @Test("B after A waits until A ends, dismissed or cancelled")
  func afterDismissOrCancel() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("b", to: home, priority: .high, after: ["a"])
    f.add("a", to: home, priority: .low)
    f.expect(["present b @home"])
    // "a" was added after "b" went up: it does not pull "b" down.
    f.presenter.tap("b", "OK")
    f.expect(["tap b OK", "end b: dismissed(OK)", "present a @home"])

    let a2 = f.add("a2", to: home, priority: .low, readiness: .pending)
    f.add("b2", to: home, priority: .high, after: ["a2"])
    f.presenter.tap("a", "OK")
    f.expect(["tap a OK", "end a: dismissed(OK)"])
    #expect(home.explain("b2") == .waitingForDependencies(["a2"]))
    a2.cancel()
    f.expect(["end a2: cancelled(cancelled by app)", "present b2 @home"])
    f.verify()
  }

  @Test("Several alerts wait for one id; the first waiter leaves; the others go up when it ends")
  func severalWaiters() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("a", to: home, priority: .low)
    let first = f.add("w1", to: home, priority: .high, after: ["a"])
    f.add("w2", to: home, priority: .high, after: ["a", "a"])
    f.add("w3", to: home, priority: .normal, after: ["a"])
    f.expect(["present a @home"])
    #expect(home.explain("w2") == .waitingForDependencies(["a"]))
    first.cancel()
    f.expect(["end w1: cancelled(cancelled by app)"])
    f.presenter.tap("a", "OK")
    f.expect(["tap a OK", "end a: dismissed(OK)", "present w2 @home"])
    // A new "a" blocks the waiter that has not gone up yet, and only that one.
    f.add("a", to: home, priority: .low)
    #expect(home.explain("w3") == .waitingForDependencies(["a"]))
    f.presenter.tap("w2", "OK")
    f.expect(["tap w2 OK", "end w2: dismissed(OK)", "present a @home"])
    f.presenter.tap("a", "OK")
    f.expect(["tap a OK", "end a: dismissed(OK)", "present w3 @home"])
    f.verify()
  }

  @Test("A chain 1 → 2 → 3 where 3's dependency is cancelled")
  func chain() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("one", to: home)
    let two = f.add("two", to: home, after: ["one"])
    f.add("three", to: home, after: ["two"])
    f.expect(["present one @home"])
    #expect(home.explain("three") == .waitingForDependencies(["two"]))
    two.cancel()
    f.expect(["end two: cancelled(cancelled by app)"])
    #expect(home.explain("three") == .outranked(by: ["one"]))
    f.presenter.tap("one", "OK")
    f.expect(["tap one OK", "end one: dismissed(OK)", "present three @home"])
    f.verify()
  }

  @Test("An unknown id does not block")
  func unknownDoesNotBlock() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("b", to: home, after: ["never-added"])
    f.expect(["present b @home"])
    f.verify()
  }

  @Test("A cycle and a self-dependency are refused at add, naming the cycle")
  func cycles() {
    let f = Fixture()
    let home = f.dispatch("home")
    home.pause()
    let me = f.add("me", to: home, after: ["me"])
    f.add("a", to: home, after: ["c"])
    f.add("b", to: home, after: ["a"])
    let c = f.add("c", to: home, after: ["b"])
    #expect(me.endedOutcome == .cancelled(.dependencyCycle(["me", "me"])))
    #expect(c.endedOutcome == .cancelled(.dependencyCycle(["c", "b", "a", "c"])))
    home.resume()
    f.expect([
      "end me: cancelled(dependency cycle me -> me)",
      "end c: cancelled(dependency cycle c -> b -> a -> c)", "present a @home",
    ])
    f.presenter.tap("a", "OK")
    f.expect(["tap a OK", "end a: dismissed(OK)", "present b @home"])
    f.verify()
  }

  @Test(
    "An alert refused for a cycle leaves its id free: waiters do not wait for it, and the id can be added again"
  )
  func cycleLeavesIDFree() {
    let f = Fixture()
    let home = f.dispatch("home")
    home.pause()
    f.add("a", to: home, after: ["c"])
    let refused = f.add("c", to: home, after: ["a"])
    #expect(refused.endedOutcome == .cancelled(.dependencyCycle(["c", "a", "c"])))
    #expect(home.alert(withID: "c") == nil)
    let again = f.add("c", to: home)
    #expect(again.endedOutcome == nil)
    #expect(home.alert(withID: "c") === again)
    home.resume()
    f.expect([
      "end c: cancelled(dependency cycle c -> a -> c)", "present c @home",
    ])
    f.presenter.tap("c", "OK")
    f.expect(["tap c OK", "end c: dismissed(OK)", "present a @home"])
    f.verify()
  }
}

@MainActor
@Suite("Readiness", .timeLimit(.minutes(1)))
struct ReadinessTests {
  @Test("A pending alert shows only after markReady and blocks nothing below it")
  func pending() {
    let f = Fixture()
    let home = f.dispatch("home")
    let promo = f.add("promo", to: home, priority: .high, readiness: .pending)
    f.add("tip", to: home, priority: .low)
    f.expect(["present tip @home"])
    #expect(home.explain("promo") == .notReady)
    promo.markReady()
    f.expect(["hide tip @home", "present promo @home"])
    promo.markReady()
    f.expect([])
    f.verify()
  }
}
