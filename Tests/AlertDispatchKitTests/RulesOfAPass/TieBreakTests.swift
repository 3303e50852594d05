import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// Which alert a rule picks among alerts it cannot tell apart by priority, as the whole transcript
/// shows it. ArbiterTieBreakTests checks the same choices over hand-made snapshots.
@MainActor
@Suite("Ties: which alert a rule picks among equals", .timeLimit(.minutes(1)))
struct TieBreakTests {
  static let pair = AlertLane("pair", capacity: .limited(2))

  /// "early" was added first but goes up last (its delay holds it): the one hidden is the one
  /// that went up last, not the one added last.
  @Test("A preemption hides, of two equal alerts in front, the one that went up last")
  func preemptionHidesTheLatestUp() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("early", to: home, lane: Self.pair, timing: AlertTiming(delay: .seconds(1)))
    f.add("late", to: home, lane: Self.pair)
    f.clock.advance(by: .seconds(1))
    f.add("urgent", to: home, priority: .high, lane: Self.pair)
    f.expect([
      "present late @home", "present early @home", "hide early @home", "present urgent @home",
    ])
    f.presenter.tap("urgent", "OK")
    f.expect(["tap urgent OK", "end urgent: dismissed(OK)", "restore early @home"])
    f.verify()
  }

  /// An alert that was covered has been up since it was presented: coming out from beneath its
  /// coverer is not going up. So "late", which went up after it, is the one a preemption hides,
  /// in the pass that uncovers "beneath" as in any later one.
  @Test(
    "A preemption in the pass that uncovers an alert hides the equal alert that went up after it",
    arguments: [true, false])
  func uncoveredIsNotTheLatestUp(inTheUncoveringPass: Bool) {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("beneath", to: home, lane: Self.pair)
    f.add("strong", to: home, priority: .high, lane: Self.pair)
    f.add("cover", to: home, priority: .critical, lane: Self.pair, style: .cover)
    f.add("late", to: home, lane: Self.pair)
    f.presenter.tap("strong", "OK")
    f.expect([
      "present beneath @home", "present strong @home", "present cover @home", "tap strong OK",
      "end strong: dismissed(OK)", "present late @home",
    ])
    // Waiting for "cover", "urgent" is read in the pass that ends it; added later, in a pass of
    // its own.
    if inTheUncoveringPass {
      f.add("urgent", to: home, priority: .high, after: ["cover"], lane: Self.pair)
      f.presenter.tap("cover", "OK")
    } else {
      f.presenter.tap("cover", "OK")
      f.add("urgent", to: home, priority: .high, lane: Self.pair)
    }
    f.expect([
      "tap cover OK", "end cover: dismissed(OK)", "hide late @home", "present urgent @home",
    ])
    #expect(home.explain("beneath") == .showing)
    f.verify()
  }

  /// Two windows, each with an alert up in the modal lane, join: the lane holds one. The alert
  /// that steps back is the one that went up last, whichever domain it came from.
  @Test(
    "Joining two domains steps back, of two equal alerts in front, the one that went up last",
    arguments: [true, false])
  func joinStepsBackTheLatestUp(joiningFirst: Bool) throws {
    let f = Fixture()
    let window = f.dispatch("window")
    // Not a root of the fixture: once joined, the window's observers record its outcomes.
    let other = AlertDispatch(name: "other", clock: f.clock, presenter: f.presenter)
    let (first, second) = joiningFirst ? (other, window) : (window, other)
    f.add("first", to: first)
    f.add("second", to: second)
    f.expect(["present first @\(first.name)", "present second @\(second.name)"])
    window.activeChildProvider = { other }
    try other.setParent(window)
    f.expect(["hide second @\(second.name)"])
    #expect(window.explain("second") == .outranked(by: ["first"]))
    f.presenter.tap("first", "OK")
    f.expect(["tap first OK", "end first: dismissed(OK)", "restore second @\(second.name)"])
    f.verify()
  }

  @Test("Joining two domains steps back the lower alert, even one that went up first")
  func joinStepsBackTheLower() throws {
    let f = Fixture()
    let window = f.dispatch("window")
    let other = AlertDispatch(name: "other", clock: f.clock, presenter: f.presenter)
    f.add("low", to: window, priority: .low)
    f.add("normal", to: other)
    window.activeChildProvider = { other }
    try other.setParent(window)
    f.expect(["present low @window", "present normal @other", "hide low @window"])
    f.verify()
  }

  /// "long" went up last, so without minimums it would be the one hidden; its minimum ends
  /// later, and the preemption waits for the first minimum to end, then hides that alert.
  @Test("A preemption that waits for minimum display times waits for the one that ends first")
  func preemptionWaitsForTheFirstMinimumToEnd() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("short", to: home, lane: Self.pair, timing: AlertTiming(minimumDisplay: .seconds(2)))
    f.add("long", to: home, lane: Self.pair, timing: AlertTiming(minimumDisplay: .seconds(5)))
    f.add("urgent", to: home, priority: .high, lane: Self.pair)
    #expect(home.explain("urgent") == .minimumDisplay(of: "short", until: .seconds(2)))
    f.clock.advance(by: .milliseconds(1_999))
    f.expect(["present short @home", "present long @home"])
    f.clock.advance(by: .milliseconds(1))
    f.expect(["hide short @home", "present urgent @home"])
    f.verify()
  }
}
