import Testing

@testable import AlertDispatchKit

/// A dispatch's lane queues against a sorted list, after every insert and remove: alerts of
/// three priorities and three lanes (80 of them), re-inserted in any order (so older alerts come back in
/// front of newer ones), removed from the front and from the middle. Written by an independent
/// review of the buckets that hold their first alert inline.
@MainActor
@Suite("Lane queue: a sorted model")
struct LaneQueueModelTests {
  @Test("A lane queue and a dispatch's lane queues follow a sorted model", arguments: 1...3)
  func model(seed: Int) {
    var random = TestGenerator(state: UInt64(seed))
    let node = DispatchNode(
      name: "n", isVisible: true, clock: SystemAlertClock.shared, presenter: nil)
    let lanes = [AlertLane.modal, AlertLane("x", capacity: .limited(2)), AlertLane("y")]
    let pool = (0..<80).map { index in
      AlertHandle(
        request: AlertRequest(
          id: AlertID("a\(index)"), priority: [AlertPriority.low, .normal, .high][random.next(3)],
          lane: lanes[random.next(lanes.count)]),
        owner: node, seq: UInt64(index * 3 + 1))
    }
    var queue = LaneQueue()
    var inQueue: [AlertHandle] = []
    let queues = LaneQueues()
    var inQueues: [AlertHandle] = []
    for _ in 0..<800 {
      let alert = pool[random.next(pool.count)]
      if inQueue.contains(where: { $0 === alert }) {
        let target = random.next(2) == 0 ? (queue.front ?? alert) : alert
        queue.remove(target)
        inQueue.removeAll { $0 === target }
      } else {
        queue.insert(alert)
        inQueue.append(alert)
      }
      let other = pool[random.next(pool.count)]
      if inQueues.contains(where: { $0 === other }) {
        queues.remove(other)
        inQueues.removeAll { $0 === other }
      } else {
        queues.insert(other)
        inQueues.append(other)
      }

      let expected = inQueue.sorted { $0.ranksBefore($1) }
      var cursor = queue.cursor()
      var read: [AlertHandle] = []
      while let alert = cursor.current {
        read.append(alert)
        cursor.advance()
      }
      let inOrder = read.elementsEqual(expected, by: ===)
      #expect(inOrder)
      #expect(queue.count == inQueue.count)
      #expect(queue.front === expected.first)
      #expect(
        queue.frontRank?.seq == expected.first?.seq
          && queue.frontRank?.priority == expected.first?.priority)
      #expect(queues.lanesWithStaleFrontRank() == [])
      let cursors = queues.cursorsByLane
      for lane in lanes {
        let sorted = inQueues.filter { $0.laneKey == lane.key }.sorted { $0.ranksBefore($1) }
        var read: [AlertHandle] = []
        if var cursor = cursors.first(where: { $0.lane == lane.key })?.cursor {
          while let alert = cursor.current {
            read.append(alert)
            cursor.advance()
          }
        }
        let laneInOrder = read.elementsEqual(sorted, by: ===)
        #expect(laneInOrder)
        #expect(queues.frontRank(for: lane.key)?.seq == sorted.first?.seq)
        #expect(queues.front(for: lane.key) === sorted.first)
      }
      if !inOrder { return }
    }
  }
}
