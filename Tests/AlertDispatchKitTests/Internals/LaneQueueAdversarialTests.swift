import Testing

@testable import AlertDispatchKit

/// The runs of a lane queue under orders chosen to hit their edges, with small runs: every
/// insert order and every remove order of a few priorities; ascending, descending and zigzag
/// priorities; removing the lowest priority of runs, the tops, the middle; buckets whose front
/// leaves and whose older alerts come back (the slot before `head`); removing alerts that are
/// not queued, at a run's low, between runs, below all and above the front. After every step
/// the queue is read in full against a sorted model, with its count, front, front rank and
/// run shape.
@MainActor
@Suite("Lane queue: adversarial runs")
struct LaneQueueAdversarialTests {
  let node = DispatchNode.laneTests

  /// Applies `steps` (insert when the alert is not queued, remove when it is) and checks after
  /// each; returns the first failure.
  func run(
    capacity: Int, _ steps: [AlertHandle], label: String, queue: inout LaneQueue,
    model: inout [AlertHandle]
  ) -> String? {
    for (index, alert) in steps.enumerated() {
      if model.contains(where: { $0 === alert }) {
        queue.remove(alert)
        model.removeAll { $0 === alert }
      } else {
        queue.insert(alert)
        model.append(alert)
      }
      if let problem = queue.mismatch(with: model) {
        return "\(label), capacity \(capacity), step \(index) (priority \(alert.priority), "
          + "seq \(alert.seq)): \(problem)"
      }
    }
    return nil
  }

  func permutations(_ items: [Int]) -> [[Int]] {
    guard items.count > 1 else { return [items] }
    var all: [[Int]] = []
    for index in items.indices {
      var rest = items
      let head = rest.remove(at: index)
      for tail in permutations(rest) { all.append([head] + tail) }
    }
    return all
  }

  @Test("Every insert order and every remove order of five priorities", arguments: [2, 3, 4])
  func exhaustive(capacity: Int) {
    let alerts = (0..<5).map { node.handle($0 * 10, seq: UInt64(100 - $0)) }
    let orders = permutations(Array(0..<5))
    for insertOrder in orders {
      var filled = LaneQueue(chunkCapacity: capacity)
      var filledModel: [AlertHandle] = []
      if let failure = run(
        capacity: capacity, insertOrder.map { alerts[$0] }, label: "insert \(insertOrder)",
        queue: &filled, model: &filledModel)
      {
        Issue.record(Comment(rawValue: failure))
        return
      }
      // Each remove order starts from a copy of the filled queue (a value).
      for removeOrder in orders {
        var queue = filled
        var model = filledModel
        if let failure = run(
          capacity: capacity, removeOrder.map { alerts[$0] },
          label: "insert \(insertOrder) remove \(removeOrder)", queue: &queue, model: &model)
        {
          Issue.record(Comment(rawValue: failure))
          return
        }
      }
    }
  }

  @Test(
    "Wide priorities in ascending, descending and zigzag orders; runs emptied from the low",
    arguments: [2, 3, 4, 6, 32])
  func structured(capacity: Int) {
    let count = 41
    let ascending = Array(0..<count)
    let descending = Array(ascending.reversed())
    let zigzag = (0..<count).map { $0 % 2 == 0 ? $0 / 2 : count - 1 - $0 / 2 }
    let middleOut = (0..<count).map { $0 % 2 == 0 ? count / 2 + $0 / 2 : count / 2 - 1 - $0 / 2 }
      .filter { (0..<count).contains($0) }
    // Every k-th from the bottom, then the rest: empties lows of runs and runs in the middle.
    let strided = { (k: Int) in
      (0..<count).filter { $0 % k == 0 } + (0..<count).filter { $0 % k != 0 }
    }
    var random = TestGenerator(state: UInt64(capacity) &* 31)
    var shuffled = ascending
    for index in shuffled.indices.reversed() {
      shuffled.swapAt(index, random.next(index + 1))
    }
    let inserts = [
      "ascending": ascending, "descending": descending, "zigzag": zigzag,
      "middle-out": middleOut, "shuffled": shuffled,
    ]
    let removes = [
      "tops first": descending, "lows first": ascending, "zigzag": zigzag,
      "middle-out": middleOut, "every 2nd": strided(2),
      "every capacity/2": strided(max(capacity / 2, 2)),
      "every capacity": strided(capacity), "shuffled": shuffled,
    ]
    for (insertName, insertOrder) in inserts.sorted(by: { $0.key < $1.key }) {
      for (removeName, removeOrder) in removes.sorted(by: { $0.key < $1.key }) {
        // Two alerts per priority: one removed in the first half, the other in the second;
        // between the halves, the first half comes back in the insert order (older alerts
        // return in front of newer ones of their priority).
        let older = (0..<count).map { node.handle($0 * 7 - 300, seq: UInt64(1_000 + $0)) }
        let newer = (0..<count).map { node.handle($0 * 7 - 300, seq: UInt64(5_000 + $0)) }
        var queue = LaneQueue(chunkCapacity: capacity)
        var model: [AlertHandle] = []
        let half = removeOrder.prefix(count / 2)
        let steps =
          insertOrder.map { newer[$0] } + insertOrder.map { older[$0] }
          + half.map { older[$0] } + half.map { newer[$0] }
          + insertOrder.filter(half.contains).map { older[$0] }
          + removeOrder.map { older[$0] }
          + removeOrder.filter { !half.contains($0) }.map { newer[$0] }
        if let failure = run(
          capacity: capacity, steps, label: "insert \(insertName), remove \(removeName)",
          queue: &queue, model: &model)
        {
          Issue.record(Comment(rawValue: failure))
          return
        }
        #expect(queue.isEmpty && queue.chunkShape.chunks == 0 && queue.frontRank == nil)
      }
    }
  }

  @Test("A bucket whose front leaves takes older alerts back in order, and holds no ended one")
  func bucketHead() {
    for (capacity, blockCapacity) in [(2, 256), (4, 256), (2, 4), (4, 9)] {
      var queue = LaneQueue(chunkCapacity: capacity, blockCapacity: blockCapacity)
      var model: [AlertHandle] = []
      // Priorities 0, 5 and 9, forty alerts each; the middle one is neither top nor a low
      // once other priorities come.
      var pool: [Int: [AlertHandle]] = [:]
      for priority in [0, 5, 9] {
        pool[priority] = (0..<40).map {
          node.handle(priority, seq: UInt64(priority * 1_000 + $0 * 2))
        }
      }
      var steps: [AlertHandle] = []
      for priority in [5, 9, 0] { steps += pool[priority]! }
      // The fronts leave (35 of 40: `head` passes 32 for the compaction too), then come back
      // newest first, each older than the front; then newer ones, and the fronts leave again.
      for priority in [5, 9, 0] {
        let bucket = pool[priority]!
        steps += bucket.prefix(35)
        steps += bucket.prefix(35).reversed()
        steps += bucket.prefix(3)
        steps += [bucket[10], bucket[20]]
        steps += bucket.prefix(3).reversed()
      }
      // Other priorities around them, so that the buckets move between runs.
      let others = (0..<12).map { node.handle($0 - 3, seq: UInt64(90_000 + $0)) }
      steps += others + others.reversed()
      if let failure = run(
        capacity: capacity, steps, label: "buckets", queue: &queue, model: &model)
      {
        Issue.record(Comment(rawValue: failure))
        return
      }
    }
    // No alert that left is kept alive by the queue.
    var queue = LaneQueue(chunkCapacity: 2)
    weak var gone0: AlertHandle?
    weak var gone1: AlertHandle?
    weak var gone2: AlertHandle?
    do {
      let alerts = (0..<6).map { node.handle(1, seq: UInt64($0)) }
      for alert in alerts { queue.insert(alert) }
      queue.remove(alerts[0])
      queue.remove(alerts[1])
      queue.insert(alerts[1])
      queue.remove(alerts[3])
      gone0 = alerts[0]
      gone1 = alerts[1]
      gone2 = alerts[2]
      queue.remove(alerts[1])
      queue.remove(alerts[2])
    }
    #expect(
      gone0 == nil && gone1 == nil && gone2 == nil, "a removed alert is still retained")
    #expect(queue.count == 2)
  }

  @Test("Removing alerts that are not queued changes nothing, wherever their priority falls")
  func removeAbsent() {
    for capacity in [2, 3, 4] {
      var queue = LaneQueue(chunkCapacity: capacity)
      var model: [AlertHandle] = []
      let alerts = (0..<20).map { node.handle($0 * 10, seq: UInt64($0)) }
      for alert in alerts {
        queue.insert(alert)
        model.append(alert)
      }
      // Priorities of the queue (a run's low among them), between two, below all, above the
      // front; and queued alerts removed twice.
      let absent = [0, 10, 40, 45, -5, 190, 195, 1_000].map { node.handle($0, seq: 7_777) }
      for alert in absent { queue.remove(alert) }
      queue.remove(alerts[3])
      model.removeAll { $0 === alerts[3] }
      queue.remove(alerts[3])
      queue.remove(alerts[19])
      model.removeAll { $0 === alerts[19] }
      queue.remove(alerts[19])
      if let problem = queue.mismatch(with: model) {
        Issue.record(Comment(rawValue: "capacity \(capacity): \(problem)"))
      }
    }
  }
}

extension DispatchNode {
  /// The one dispatch that owns the handles of the lane queue test suites, made once: a node
  /// per suite instance would be freed when the testing library lets go of the instance, on any
  /// thread, while the leak tests count the process's live nodes (the likely cause of a count
  /// off by one, seen once).
  static let laneTests = DispatchNode(
    name: "n", isVisible: true, clock: SystemAlertClock.shared, presenter: nil)

  /// A handle of this dispatch with `priority` and add order `seq`, which the lane queue tests
  /// put in queues directly (it is not added to the dispatch).
  func handle(_ priority: Int, seq: UInt64) -> AlertHandle {
    AlertHandle(
      request: AlertRequest(id: AlertID("p\(priority)s\(seq)"), priority: AlertPriority(priority)),
      owner: self, seq: seq)
  }
}

extension LaneQueue {
  /// The first way the queue disagrees with `model`, the alerts put in it, or `nil`: read in
  /// line order, counted, its front and front rank, and the shape of its buckets and runs (the
  /// lane queue tests share it).
  func mismatch(with model: [AlertHandle]) -> String? {
    let expected = model.sorted { $0.ranksBefore($1) }
    let read = LaneQueue.readAll(cursor(), atMost: model.count + 1)
    if !read.elementsEqual(expected, by: ===) {
      return "read \(read.map { "\($0.priority)/\($0.seq)" }), "
        + "expected \(expected.map { "\($0.priority)/\($0.seq)" })"
    }
    if count != model.count { return "count \(count), expected \(model.count)" }
    if front !== expected.first { return "front \(String(describing: front?.seq))" }
    if frontRank?.priority != expected.first?.priority
      || frontRank?.seq != expected.first?.seq
    {
      return "front rank \(String(describing: frontRank)), expected "
        + "\(String(describing: expected.first.map { ($0.priority, $0.seq) }))"
    }
    if let problem = bucketProblem { return "malformed bucket: \(problem)" }
    let shape = chunkShape
    // A parked alert is in no run.
    let distinct = Set(model.filter { $0 !== parkedAlert }.map(\.priority)).count
    if !shape.wellFormed { return "malformed runs" }
    if shape.chunks > distinct || shape.chunks * chunkCapacity < distinct {
      return "\(shape.chunks) runs for \(distinct) priorities"
    }
    return nil
  }

  /// The alerts under the cursor, from where it stands to the end (or the first `limit`, so
  /// that a queue that loops is still read to an end).
  static func readAll(_ start: Cursor, atMost limit: Int = .max) -> [AlertHandle] {
    var cursor = start
    var read: [AlertHandle] = []
    while read.count < limit, let alert = cursor.current {
      read.append(alert)
      cursor.advance()
    }
    return read
  }
}
