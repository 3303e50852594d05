import Testing

@testable import AlertDispatchKit

/// Rule 5 with minimum display times, over hand-made snapshots: a front alert inside its
/// minimum is not taken down, and the plan wakes the domain when it ends.
@Suite("The arbiter: minimum display time", .timeLimit(.minutes(1)))
struct ArbiterMinimumDisplayTests {
  private static let now = AlertInstant(offset: .seconds(10))
  private static let until = AlertInstant(offset: .seconds(12))
  private static let note = AlertRef(id: "note", sequence: 1)
  private static let other = AlertRef(id: "other", sequence: 2)
  private static let urgent = AlertRef(id: "urgent", sequence: 3)

  @Test("A candidate that would preempt a protected front alert waits, with a wake-up then")
  func waitsWithAWakeUp() throws {
    var lane = PassInput.Lane(capacity: 1)
    lane.shown = [
      PassInput.Shown(alert: Self.note, priority: 500, upStamp: 1, minimumUntil: Self.until)
    ]
    lane.candidates = [PassInput.Candidate(alert: Self.urgent, priority: 1000)]
    let plan = try Arbiter.plan(PassInput(now: Self.now, lanes: [lane]))
    #expect(plan.decisions == [])
    #expect(plan.wakeAt == Self.until)
    #expect(
      plan.waiting == [
        .init(alert: Self.urgent, reason: .minimumDisplay(of: "note", until: Self.until))
      ])
    #expect(
      Arbiter.reason(for: lane.candidates[0], in: lane, at: Self.now)
        == .minimumDisplay(of: "note", until: Self.until))
  }

  @Test("It takes the place of the weakest front alert that no minimum protects")
  func preemptsTheUnprotected() throws {
    var lane = PassInput.Lane(capacity: 2)
    lane.shown = [
      PassInput.Shown(alert: Self.note, priority: 250, upStamp: 1, minimumUntil: Self.until),
      PassInput.Shown(alert: Self.other, priority: 500, upStamp: 2),
    ]
    lane.candidates = [PassInput.Candidate(alert: Self.urgent, priority: 1000)]
    let plan = try Arbiter.plan(PassInput(now: Self.now, lanes: [lane]))
    #expect(plan.decisions == [.suspend(Self.other), .present(Self.urgent)])
    #expect(plan.wakeAt == nil)
  }
}
