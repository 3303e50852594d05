import Testing

@testable import AlertDispatchKit

/// Which alert the arbiter picks among alerts it cannot tell apart by priority, over hand-made
/// snapshots; TieBreakTests and LaneOverflowTests show the same choices in transcripts.
@Suite("The arbiter: ties", .timeLimit(.minutes(1)))
struct ArbiterTieBreakTests {
  private static let now = AlertInstant(offset: .seconds(10))

  /// Alerts named by id; `sequence` is the add order.
  private static func ref(_ id: String, _ sequence: UInt64 = 0) -> AlertRef {
    AlertRef(id: AlertID(id), sequence: sequence)
  }

  private static func shown(
    _ id: String, priority: Int = 500, up: UInt64, cover: PassInput.Cover = .none,
    minimumUntil: AlertInstant? = nil
  ) -> PassInput.Shown {
    PassInput.Shown(
      alert: ref(id), priority: priority, upStamp: up, cover: cover, minimumUntil: minimumUntil)
  }

  private static let urgent = PassInput.Candidate(alert: ref("urgent"), priority: 1000)

  private static func plan(_ lane: PassInput.Lane, at now: AlertInstant = now) throws -> PassPlan {
    try Arbiter.plan(PassInput(now: now, lanes: [lane]))
  }

  @Test("A preemption hides, of two equal alerts in front, the one that went up last")
  func preemptionHidesTheLatestUp() throws {
    let lane = PassInput.Lane(
      capacity: 2, shown: [Self.shown("first", up: 1), Self.shown("second", up: 2)],
      candidates: [Self.urgent])
    let plan = try Self.plan(lane)
    #expect(plan.decisions == [.suspend(Self.ref("second")), .present(Self.ref("urgent"))])
  }

  /// The alert uncovered in this plan comes last in the plan's list of fronts; it went up before
  /// "late", which is the one hidden.
  @Test("An alert that comes out from beneath its coverer did not go up: the later one is hidden")
  func uncoveredIsNotTheLatestUp() throws {
    let lane = PassInput.Lane(
      capacity: 2,
      shown: [Self.shown("beneath", up: 1, cover: .byGone), Self.shown("late", up: 4)],
      candidates: [Self.urgent])
    let plan = try Self.plan(lane)
    #expect(
      plan.decisions == [
        .uncover(Self.ref("beneath")), .suspend(Self.ref("late")), .present(Self.ref("urgent")),
      ])
  }

  @Test("A join that leaves a lane over capacity steps back the latest up among equals")
  func joinStepsBackTheLatestUp() throws {
    let lane = PassInput.Lane(
      capacity: 1, shown: [Self.shown("first", up: 1), Self.shown("second", up: 2)])
    let plan = try Self.plan(lane)
    #expect(plan.decisions == [.suspend(Self.ref("second"))])
    #expect(!plan.isFinal)
    // Priority comes first: the lower one steps back though it went up first.
    let lower = PassInput.Lane(
      capacity: 1,
      shown: [Self.shown("low", priority: 250, up: 1), Self.shown("normal", up: 2)])
    #expect(try Self.plan(lower).decisions == [.suspend(Self.ref("low"))])
  }

  /// Whichever went up first, the candidate waits for the minimum that ends first, and then
  /// takes that alert's place: the other one is still protected.
  @Test(
    "A preemption waits for the front alert whose minimum display time ends first",
    arguments: [true, false])
  func waitsForTheFirstMinimumToEnd(shortWentUpFirst: Bool) throws {
    let (shortEnds, longEnds) = (
      AlertInstant(offset: .seconds(12)), AlertInstant(offset: .seconds(15))
    )
    let short = Self.shown("short", up: shortWentUpFirst ? 1 : 2, minimumUntil: shortEnds)
    let long = Self.shown("long", up: shortWentUpFirst ? 2 : 1, minimumUntil: longEnds)
    var lane = PassInput.Lane(
      capacity: 2, shown: shortWentUpFirst ? [short, long] : [long, short],
      candidates: [Self.urgent])
    let waiting = try Self.plan(lane)
    #expect(waiting.decisions == [])
    #expect(waiting.wakeAt == shortEnds)
    #expect(
      waiting.waiting == [
        .init(alert: Self.ref("urgent"), reason: .minimumDisplay(of: "short", until: shortEnds))
      ])
    #expect(
      Arbiter.reason(for: Self.urgent, in: lane, at: Self.now)
        == .minimumDisplay(of: "short", until: shortEnds))
    // At its end the snapshot no longer holds a minimum for "short".
    for index in lane.shown.indices where lane.shown[index].alert.id == "short" {
      lane.shown[index].minimumUntil = nil
    }
    let freed = try Self.plan(lane, at: shortEnds)
    #expect(freed.decisions == [.suspend(Self.ref("short")), .present(Self.ref("urgent"))])
  }

  /// Three alerts wait in a lane that lets two: "a" and "b" low, "c" normal, added in that order.
  private static func overflowing(_ overflow: LaneOverflow, limit: Int = 2) -> PassInput.Lane {
    PassInput.Lane(
      capacity: 1, shown: [Self.shown("up", up: 1)], maximumWaiting: limit, overflow: overflow,
      waiting: [
        .init(alert: Self.ref("a", 2), priority: 250),
        .init(alert: Self.ref("b", 3), priority: 250),
        .init(alert: Self.ref("c", 4), priority: 500),
      ])
  }

  @Test("Overflow: drop-lowest-priority ends the newest of the lowest, then the next newest")
  func dropLowestPriorityTakesTheNewestOfEquals() throws {
    let plan = try Self.plan(Self.overflowing(.dropLowestPriority))
    #expect(plan.decisions == [.end(Self.ref("b", 3), .cancelled(.overflow))])
    #expect(!plan.isFinal)
    let two = Self.overflowing(.dropLowestPriority, limit: 1)
    #expect(Arbiter.overflowing(two, leaving: []) == [Self.ref("b", 3), Self.ref("a", 2)])
  }

  @Test("Overflow: drop-oldest ends the first added, whatever its priority")
  func dropOldestTakesTheFirstAdded() throws {
    var lane = Self.overflowing(.dropOldest)
    lane.waiting[0].priority = 1000
    let plan = try Self.plan(lane)
    #expect(plan.decisions == [.end(Self.ref("a", 2), .cancelled(.overflow))])
    #expect(Arbiter.overflowing(lane, leaving: [Self.ref("a", 2)]) == [])
  }

  @Test("Overflow: refuse-newcomer ends the last added, whatever its priority")
  func refuseNewcomerTakesTheLastAdded() throws {
    let plan = try Self.plan(Self.overflowing(.refuseNewcomer))
    #expect(plan.decisions == [.end(Self.ref("c", 4), .cancelled(.overflow))])
  }
}
