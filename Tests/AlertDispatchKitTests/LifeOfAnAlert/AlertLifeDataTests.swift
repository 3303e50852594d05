import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// What each stage of an alert's life remembers (Decisions.md, "An alert's life is one value,
/// kept on its handle"): the data is made when the alert enters the stage and dropped when it
/// leaves it, with the stage's timers.
@MainActor
@Suite("The data of an alert's stages", .timeLimit(.minutes(1)))
struct AlertLifeDataTests {
  static func at(_ seconds: Int) -> AlertInstant { AlertInstant(offset: .seconds(seconds)) }

  @Test("A presenter's refusals back off 0.1 s, 0.2 s, 0.4 s, … at most 2 s")
  func refusalsBackOff() {
    var refusals = Refusals()
    var waits: [Duration] = []
    for _ in 0..<7 {
      refusals = refusals.adding("busy", at: Self.at(10))
      waits.append((refusals.retryAt ?? Self.at(0)) - Self.at(10))
    }
    #expect(waits == [100, 200, 400, 800, 1600, 2000, 2000].map { Duration.milliseconds($0) })
    #expect(refusals.count == 7 && refusals.reason == "busy")
  }

  @Test("A retry at once forgets the backoff and keeps the count; only a queued alert has one")
  func retryNow() {
    var life = AlertLife.queued(Refusals().adding("busy", at: Self.at(0)))
    let retried = life.retryNow()
    #expect(retried && life.refusals == Refusals(count: 1, retryAt: nil, reason: "busy"))
    let again = life.retryNow()
    #expect(!again, "nothing left to retry early")
    var up = AlertLife.showing(Countdowns(AlertTiming()))
    let fromShowing = up.retryNow()
    #expect(!fromShowing && up.refusals == Refusals())
  }

  @Test("Hiding an alert stops its countdowns, which keep the time they have left")
  func suspendPausesCountdowns() {
    let clock = VirtualClock()
    var countdowns = Countdowns(AlertTiming(autoDismiss: .seconds(5), minimumDisplay: .seconds(2)))
    countdowns.startAutoDismiss(at: Self.at(10)) { clock.schedule(at: $0) {} }
    let started = countdowns.startMinimum(at: Self.at(10))
    #expect(started && countdowns.minimumEnd(at: Self.at(11)) == Self.at(12))
    var life = AlertLife.showing(countdowns)
    let hidden = life.suspend(at: Self.at(11))
    #expect(hidden)
    #expect(life.countdowns?.autoDismiss == Countdown(remaining: .seconds(4)))
    #expect(life.countdowns?.minimum == Countdown(remaining: .seconds(1)))
    #expect(life.timers.isEmpty, "a hidden alert runs no timer")
    let restored = life.restore()
    #expect(restored && life.countdowns?.minimumEnd(at: Self.at(20)) == nil, "paused until resumed")
  }

  @Test("A minimum display time served while up is owed no more")
  func servedMinimumIsDropped() {
    var countdowns = Countdowns(AlertTiming(minimumDisplay: .seconds(2)))
    _ = countdowns.startMinimum(at: Self.at(0))
    countdowns.pauseMinimum(at: Self.at(3))
    #expect(countdowns.minimum == nil)
    #expect(Countdowns(AlertTiming(minimumDisplay: .zero)).minimum == nil)
  }

  @Test("A dismissal drops the countdowns of the alert, and the take-down that waited")
  func dismissalDropsCountdowns() {
    var countdowns = Countdowns(AlertTiming(autoDismiss: .seconds(5), minimumDisplay: .seconds(2)))
    countdowns.heldClose = .cancelled(.cancelledByApp)
    var life = AlertLife.showing(countdowns)
    let began = life.beginDismissal(.dismissed(.autoDismissed))
    #expect(began && life.countdowns == nil)
    #expect(life == .dismissing(.dismissed(.autoDismissed), isReplaced: false, deadline: nil))
  }

  @Test("A move that drops a stage's timer cancels it: an alert dismissed leaves no timer")
  func droppedTimersAreCancelled() {
    let f = Fixture()
    let home = f.dispatch("home")
    let note = f.add("note", to: home, timing: AlertTiming(autoDismiss: .seconds(5)))
    #expect(note.state == .showing && f.clock.pendingTimerCount == 1)
    note.didDismiss(result: .closed)
    #expect(f.clock.pendingTimerCount == 0)
    f.expect(["present note @home", "end note: dismissed(closed)"])
    f.verify()
  }
}
