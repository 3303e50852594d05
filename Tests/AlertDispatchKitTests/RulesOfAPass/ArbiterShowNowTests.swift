import Testing

@testable import AlertDispatchKit

/// The arbiter's one rule for alerts that show now or drop, over hand-made snapshots: the plan
/// that settles the pass ends those it does not put up, and only that plan.
@Suite("The arbiter: show now or drop", .timeLimit(.minutes(1)))
struct ArbiterShowNowTests {
  private static let now = AlertInstant(offset: .seconds(10))
  private static let front = AlertRef(id: "front", sequence: 1)
  private static let hint = AlertRef(id: "hint", sequence: 2)

  @Test("An alert the snapshot names as due, but holds no candidate for, ends")
  func endsWithoutBeingACandidate() throws {
    var lane = PassInput.Lane(capacity: 1)
    lane.shown = [PassInput.Shown(alert: Self.front, priority: 500, upStamp: 1)]
    lane.showNow = [PassInput.Candidate(alert: Self.hint, priority: 500)]
    let plan = try Arbiter.plan(PassInput(now: Self.now, lanes: [lane]))
    #expect(plan.decisions == [.end(Self.hint, .cancelled(.notShownAtOnce))])
    #expect(!plan.isFinal)
  }

  @Test("A due alert the plan puts up is not ended")
  func putUpIsKept() throws {
    var lane = PassInput.Lane(capacity: 1)
    lane.candidates = [PassInput.Candidate(alert: Self.hint, priority: 500)]
    lane.showNow = [PassInput.Candidate(alert: Self.hint, priority: 500)]
    let plan = try Arbiter.plan(PassInput(now: Self.now, lanes: [lane]))
    #expect(plan.decisions == [.present(Self.hint)])
    #expect(plan.isFinal)
  }

  @Test("A plan that is not final ends no due alert: the plan after it decides")
  func notFinalLeavesItBe() throws {
    var lane = PassInput.Lane(capacity: 1)
    lane.shown = [
      PassInput.Shown(alert: Self.front, priority: 250, upStamp: 1, interruption: .cancel)
    ]
    lane.candidates = [PassInput.Candidate(alert: Self.hint, priority: 750)]
    lane.showNow = [PassInput.Candidate(alert: Self.hint, priority: 500)]
    let plan = try Arbiter.plan(PassInput(now: Self.now, lanes: [lane]))
    #expect(plan.decisions == [.dismiss(Self.front, .cancelled(.preempted(by: "hint")))])
    #expect(!plan.isFinal)
  }

  @Test("A due alert that waits only for alerts leaving its lane is not ended")
  func waitingForLeavingIsKept() throws {
    var lane = PassInput.Lane(capacity: 1)
    lane.shown = [PassInput.Shown(alert: Self.front, priority: 250, upStamp: 1, isDismissing: true)]
    lane.candidates = [PassInput.Candidate(alert: Self.hint, priority: 750)]
    lane.showNow = [PassInput.Candidate(alert: Self.hint, priority: 500)]
    let plan = try Arbiter.plan(PassInput(now: Self.now, lanes: [lane]))
    #expect(plan.decisions == [])
    #expect(
      plan.waiting == [
        PassPlan.Waiting(alert: Self.hint, reason: .waitingForDismissal(of: ["front"]))
      ])
  }

  /// A lane the plan would stop reading once no candidate could take a front place: a due
  /// alert next in line would then not be read, and ended, though it waits only for the alert
  /// leaving the lane (stress seed 1, episode 817). The plan reads on to it.
  @Test(
    "A due alert next in line behind one that went up, in a lane full only of leaving alerts, waits"
  )
  func nextInLineWaitingForLeavingIsKept() throws {
    let (leaving, low, top) = (
      AlertRef(id: "leaving", sequence: 3), AlertRef(id: "low", sequence: 4),
      AlertRef(id: "top", sequence: 5)
    )
    var lane = PassInput.Lane(capacity: 2)
    lane.shown = [
      PassInput.Shown(alert: leaving, priority: 500, upStamp: 1, isDismissing: true),
      PassInput.Shown(alert: low, priority: 250, upStamp: 2),
    ]
    let hint = PassInput.Candidate(alert: Self.hint, priority: 500)
    lane.candidates = [PassInput.Candidate(alert: top, priority: 750), hint]
    lane.showNow = [hint]
    let plan = try Arbiter.plan(PassInput(now: Self.now, lanes: [lane]))
    #expect(plan.decisions == [.suspend(low), .present(top)])
    #expect(
      plan.waiting == [
        PassPlan.Waiting(alert: Self.hint, reason: .waitingForDismissal(of: ["leaving"]))
      ])
    // One that something of its own holds (here its delay) is not read, and ends.
    var delayed = hint
    delayed.notBefore = Self.now + .seconds(1)
    lane.candidates = [PassInput.Candidate(alert: top, priority: 750), delayed]
    lane.showNow = [delayed]
    let held = try Arbiter.plan(PassInput(now: Self.now, lanes: [lane]))
    #expect(held.decisions.last == .end(Self.hint, .cancelled(.notShownAtOnce)))
  }
}
