import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Show now or drop", .timeLimit(.minutes(1)))
struct ShowNowOrDropTests {
  /// In a lane of two, newest first (the replacement stands before an alert left hidden),
  /// "first" and "banner" go up, then a "banner" that must show now replaces the first banner,
  /// which animates out: the newcomer waits for it. Returns the lane.
  private static func replaceBannerWithOneThatShowsNow(_ f: Fixture, on home: AlertDispatch)
    -> AlertLane
  {
    let stack = AlertLane("stack", capacity: .limited(2), order: .newestFirst)
    f.add("first", to: home, lane: stack)
    f.add("banner", to: home, lane: stack)
    f.add("banner", to: home, lane: stack, duplicates: .replaceExisting, showNowOrDrop: true)
    f.expect(["present first @home", "present banner @home", "dismiss banner @home"])
    return stack
  }

  @Test("An alert that shows now or drops goes up into a lane with room")
  func goesUpIntoRoom() {
    let f = Fixture()
    let home = f.dispatch("home")
    let hint = f.add("hint", to: home, showNowOrDrop: true)
    f.expect(["present hint @home"])
    #expect(hint.state == .showing)
    f.verify()
  }

  @Test("It ends, without going up, behind an alert of its priority in front")
  func endsBehindItsPriority() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("a", to: home)
    let hint = f.add("hint", to: home, showNowOrDrop: true)
    f.expect(["present a @home", "end hint: cancelled(could not show at once)"])
    #expect(hint.endedOutcome == .cancelled(.notShownAtOnce))
    #expect(CancellationReason.notShownAtOnce.description == "could not show at once")
    f.verify()
  }

  @Test("It ends behind a higher alert that waits ahead of it in line")
  func endsBehindTheLine() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("form", to: home, priority: .critical)
    f.add("update", to: home, priority: .high)
    f.add("hint", to: home, showNowOrDrop: true)
    f.expect(["present form @home", "end hint: cancelled(could not show at once)"])
    f.verify()
  }

  @Test("A higher one preempts the front alert and goes up at once")
  func preempts() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("tip", to: home, priority: .low)
    f.add("offer", to: home, priority: .high, showNowOrDrop: true)
    f.expect(["present tip @home", "hide tip @home", "present offer @home"])
    f.verify()
  }

  @Test("It goes up once the alert it preempted with policy cancel has left the screen")
  func waitsForItsCancelledVictim() {
    let f = Fixture()
    f.presenter.dismissDuration = .milliseconds(200)
    let home = f.dispatch("home")
    f.add("promo", to: home, priority: .low, interruption: .cancel)
    let offer = f.add("offer", to: home, priority: .high, showNowOrDrop: true)
    f.expect(["present promo @home", "dismiss promo @home"])
    #expect(offer.state == .queued)
    #expect(home.explain("offer") == .waitingForDismissal(of: ["promo"]))
    f.clock.advance(by: .milliseconds(200))
    f.expect(["end promo: cancelled(preempted by offer)", "present offer @home"])
    f.verify()
  }

  @Test("In a lane of two, it goes up once the victim it cancelled is gone, beside the other")
  func waitsForItsVictimInAPair() {
    let f = Fixture()
    f.presenter.dismissDuration = .milliseconds(200)
    let home = f.dispatch("home")
    let pair = AlertLane("pair", capacity: .limited(2))
    f.add("promo", to: home, priority: .low, lane: pair, interruption: .cancel)
    f.add("update", to: home, priority: .high, lane: pair)
    let offer = f.add("offer", to: home, lane: pair, showNowOrDrop: true)
    f.expect(["present promo @home", "present update @home", "dismiss promo @home"])
    #expect(offer.state == .queued)
    #expect(home.explain("offer") == .waitingForDismissal(of: ["promo"]))
    f.clock.advance(by: .milliseconds(200))
    f.expect(["end promo: cancelled(preempted by offer)", "present offer @home"])
    f.verify()
  }

  @Test("It goes up once its cancelled victim is gone, when the presenter reports it at once")
  func cancelledVictimGoneAtOnce() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("promo", to: home, priority: .low, interruption: .cancel)
    f.add("offer", to: home, priority: .high, showNowOrDrop: true)
    f.expect([
      "present promo @home", "dismiss promo @home", "end promo: cancelled(preempted by offer)",
      "present offer @home",
    ])
    f.verify()
  }

  @Test("Waiting for leaving alerts, it ends if the pass after they are gone has another ahead")
  func endsWhenAnotherComesFirst() {
    let f = Fixture()
    f.presenter.dismissDuration = .milliseconds(200)
    let home = f.dispatch("home")
    f.add("promo", to: home, priority: .low, interruption: .cancel)
    f.add("offer", to: home, priority: .high, showNowOrDrop: true)
    f.add("error", to: home, priority: .critical)
    f.expect([
      "present promo @home", "dismiss promo @home",
      "end offer: cancelled(could not show at once)",
    ])
    f.clock.advance(by: .milliseconds(200))
    f.expect(["end promo: cancelled(preempted by offer)", "present error @home"])
    f.verify()
  }

  /// Stress seed 1, episode 817: a higher alert went up in the same pass, and the plan stopped
  /// reading the lane there, so the alert that must show now was ended unread, though the
  /// lane has room for it once the alert leaving it is gone.
  @Test("Waiting for a leaving alert in a lane of two, it still waits when a higher one goes up")
  func waitsWhenAHigherOneTakesTheOtherPlace() {
    let f = Fixture()
    f.presenter.dismissDuration = .milliseconds(200)
    let home = f.dispatch("home")
    let stack = Self.replaceBannerWithOneThatShowsNow(f, on: home)
    f.add("error", to: home, priority: .high, lane: stack)
    f.expect(["hide first @home", "present error @home"])
    f.clock.advance(by: .milliseconds(200))
    f.expect(["end banner: cancelled(replaced by banner)", "present banner @home"])
    f.verify()
  }

  /// Stress seed 1, episode 817 again: the alert ahead in line that must show now cannot (the
  /// presenter refuses it) and ends; then the other is decided again, next in line.
  @Test("Behind another that must show now and cannot, it is decided again once that one ended")
  func decidedAgainOnceTheOneAheadHasEnded() {
    let f = Fixture()
    f.presenter.dismissDuration = .milliseconds(200)
    f.presenter.refuseWhen = { $0.id == "error" ? "no host" : nil }
    let home = f.dispatch("home")
    let stack = Self.replaceBannerWithOneThatShowsNow(f, on: home)
    f.add("error", to: home, priority: .high, lane: stack, showNowOrDrop: true)
    f.expect([
      "hide first @home", "refuse error @home: no host",
      "end error: cancelled(could not show at once)", "present banner @home",
    ])
    f.clock.advance(by: .milliseconds(200))
    f.expect(["end banner: cancelled(replaced by banner)", "restore first @home"])
    f.verify()
  }

  /// A lane full only because an alert leaves it has room once that one is gone: a higher alert
  /// waits for it rather than for the minimum display time of the one it would hide.
  @Test("In a lane freed by a leaving alert, it waits for that one, not for a minimum display")
  func waitsForLeavingRatherThanMinimumDisplay() {
    let f = Fixture()
    f.presenter.dismissDuration = .milliseconds(200)
    let home = f.dispatch("home")
    let pair = AlertLane("pair", capacity: .limited(2))
    f.add("first", to: home, lane: pair, timing: AlertTiming(minimumDisplay: .seconds(2)))
    let second = f.add("second", to: home, lane: pair)
    second.cancel()
    let error = f.add("error", to: home, priority: .high, lane: pair, showNowOrDrop: true)
    f.expect(["present first @home", "present second @home", "dismiss second @home"])
    #expect(home.explain("error") == .waitingForDismissal(of: ["second"]))
    f.clock.advance(by: .milliseconds(200))
    f.expect(["end second: cancelled(cancelled by app)", "present error @home"])
    #expect(error.state == .showing)
    f.verify()
  }

  @Test("Once up, it is suspended by a higher alert and comes back like any other")
  func onceUpItStays() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("hint", to: home, showNowOrDrop: true)
    f.add("error", to: home, priority: .high)
    f.expect(["present hint @home", "hide hint @home", "present error @home"])
    f.presenter.tap("error", "OK")
    f.expect(["tap error OK", "end error: dismissed(OK)", "restore hint @home"])
    f.verify()
  }
}
