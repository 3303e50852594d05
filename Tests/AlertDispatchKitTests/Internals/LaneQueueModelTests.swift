import Testing

@testable import AlertDispatchKit

/// A dispatch's lane queues against a sorted list, after every insert and remove: alerts of
/// three priorities and three lanes (80 of them), re-inserted in any order (so older alerts come
/// back in front of newer ones), removed from the front and from the middle, for buckets that
/// hold their first alert inline. A second test splits and joins the runs the buckets are kept
/// in, with many priorities and small runs.
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
        // A third come back as suspended alerts do: parked when they come first in line.
        queue.insert(alert, parking: random.next(3) == 0)
        inQueue.append(alert)
      }
      let other = pool[random.next(pool.count)]
      if inQueues.contains(where: { $0 === other }) {
        queues.remove(other)
        inQueues.removeAll { $0 === other }
      } else {
        queues.insert(other, parking: random.next(3) == 0)
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
        queue.insert(alert, parking: random.next(3) == 0)
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

  /// A screen that disappears suspends its alert, which comes back in front of its queue and
  /// goes up again from there when the screen reappears: it is parked beside the runs, which
  /// stay as they were, until an alert comes in front of it.
  @Test(
    "A suspended alert that comes back first is parked beside the runs, and leaves them as they were"
  )
  func parking() {
    let node = DispatchNode(
      name: "n", isVisible: true, clock: SystemAlertClock.shared, presenter: nil)
    func alert(_ index: Int, _ priority: AlertPriority) -> AlertHandle {
      AlertHandle(
        request: AlertRequest(id: AlertID("a\(index)"), priority: priority),
        owner: node, seq: UInt64(index))
    }
    // Five alerts of one priority, in a bucket with blocks of 2.
    let alerts = (1...5).map { alert($0, .normal) }
    var queue = LaneQueue(blockCapacity: 2)
    for alert in alerts { queue.insert(alert) }
    let front = alerts[0]
    queue.remove(front)
    let shape = queue.blockSizes(of: AlertPriority.normal.rawValue)
    #expect(queue.parkedAlert == nil)

    // Back in front of its old bucket: parked, and the bucket is left as it was.
    queue.insert(front, parking: true)
    #expect(queue.parkedAlert === front)
    #expect(queue.blockSizes(of: AlertPriority.normal.rawValue)! == shape!)
    #expect(queue.mismatch(with: alerts) == nil)

    // Going up again takes it from beside the runs, which still have not changed.
    queue.remove(front)
    #expect(queue.parkedAlert == nil)
    #expect(queue.blockSizes(of: AlertPriority.normal.rawValue)! == shape!)
    #expect(queue.mismatch(with: Array(alerts.dropFirst())) == nil)

    // An alert behind the parked one goes into the runs; one in front of it, parked or not,
    // sends the parked alert into its bucket.
    queue.insert(front, parking: true)
    let low = alert(6, .low)
    queue.insert(low, parking: true)
    #expect(queue.parkedAlert === front)
    #expect(queue.mismatch(with: alerts + [low]) == nil)
    let high = alert(7, .high)
    queue.insert(high)
    #expect(queue.parkedAlert == nil)
    #expect(queue.blockSizes(of: AlertPriority.normal.rawValue)! != shape!)
    #expect(queue.mismatch(with: alerts + [low, high]) == nil)
    let higher = alert(8, .critical)
    queue.insert(higher, parking: true)
    #expect(queue.parkedAlert === higher)
    #expect(queue.front === higher)
    #expect(queue.mismatch(with: alerts + [low, high, higher]) == nil)
    let highest = alert(9, AlertPriority(AlertPriority.critical.rawValue + 1))
    queue.insert(highest, parking: true)
    #expect(queue.parkedAlert === highest)
    #expect(queue.mismatch(with: alerts + [low, high, higher, highest]) == nil)

    // Emptied alert by alert from the front, parked first.
    var left = alerts + [low, high, higher, highest]
    while let next = queue.front {
      queue.remove(next)
      left.removeAll { $0 === next }
      #expect(queue.mismatch(with: left) == nil)
    }
    #expect(left.isEmpty && queue.isEmpty && queue.frontRank == nil)
  }
}
