import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// One big bucket of a lane queue (most apps leave priorities at their default, so one
/// priority can hold nearly all of a lane's alerts), kept in small blocks so that it splits
/// and joins them and moves alerts between its `rest` and its blocks: alerts leaving from the
/// middle, coming back to their old place (suspended), joining the middle for the first time
/// (blocked since they were added), the front leaving across blocks, cursors across blocks,
/// other priorities around, and random mixes. Each step is checked against a sorted model, with
/// the buckets' shape.
@MainActor
@Suite("Lane queue: one big bucket in blocks")
struct LaneBucketBlockTests {
  let node = DispatchNode.laneTests

  /// `count` alerts of priority 0, in add order.
  func bucket(_ count: Int) -> [AlertHandle] {
    (0..<count).map { node.handle(0, seq: UInt64(10 + $0 * 10)) }
  }

  /// A queue and the alerts put in it, compared after every change; keeps the first failure,
  /// and counts the changes that moved the list of blocks of priority 0 (for the cost checks of
  /// `LaneBucketBlockEdgeTests`).
  @MainActor
  struct Checked {
    typealias Shape = (rest: Int, blocks: [Int])

    var queue: LaneQueue
    var model: [AlertHandle] = []
    var failure: String?
    var steps = 0
    /// Changes that inserted or removed a block of priority 0 other than the last.
    var listMoves = 0

    init(chunkCapacity: Int = 64, blockCapacity: Int) {
      queue = LaneQueue(chunkCapacity: chunkCapacity, blockCapacity: blockCapacity)
    }

    /// The sizes of the bucket of priority 0: its `rest`, then each block.
    var shape: Shape? { queue.blockSizes(of: 0) }

    /// The queued alerts of priority 0 in add order.
    var bucket: [AlertHandle] {
      model.filter { $0.priority == 0 }.sorted { $0.seq < $1.seq }
    }

    func holds(_ alert: AlertHandle) -> Bool { model.contains { $0 === alert } }

    /// Whether going from `before` to `after` inserted or removed a block anywhere but at the
    /// end: `rest` splitting into a new first block or taking the first block (both change
    /// `rest` and the number of blocks), or a block splitting or joining before the last.
    static func movesList(_ before: Shape?, _ after: Shape?) -> Bool {
      let old = before?.blocks ?? []
      let new = after?.blocks ?? []
      if old.count == new.count { return false }
      if before?.rest != after?.rest { return true }
      if new.count == old.count + 1 && Array(new.dropLast()) == old { return false }
      if new.count + 1 == old.count && Array(old.dropLast()) == new { return false }
      return true
    }

    mutating func insert(_ alert: AlertHandle) {
      guard failure == nil else { return }
      let before = shape
      queue.insert(alert)
      model.append(alert)
      if Self.movesList(before, shape) { listMoves += 1 }
      check("insert \(alert.priority)/\(alert.seq)")
    }

    mutating func remove(_ alert: AlertHandle) {
      guard failure == nil else { return }
      let before = shape
      queue.remove(alert)
      model.removeAll { $0 === alert }
      if Self.movesList(before, shape) { listMoves += 1 }
      check("remove \(alert.priority)/\(alert.seq)")
    }

    mutating func removeFront() {
      if let front = queue.front { remove(front) }
    }

    private mutating func check(_ label: String) {
      steps += 1
      if let problem = queue.mismatch(with: model) {
        failure = "step \(steps), \(label): \(problem.prefix(400))"
      }
    }

    /// Records the failure, if any, under `label`.
    func report(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
      if let failure {
        Issue.record(Comment(rawValue: "\(label): \(failure)"), sourceLocation: sourceLocation)
      }
    }
  }

  func shuffled<T>(_ items: [T], seed: UInt64) -> [T] {
    var random = TestGenerator(state: seed)
    var items = items
    for index in items.indices.reversed() { items.swapAt(index, random.next(index + 1)) }
    return items
  }

  @Test(
    "Alerts leave the middle of one big bucket and come back to their place",
    arguments: [2, 3, 5, 16])
  func middle(blockCapacity: Int) {
    var checked = Checked(blockCapacity: blockCapacity)
    let alerts = bucket(240)
    for alert in alerts { checked.insert(alert) }
    // Added in order, the alerts fill `rest`, then full blocks.
    let sizes = checked.queue.blockSizes(of: 0)
    #expect(sizes?.rest == blockCapacity)
    #expect(sizes?.blocks.dropLast().allSatisfy { $0 == blockCapacity } == true)
    #expect(sizes.map { $0.blocks.count } == (239 - blockCapacity) / blockCapacity + 1)
    // Every other alert, from the middle out; they come back newest first.
    let odd = Array(stride(from: 1, to: 240, by: 2))
    let middleOut = odd.sorted { abs($0 - 120) < abs($1 - 120) }
    for index in middleOut { checked.remove(alerts[index]) }
    for index in odd.reversed() { checked.insert(alerts[index]) }
    // Every third, shuffled; they come back oldest first.
    let thirds = Array(stride(from: 0, to: 240, by: 3))
    for index in shuffled(thirds, seed: UInt64(blockCapacity)) { checked.remove(alerts[index]) }
    for index in thirds { checked.insert(alerts[index]) }
    // Then all of them, shuffled.
    for alert in shuffled(alerts, seed: 99) { checked.remove(alert) }
    checked.report("blocks of \(blockCapacity)")
    #expect(checked.queue.isEmpty && checked.queue.frontRank == nil)
  }

  @Test(
    "A run of alerts leaves the middle (blocks join) and comes back (blocks split)",
    arguments: [2, 4, 7, 12])
  func runOfAlerts(blockCapacity: Int) {
    var checked = Checked(blockCapacity: blockCapacity)
    let alerts = bucket(200)
    for alert in alerts { checked.insert(alert) }
    let run = Array(50..<150)
    for index in run { checked.remove(alerts[index]) }
    for index in shuffled(run, seed: 7) { checked.insert(alerts[index]) }
    for index in run.reversed() { checked.remove(alerts[index]) }
    for index in run { checked.insert(alerts[index]) }
    // From both ends of the run towards its middle.
    let inward = run.indices.map { $0 % 2 == 0 ? run[$0 / 2] : run[run.count - 1 - $0 / 2] }
    for index in inward { checked.remove(alerts[index]) }
    for index in inward.reversed() { checked.insert(alerts[index]) }
    checked.report("blocks of \(blockCapacity)")
  }

  @Test(
    "Alerts blocked since they were added join the middle of the bucket in a burst",
    arguments: [2, 3, 8, 16])
  func firstTimeInMiddle(blockCapacity: Int) {
    var checked = Checked(blockCapacity: blockCapacity)
    let alerts = bucket(300)
    let blocked = Array(stride(from: 0, to: 300, by: 3))
    // The others queue as they are added; the blocked ones join, oldest first, when their
    // blocker ends (older than most of the bucket, some older than its first).
    for index in 0..<300 where index % 3 != 0 { checked.insert(alerts[index]) }
    for index in blocked { checked.insert(alerts[index]) }
    // Blocked again, newest first, and unblocked in any order.
    for index in blocked.reversed() { checked.remove(alerts[index]) }
    for index in shuffled(blocked, seed: 3) { checked.insert(alerts[index]) }
    // A second blocker holds a run of them, from the middle.
    let run = Array(100..<220)
    for index in run { checked.remove(alerts[index]) }
    for index in run.reversed() { checked.insert(alerts[index]) }
    checked.report("blocks of \(blockCapacity)")
  }

  @Test(
    "The front leaves across blocks while older alerts come back in front",
    arguments: [2, 3, 6, 16])
  func frontAcrossBlocks(blockCapacity: Int) {
    var checked = Checked(blockCapacity: blockCapacity)
    let alerts = bucket(160)
    for alert in alerts { checked.insert(alert) }
    var gone: [AlertHandle] = []
    for step in 0..<150 {
      guard let front = checked.queue.front else { break }
      checked.remove(front)
      gone.append(front)
      // Now and then a suspended alert comes back: older than the first, it takes the front
      // and the first moves into the slot the front left by.
      if step % 7 == 6, gone.count >= 3 { checked.insert(gone.remove(at: gone.count - 3)) }
      // And an alert leaves from just behind the first, and from the middle.
      if step % 11 == 10,
        let second = checked.model.sorted(by: { $0.seq < $1.seq }).dropFirst()
          .first
      {
        checked.remove(second)
        gone.append(second)
      }
      if step % 13 == 12, checked.model.count > 4 {
        let sorted = checked.model.sorted { $0.seq < $1.seq }
        checked.remove(sorted[sorted.count / 2])
      }
    }
    // They all come back, newest first.
    for alert in gone.sorted(by: { $0.seq > $1.seq }) where !checked.holds(alert) {
      checked.insert(alert)
    }
    while !checked.queue.isEmpty && checked.failure == nil { checked.removeFront() }
    checked.report("blocks of \(blockCapacity)")
  }

  /// A queue holds only alerts that their dispatch holds, and retains none of them: every
  /// alert here stays uniquely referenced by the
  /// array that stands for its dispatch, whatever joined and left, and no slot a leaving alert
  /// emptied still names it (`bucketProblem` checks the slots before each head).
  @Test(
    "A queue retains none of its alerts, and the slots left alerts emptied name none",
    arguments: [2, 3, 4, 8])
  func queueRetainsNoAlert(blockCapacity: Int) {
    var queue = LaneQueue(blockCapacity: blockCapacity)
    var alerts = bucket(60)
    for alert in alerts { queue.insert(alert) }
    // The front, a block's first, the middle of a block, `rest`'s first and middle, the
    // newest; and one that leaves, comes back and leaves again.
    let leaving = [0, 1, 30, 31, 45, 59, 2, blockCapacity + 1, blockCapacity + 3]
    for index in leaving { queue.remove(alerts[index]) }
    queue.insert(alerts[30])
    queue.remove(alerts[30])
    // Twenty leave from the front, so that `rest` takes blocks.
    for _ in 0..<20 {
      if let front = queue.front { queue.remove(front) }
    }
    #expect(queue.bucketProblem == nil)
    // Three older alerts come back in front; two of them leave from the front again, with
    // alerts behind them in `rest`.
    var older = (1...3).map { node.handle(0, seq: UInt64($0)) }
    for alert in older { queue.insert(alert) }
    queue.remove(older[0])
    queue.remove(older[1])
    #expect(queue.bucketProblem == nil)
    #expect(queue.front?.seq == 3)
    #expect(queue.count == 60 - leaving.count - 20 + 1)
    for index in alerts.indices {
      #expect(isKnownUniquelyReferenced(&alerts[index]), "the queue retains alert \(index)")
    }
    for index in older.indices {
      #expect(isKnownUniquelyReferenced(&older[index]), "the queue retains older \(index)")
    }
  }

  @Test("Cursors read across blocks, and keep reading what they started on", arguments: [2, 3, 5])
  func cursors(blockCapacity: Int) {
    var checked = Checked(blockCapacity: blockCapacity)
    let alerts = bucket(100)
    for alert in alerts { checked.insert(alert) }
    let others = (0..<6).map { node.handle($0 % 2 == 0 ? 5 : -5, seq: UInt64(2_000 + $0)) }
    for alert in others { checked.insert(alert) }
    for index in stride(from: 20, to: 80, by: 4) { checked.remove(alerts[index]) }
    checked.removeFront()
    let expected = checked.model.sorted { $0.ranksBefore($1) }
    for limit in [0, 1, 2, 3, blockCapacity, blockCapacity + 1, blockCapacity + 2, 40, 200] {
      let read = LaneQueue.readAll(checked.queue.cursor(), atMost: limit)
      #expect(read.elementsEqual(expected.prefix(limit), by: ===), "first \(limit)")
    }
    // A cursor made before changes reads the queue as it was: the changes copy the blocks
    // it shares.
    var started = checked.queue.cursor()
    started.advance()
    started.advance()
    for index in stride(from: 20, to: 80, by: 4) { checked.insert(alerts[index]) }
    for index in stride(from: 30, to: 60, by: 3) { checked.remove(alerts[index]) }
    checked.removeFront()
    checked.insert(node.handle(0, seq: 5_000))
    let read = LaneQueue.readAll(started)
    #expect(read.elementsEqual(expected.dropFirst(2), by: ===))
    checked.report("blocks of \(blockCapacity)")
  }

  @Test(
    "Other priorities come and go around the big bucket, whose run splits and joins",
    arguments: [(2, 2), (2, 4), (3, 8), (4, 3)])
  func otherPriorities(chunkCapacity: Int, blockCapacity: Int) {
    var random = TestGenerator(state: UInt64(chunkCapacity * 100 + blockCapacity))
    var checked = Checked(chunkCapacity: chunkCapacity, blockCapacity: blockCapacity)
    // Every 8th alert has another priority, from below all to above the big bucket.
    let pool = (0..<200).map { index in
      node.handle(
        index % 8 == 0 ? [-9, -3, -1, 1, 2, 6][random.next(6)] : 0, seq: UInt64(index + 1))
    }
    for alert in pool { checked.insert(alert) }
    for step in 0..<1_000 {
      let alert = pool[random.next(pool.count)]
      if checked.holds(alert) {
        if random.next(3) == 0 { checked.removeFront() } else { checked.remove(alert) }
      } else if step < 800 || random.next(2) == 0 {
        checked.insert(alert)
      }
    }
    // The other priorities leave, then come back, while the bucket holds blocks.
    for alert in pool where alert.priority != 0 && checked.holds(alert) { checked.remove(alert) }
    for alert in pool where alert.priority != 0 { checked.insert(alert) }
    #expect((checked.queue.blockSizes(of: 0)?.blocks.count ?? 0) > 1)
    checked.report("runs of \(chunkCapacity), blocks of \(blockCapacity)")
  }

  @Test(
    "A random mix, mostly of one priority, follows a sorted model",
    arguments: [(1, 2, 2), (2, 3, 64), (3, 4, 4), (4, 5, 64), (5, 8, 2), (6, 16, 64)])
  func randomized(seed: Int, blockCapacity: Int, chunkCapacity: Int) {
    var random = TestGenerator(state: UInt64(seed) &* 104_729)
    var checked = Checked(chunkCapacity: chunkCapacity, blockCapacity: blockCapacity)
    // Four alerts in five of priority 0, the others of four more; pool order is add order.
    let pool = (0..<300).map { index in
      node.handle(
        random.next(5) == 0 ? [-2, 1, 3, 7][random.next(4)] : 0, seq: UInt64(index * 2 + 1))
    }
    var added = 0
    var mostBlocks = 0
    for step in 0..<1_500 {
      // Grow, shrink, grow: blocks split, then join, then split again.
      let growing = (step / 750) % 2 == 0
      let roll = random.next(100)
      if roll < (growing ? 35 : 10) {
        // A new alert (the newest).
        while added < pool.count && checked.holds(pool[added]) { added += 1 }
        if added < pool.count {
          checked.insert(pool[added])
          added += 1
        }
      } else if roll < (growing ? 60 : 25) {
        // An alert comes back to its place, or joins for the first time with its old one.
        let alert = pool[random.next(pool.count)]
        if !checked.holds(alert) { checked.insert(alert) }
      } else if roll < 72 {
        checked.removeFront()
      } else if roll < 97 {
        if !checked.model.isEmpty {
          checked.remove(checked.model[random.next(checked.model.count)])
        }
      } else {
        // An alert that is not queued: nothing changes.
        let alert = pool[random.next(pool.count)]
        if !checked.holds(alert) { checked.remove(alert) }
      }
      mostBlocks = max(mostBlocks, checked.queue.blockSizes(of: 0)?.blocks.count ?? 0)
      if checked.failure != nil { break }
    }
    checked.report("seed \(seed), blocks of \(blockCapacity), runs of \(chunkCapacity)")
    // The bucket did hold several blocks.
    #expect(mostBlocks >= 3)
  }

  @Test("Alerts blocked and unblocked in a big bucket go up in add order")
  func dependencies() {
    let capacity = AlertDispatch.laneBlockCapacity
    defer { AlertDispatch.laneBlockCapacity = capacity }
    AlertDispatch.laneBlockCapacity = 4
    let f = Fixture()
    let home = f.dispatch("home")
    /// The alert put on screen last in `lines` (presented, or restored after a suspension).
    func lastPresented(_ lines: [String]) -> String? {
      lines.last { $0.hasPrefix("present ") || $0.hasPrefix("restore ") }
        .map { String($0.split(separator: " ")[1]) }
    }
    // The gate goes up. Every other `a` waits for it from the start (blocked); every other
    // `b` will wait for a second gate, not added yet (so it queues). All of normal priority:
    // one bucket.
    f.add("gate", to: home)
    for index in 0..<40 {
      f.add(AlertID("a\(index)"), to: home, after: index % 2 == 0 ? ["gate"] : [])
    }
    for index in 0..<20 {
      f.add(AlertID("b\(index)"), to: home, after: index % 2 == 0 ? ["gate2"] : [])
    }
    for index in 0..<10 { f.add(AlertID("c\(index)"), to: home) }
    var dismissed: [String] = []
    var current = lastPresented(f.take())
    // The gate leaves: its waiters join the middle of the bucket for the first time.
    if let id = current {
      f.presenter.tap(AlertID(id), "x")
      dismissed.append(id)
    }
    // The second gate, above them, suspends `a0` (it comes back in front) and blocks its
    // waiters (they leave the middle); they come back when it leaves.
    f.add("gate2", to: home, priority: .high)
    current = lastPresented(f.take())
    while let id = current, dismissed.count < 100 {
      f.presenter.tap(AlertID(id), "x")
      dismissed.append(id)
      current = lastPresented(f.take())
    }
    let expected =
      ["gate", "gate2"] + (0..<40).map { "a\($0)" } + (0..<20).map { "b\($0)" }
      + (0..<10).map { "c\($0)" }
    #expect(dismissed == expected)
    f.verify(allEnded: true)
  }
}
