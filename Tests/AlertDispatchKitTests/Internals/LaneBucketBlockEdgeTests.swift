import Testing

@testable import AlertDispatchKit

/// The edges of a lane queue's bucket blocks, each checked step by step against a sorted model
/// with `mismatch(with:)` (line order, count, front, front rank, bucket and run shape) and
/// against the exact shape of the bucket; and their cost, by counting the changes that move the
/// list of blocks (a block inserted or removed anywhere but at the end, `rest` taking the first
/// block) across sequences that sit on a split, join, evening-out or take threshold.
@MainActor
@Suite("Lane queue: bucket blocks at their thresholds")
struct LaneBucketBlockEdgeTests {
  let node = DispatchNode.laneTests

  /// The checked queue of the blocks' suite, which counts the changes that moved the list of
  /// blocks.
  typealias Checked = LaneBucketBlockTests.Checked
  typealias Shape = Checked.Shape

  /// `count` alerts of priority 0, seq 1000, 2000, …: room for alerts between any two.
  func spaced(_ count: Int) -> [AlertHandle] {
    (1...count).map { node.handle(0, seq: UInt64($0) * 1_000) }
  }

  /// Where each part of the bucket starts in add order: `rest` at 1, then each block.
  func starts(_ shape: Shape) -> [Int] {
    var starts = [1]
    var at = 1 + shape.rest
    for size in shape.blocks {
      starts.append(at)
      at += size
    }
    return starts
  }

  @Test(
    "Rest full with a head, an older alert comes back: the slot before the head, then a split",
    arguments: [2, 3, 4, 8])
  func restFullWithHead(blockCapacity: Int) {
    let b = blockCapacity
    var checked = Checked(blockCapacity: b)
    let alerts = spaced(1 + b + 2 * b)
    for alert in alerts { checked.insert(alert) }
    #expect(checked.shape?.rest == b)
    // The front leaves (the head moves), an alert joins the middle of `rest`: full again,
    // with a head.
    checked.removeFront()
    checked.insert(node.handle(0, seq: alerts[2].seq + 500))
    #expect(checked.shape?.rest == b)
    let blocksBefore = checked.shape?.blocks ?? []
    // The old front comes back: older than the first, it takes the front, and the first goes
    // in the slot before the head; `rest` splits its upper half into a new first block.
    checked.insert(alerts[0])
    #expect(checked.shape?.rest == (b + 1) / 2)
    #expect(checked.shape?.blocks == [b + 1 - (b + 1) / 2] + blocksBefore)
    // Older still, twice: no slot before the head is left now.
    checked.insert(node.handle(0, seq: 10))
    checked.insert(node.handle(0, seq: 5))
    // The front leaves until `rest` takes the first block, twice over.
    for _ in 0..<(2 * b + 3) { checked.removeFront() }
    checked.report("blocks of \(b)")
  }

  @Test(
    "An alert joins exactly at each block boundary, and leaves again",
    arguments: [2, 3, 4, 8, 9])
  func blockBoundaries(blockCapacity: Int) {
    let b = blockCapacity
    var checked = Checked(blockCapacity: b)
    let alerts = spaced(1 + b + 6 * b)
    for alert in alerts { checked.insert(alert) }
    var joined: [AlertHandle] = []
    // Between `rest` and the first block, then between each block and the next, from the
    // end (so that the boundaries found stay where they were): just after the last alert of
    // the part before, and just before the first of the part after.
    guard let shape = checked.shape else { return }
    let bounds = starts(shape).dropFirst()
    for start in bounds.reversed() where start < alerts.count {
      let low = alerts[start].seq
      for seq in [low - 999, low - 1] {
        let alert = node.handle(0, seq: seq)
        checked.insert(alert)
        joined.append(alert)
      }
    }
    for alert in joined { checked.remove(alert) }
    for alert in joined.reversed() { checked.insert(alert) }
    checked.report("blocks of \(b)")
  }

  @Test(
    "Removing an alert that is not queued changes nothing, wherever its add order falls",
    arguments: [2, 3, 8])
  func removeAbsent(blockCapacity: Int) {
    let b = blockCapacity
    var checked = Checked(chunkCapacity: 2, blockCapacity: b)
    let alerts = spaced(1 + b + 5 * b)
    for alert in alerts { checked.insert(alert) }
    for priority in [-4, 3, 7] { checked.insert(node.handle(priority, seq: 1)) }
    // A head, a stale-looking block edge (the first of a block left), a join.
    checked.removeFront()
    checked.remove(alerts[1 + b + b])
    checked.remove(alerts[1 + b + 2 * b + 1])
    var seqs: [UInt64] = [1, 2, 500, UInt64(alerts.count + 5) * 1_000]
    for alert in checked.bucket { seqs += [alert.seq - 1, alert.seq, alert.seq + 1] }
    for seq in seqs {
      let shape = checked.shape
      let head = checked.queue.front
      // A stranger with the same priority (and, at `alert.seq`, the same add order).
      checked.remove(node.handle(0, seq: seq))
      #expect(checked.shape?.rest == shape?.rest && checked.shape?.blocks == shape?.blocks)
      #expect(checked.queue.front === head)
    }
    #expect(checked.steps == alerts.count + 3 + 3 + seqs.count)
    checked.report("blocks of \(b)")
  }

  @Test(
    "A block on its split threshold, an alert joining and leaving it, splits once",
    arguments: [8, 16])
  func splitThreshold(blockCapacity: Int) {
    let b = blockCapacity
    var checked = Checked(blockCapacity: b)
    for alert in spaced(1 + b + 12 * b) { checked.insert(alert) }
    // The middle of the fourth block (full).
    let start = starts(checked.shape!)[4]
    let seq = checked.bucket[start + b / 2].seq + 1
    let alert = node.handle(0, seq: seq)
    for _ in 0..<300 {
      checked.insert(alert)
      checked.remove(alert)
    }
    #expect(checked.listMoves <= 1)
    checked.report("blocks of \(b)")
  }

  @Test(
    "A block on its join or evening-out threshold, an alert leaving and coming back, joins once",
    arguments: [8, 16])
  func joinThreshold(blockCapacity: Int) {
    let b = blockCapacity
    for nextFull in [false, true] {
      var checked = Checked(blockCapacity: b)
      for alert in spaced(1 + b + 12 * b) { checked.insert(alert) }
      // The fourth block down to a quarter, from its back; the fifth down to a quarter too
      // unless it stays full (then the fourth evens out with it instead of joining it).
      if !nextFull {
        let start = starts(checked.shape!)[5]
        for alert in checked.bucket[(start + b / 4)..<(start + b)] { checked.remove(alert) }
      }
      let start = starts(checked.shape!)[4]
      for alert in checked.bucket[(start + b / 4)..<(start + b)] { checked.remove(alert) }
      #expect(checked.shape?.blocks[3] == b / 4)
      let moves = checked.listMoves
      let alert = checked.bucket[start + 1]
      for _ in 0..<300 {
        checked.remove(alert)
        checked.insert(alert)
      }
      #expect(checked.listMoves - moves <= 1, "next full: \(nextFull)")
      checked.report("blocks of \(b), next full: \(nextFull)")
    }
  }

  @Test(
    "Rest of one alert before a full block: its last alert leaving and coming back",
    arguments: [8, 16])
  func takeThreshold(blockCapacity: Int) {
    let b = blockCapacity
    var checked = Checked(blockCapacity: b)
    for alert in spaced(1 + b + 12 * b) { checked.insert(alert) }
    // `rest` down to one alert (from its back), the first block full.
    let bucket = checked.bucket
    for alert in bucket[2...b] { checked.remove(alert) }
    #expect(checked.shape?.rest == 1 && checked.shape?.blocks.first == b)
    let moves = checked.listMoves
    let last = checked.bucket[1]
    let front = checked.bucket[0]
    for round in 0..<300 {
      // `rest`'s last alert (behind the first), or the front itself, leaves: `rest` takes the
      // full first block; coming back, it makes `rest` overflow and split.
      let alert = round % 2 == 0 ? last : front
      checked.remove(alert)
      checked.insert(alert)
    }
    #expect(checked.listMoves - moves <= 4)
    checked.report("blocks of \(b)")
  }

  @Test(
    "The front leaves and suspended alerts come back, while new ones arrive: the list of blocks moves once per quarter block at most",
    arguments: [8, 16])
  func steadyFront(blockCapacity: Int) {
    let b = blockCapacity
    var checked = Checked(blockCapacity: b)
    var next: UInt64 = 1
    func fresh() -> AlertHandle {
      next += 1
      return node.handle(0, seq: 1_000_000 + next)
    }
    for _ in 0..<(20 * b) { checked.insert(fresh()) }
    var suspended: [AlertHandle] = []
    var random = TestGenerator(state: UInt64(b))
    let rounds = 40 * b
    for _ in 0..<rounds {
      switch random.next(4) {
      case 0:
        // The front goes up, and is suspended later.
        if let front = checked.queue.front {
          checked.remove(front)
          suspended.append(front)
        }
      case 1:
        if let alert = suspended.popLast() { checked.insert(alert) }
      case 2:
        checked.insert(fresh())
      default:
        checked.removeFront()
      }
    }
    // Each take, split or join needs a quarter block of changes first (Ω(B)).
    #expect(checked.listMoves <= checked.steps / (b / 4) + 2)
    checked.report("blocks of \(b)")
  }

  @Test("Runs of priorities split and join around a bucket in blocks", arguments: [2, 3, 8])
  func runsAroundBlocks(blockCapacity: Int) {
    let b = blockCapacity
    var checked = Checked(chunkCapacity: 2, blockCapacity: b)
    let big = spaced(1 + b + 5 * b)
    for alert in big { checked.insert(alert) }
    // Priorities on either side come and go: the run holding priority 0 splits and joins,
    // moving its bucket (with its blocks) between runs.
    let others = [-5, -3, -1, 1, 2, 4, 6].enumerated().map { node.handle($1, seq: UInt64(10 + $0)) }
    for round in 0..<6 {
      for alert in round % 2 == 0 ? others : others.reversed() { checked.insert(alert) }
      checked.remove(big[1 + b + round])
      for alert in others where (alert.priority + round) % 2 == 0 { checked.remove(alert) }
      checked.insert(big[1 + b + round])
      for alert in others where checked.model.contains(where: { $0 === alert }) {
        checked.remove(alert)
      }
    }
    // The bucket carried its blocks through every split and join of its run.
    #expect((checked.shape?.blocks.count ?? 0) >= 4)
    checked.report("blocks of \(b)")
  }

  @Test("A greedy adversary, picking whichever change moves the list of blocks, rarely can")
  func greedyAdversary() {
    let b = 16
    var random = TestGenerator(state: 7_919)
    var checked = Checked(blockCapacity: b)
    let n = 20 * b
    for alert in spaced(n) { checked.insert(alert) }
    let moves = checked.listMoves
    var stranger: UInt64 = 0
    for _ in 0..<400 {
      guard let shape = checked.shape else { break }
      let bucket = checked.bucket
      let seqs = Set(bucket.map(\.seq))
      // Candidates: around the start of `rest` and of each block, the front, the newest, and
      // an alert older than the first (a suspended one coming back).
      var removals: [AlertHandle] = [bucket[0], bucket[bucket.count - 1]]
      var inserts: [UInt64] = [bucket[0].seq - 1, bucket[bucket.count - 1].seq + 1_000]
      for start in starts(shape) where start < bucket.count {
        for index in [start - 1, start, start + 1] where index >= 0 && index < bucket.count {
          removals.append(bucket[index])
        }
        if start + 1 < bucket.count {
          inserts.append((bucket[start].seq + bucket[start + 1].seq) / 2)
        }
        inserts.append((bucket[start - 1].seq + bucket[start].seq) / 2)
      }
      inserts.removeAll { seqs.contains($0) }
      var moving: [(AlertHandle, Bool)] = []
      for alert in removals {
        var copy = checked.queue
        copy.remove(alert)
        if Checked.movesList(shape, copy.blockSizes(of: 0)) { moving.append((alert, false)) }
      }
      for seq in inserts {
        var copy = checked.queue
        copy.insert(node.handle(0, seq: seq))
        if Checked.movesList(shape, copy.blockSizes(of: 0)) {
          moving.append((node.handle(0, seq: seq), true))
        }
      }
      if let (alert, isInsert) = moving.isEmpty ? nil : moving[random.next(moving.count)] {
        if isInsert { checked.insert(alert) } else { checked.remove(alert) }
      } else if bucket.count > n * 9 / 10 && (bucket.count > n * 11 / 10 || random.next(2) == 0) {
        checked.remove(removals[random.next(removals.count)])
      } else if !inserts.isEmpty {
        checked.insert(node.handle(0, seq: inserts[random.next(inserts.count)]))
      } else {
        stranger += 1
        checked.insert(node.handle(0, seq: bucket[bucket.count - 1].seq + stranger))
      }
      if checked.failure != nil { break }
    }
    // Each take, split or join needs Ω(B) changes first: at most one in B/8 changes moves the
    // list (an O(n)-per-change sequence would move it at nearly every change).
    #expect(checked.listMoves - moves <= 400 / (b / 8))
    checked.report("greedy, blocks of \(b)")
  }
}
