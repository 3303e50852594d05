import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Lane overflow", .timeLimit(.minutes(1)))
struct LaneOverflowTests {
  func lane(_ overflow: LaneOverflow, waiting: Int = 2) -> AlertLane {
    AlertLane("toast", maximumWaiting: waiting, overflow: overflow)
  }

  @Test("A full lane refuses the newcomer: it ends as overflow and the waiting ones stay")
  func refuseNewcomer() {
    let f = Fixture()
    let home = f.dispatch("home")
    let toast = lane(.refuseNewcomer)
    for id: AlertID in ["up", "a", "b"] { f.add(id, to: home, lane: toast) }
    let late = f.add("late", to: home, lane: toast)
    f.expect(["present up @home", "end late: cancelled(overflow)"])
    #expect(late.endedOutcome == .cancelled(.overflow))
    #expect(home.unfinishedAlerts.map(\.id) == ["up", "a", "b"])
    f.verify()
  }

  @Test("Drop oldest ends the alert that waited longest and keeps the newcomer")
  func dropOldest() {
    let f = Fixture()
    let home = f.dispatch("home")
    let toast = lane(.dropOldest)
    for id: AlertID in ["up", "a", "b", "c"] { f.add(id, to: home, lane: toast) }
    f.expect(["present up @home", "end a: cancelled(overflow)"])
    f.presenter.tap("up", "OK")
    f.expect(["tap up OK", "end up: dismissed(OK)", "present b @home"])
    f.verify()
  }

  @Test("Drop lowest priority ends the lowest waiting alert, the newest among equals")
  func dropLowestPriority() {
    let f = Fixture()
    let home = f.dispatch("home")
    let toast = lane(.dropLowestPriority)
    f.add("up", to: home, lane: toast)
    f.add("low-1", to: home, priority: .low, lane: toast)
    f.add("low-2", to: home, priority: .low, lane: toast)
    f.add("high", to: home, priority: .high, lane: toast, interruption: .never)
    f.expect(["present up @home", "hide up @home", "present high @home"])
    f.add("normal", to: home, lane: toast)
    f.expect(["end low-2: cancelled(overflow)"])
    #expect(home.unfinishedAlerts.map(\.id) == ["up", "low-1", "high", "normal"])
    f.verify()
  }

  /// In a newest-first lane, "b" is ahead of "a" in line; the one dropped is still the newest
  /// added of the lowest.
  @Test("Drop lowest priority picks the newest added among equals, whatever the line's order")
  func dropLowestPriorityByAddOrder() {
    let f = Fixture()
    let home = f.dispatch("home")
    let chat = AlertLane(
      "chat", order: .newestFirst, maximumWaiting: 2, overflow: .dropLowestPriority)
    f.add("up", to: home, lane: chat)
    f.add("a", to: home, priority: .low, lane: chat)
    f.add("b", to: home, priority: .low, lane: chat)
    f.add("c", to: home, lane: chat)
    f.expect(["present up @home", "end b: cancelled(overflow)"])
    f.presenter.tap("up", "OK")
    f.presenter.tap("c", "OK")
    f.expect([
      "tap up OK", "end up: dismissed(OK)", "present c @home", "tap c OK",
      "end c: dismissed(OK)", "present a @home",
    ])
    f.verify()
  }

  /// In a newest-first lane the oldest waits last in line; it is the one dropped, though it is
  /// the highest.
  @Test("Drop oldest picks the first added, whatever its priority or the line's order")
  func dropOldestByAddOrder() {
    let f = Fixture()
    let home = f.dispatch("home")
    let chat = AlertLane("chat", order: .newestFirst, maximumWaiting: 2, overflow: .dropOldest)
    f.add("up", to: home, lane: chat, interruption: .never)
    f.add("important", to: home, priority: .high, lane: chat)
    f.add("a", to: home, lane: chat)
    f.add("b", to: home, lane: chat)
    f.expect(["present up @home", "end important: cancelled(overflow)"])
    f.presenter.tap("up", "OK")
    f.expect(["tap up OK", "end up: dismissed(OK)", "present b @home"])
    f.verify()
  }

  @Test("An alert the pass puts up does not wait: a lane with room takes more than its limit")
  func goingUpIsNotWaiting() {
    let f = Fixture()
    let home = f.dispatch("home")
    let toast = AlertLane(
      "toast", capacity: .limited(2), maximumWaiting: 1, overflow: .refuseNewcomer)
    for id: AlertID in ["a", "b", "c"] { f.add(id, to: home, lane: toast) }
    f.expect(["present a @home", "present b @home"])
    f.add("d", to: home, lane: toast)
    f.expect(["end d: cancelled(overflow)"])
    f.verify()
  }

  @Test("Pending alerts and alerts of hidden screens count; suspended alerts never do")
  func whatCounts() {
    let f = Fixture()
    let root = f.dispatch("root")
    let hidden = f.dispatch("hidden", parent: root, visible: false)
    let toast = lane(.dropOldest)
    f.add("up", to: root, lane: toast)
    f.add("pending", to: root, lane: toast, readiness: .pending)
    f.add("offscreen", to: hidden, lane: toast)
    f.expect(["present up @root"])
    f.add("urgent", to: root, priority: .high, lane: toast)
    // up is suspended, not waiting: pending and offscreen are the two that wait.
    f.expect(["hide up @root", "present urgent @root"])
    f.add("next", to: root, lane: toast)
    f.expect(["end pending: cancelled(overflow)"])
    f.verify()
  }

  @Test("A preemption that cancels plans again before the overflow is counted")
  func cancelPreemptionIsNotOverflow() {
    let f = Fixture()
    let home = f.dispatch("home")
    let toast = AlertLane("toast", maximumWaiting: 1, overflow: .refuseNewcomer)
    f.add("up", to: home, lane: toast, interruption: .cancel)
    f.add("a", to: home, lane: toast)
    f.add("urgent", to: home, priority: .high, lane: toast)
    f.expect([
      "present up @home", "dismiss up @home", "end up: cancelled(preempted by urgent)",
      "present urgent @home",
    ])
    f.verify()
  }

  @Test("In a lane of two, an alert waiting only for the one it cancelled is not refused")
  func cancelPreemptionInAPair() {
    let f = Fixture()
    f.presenter.dismissDuration = .milliseconds(200)
    let home = f.dispatch("home")
    let pair = AlertLane(
      "pair", capacity: .limited(2), maximumWaiting: 1, overflow: .refuseNewcomer)
    f.add("promo", to: home, priority: .low, lane: pair, interruption: .cancel)
    f.add("update", to: home, priority: .high, lane: pair)
    f.add("queued", to: home, lane: pair)
    let offer = f.add("offer", to: home, priority: .normal, lane: pair)
    f.expect(["present promo @home", "present update @home", "dismiss promo @home"])
    #expect(offer.state == .queued)
    f.clock.advance(by: .milliseconds(200))
    f.expect(["end promo: cancelled(preempted by queued)", "present queued @home"])
    f.verify()
  }

  @Test("A waiting limit below 1 is an invalid request")
  func limitBelowOne() {
    let f = Fixture()
    let home = f.dispatch("home")
    let bad = f.add("bad", to: home, lane: AlertLane("toast", maximumWaiting: 0))
    #expect(
      bad.endedOutcome
        == .cancelled(
          .invalidRequest(
            "lane 'toast' lets at most 0 alerts wait; a lane's maximumWaiting must be at least 1")))
    f.verify()
  }

  @Test("A request whose lane has another waiting limit than the domain's is invalid")
  func limitIsPartOfTheLane() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("a", to: home, lane: lane(.dropOldest))
    let bad = f.add("bad", to: home, lane: AlertLane("toast"))
    #expect(
      bad.endedOutcome
        == .cancelled(
          .invalidRequest(
            "lane 'toast' is capacity 1, gap 0s, at most 2 waiting, drop-oldest in this domain; this request says capacity 1, gap 0s, no waiting limit"
          )))
    f.verify()
  }
}
