import Testing

@testable import AlertDispatchKit

/// A dispatch's lane queues against a sorted list, after every insert and remove: alerts of
/// three priorities and three lanes (80 of them), re-inserted in any order (so older alerts come back in
/// front of newer ones), removed from the front and from the middle. Written by an independent
/// review of the buckets that hold their first alert inline. A second test splits and joins the
/// runs the buckets are kept in, with many priorities and small runs.
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
    // Small blocks for the single queue: 80 alerts of three priorities fill several.
    var queue = LaneQueue(blockCapacity: 4)
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

      let problem = queue.mismatch(with: inQueue)
      #expect(problem == nil)
      let inOrder = problem == nil
      #expect(queues.lanesWithStaleFrontRank() == [])
      let cursors = queues.cursorsByLane
      for lane in lanes {
        let sorted = inQueues.filter { $0.laneKey == lane.key }.sorted { $0.ranksBefore($1) }
        let read = cursors.first { $0.lane == lane.key }.map { LaneQueue.readAll($0.cursor) } ?? []
        let laneInOrder = read.elementsEqual(sorted, by: ===)
        #expect(laneInOrder)
        #expect(queues.frontRank(for: lane.key)?.seq == sorted.first?.seq)
        #expect(queues.front(for: lane.key) === sorted.first)
      }
      if !inOrder { return }
    }
  }

  @Test(
    "Runs of priorities split and join, and the queue keeps line order",
    arguments: [(2, 1, 256), (4, 2, 2), (32, 3, 4)])
  func runs(capacity: Int, seed: Int, blockCapacity: Int) {
    var random = TestGenerator(state: UInt64(seed) &* 7919)
    let node = DispatchNode(
      name: "n", isVisible: true, clock: SystemAlertClock.shared, presenter: nil)
    // 150 priorities for 300 alerts: buckets that empty often (so that runs join), buckets of
    // several alerts, and more priorities than a run holds at the largest capacity.
    let pool = (0..<300).map { index in
      AlertHandle(
        request: AlertRequest(
          id: AlertID("a\(index)"), priority: AlertPriority(random.next(150) * 3 - 200)),
        owner: node, seq: UInt64(index * 3 + 1))
    }
    var queue = LaneQueue(chunkCapacity: capacity, blockCapacity: blockCapacity)
    var inQueue: [AlertHandle] = []
    var mostRuns = 0
    for step in 0..<2_000 {
      // Grow for a while, then mostly shrink, then grow again: runs split, then join.
      let growing = (step / 500) % 2 == 0
      let alert = pool[random.next(pool.count)]
      if inQueue.contains(where: { $0 === alert }) {
        if !growing || random.next(4) == 0 {
          let target = random.next(2) == 0 ? (queue.front ?? alert) : alert
          queue.remove(target)
          inQueue.removeAll { $0 === target }
        }
      } else if growing || random.next(4) == 0 {
        queue.insert(alert)
        inQueue.append(alert)
      }
      let problem = queue.mismatch(with: inQueue)
      #expect(problem == nil)
      let inOrder = problem == nil
      let shape = queue.chunkShape
      let distinct = Set(inQueue.map(\.priority)).count
      mostRuns = max(mostRuns, shape.chunks)
      #expect(shape.wellFormed)
      // Every run holds a priority, and no run holds more than the capacity.
      #expect(shape.chunks <= distinct)
      #expect(shape.chunks * capacity >= distinct)
      if !inOrder || !shape.wellFormed { return }
    }
    // The runs did split: more than one at some point.
    #expect(mostRuns > 1)
  }
}
