import Testing

@testable import AlertDispatchKit

/// Priorities are any `Int`, `Int.min` included (a scenario file may write
/// `priority -9223372036854775808`): a check of a lane queue's runs that starts from
/// `previous = Int.min` and requires each run's lowest priority to be above it would report a
/// queue holding an alert of priority `Int.min` as malformed although it is in shape.
@MainActor
@Suite("Run shape: extreme priorities")
struct RunShapeExtremePriorityTests {
  @Test("A queue holding priority Int.min is in shape")
  func intMinQueue() {
    let node = DispatchNode(
      name: "n", isVisible: true, clock: SystemAlertClock.shared, presenter: nil)
    var queue = LaneQueue(chunkCapacity: 2)
    let queues = LaneQueues()
    for (index, priority) in [Int.min, 0, Int.max].enumerated() {
      let alert = AlertHandle(
        request: AlertRequest(id: AlertID("a\(index)"), priority: AlertPriority(priority)),
        owner: node, seq: UInt64(index + 1))
      queue.insert(alert)
      queues.insert(alert)
    }
    #expect(queue.chunkShape.wellFormed)
    #expect(queues.lanesWithMalformedRuns() == [])
  }

  @Test("A dispatch with a queued alert of priority Int.min has no invariant violation")
  func intMinDispatch() {
    let fixture = Fixture()
    let root = fixture.dispatch("root")
    fixture.add("top", to: root, priority: .normal)
    fixture.add("bottom", to: root, priority: AlertPriority(Int.min))
    #expect(root.checkInvariants() == [])
    #expect(root.invariantViolations == [])
  }
}
