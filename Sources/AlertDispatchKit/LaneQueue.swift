/// The alerts of one dispatch and one lane that compete for the lane, in line order: priority
/// high to low, then first added first.
///
/// Alerts of equal priority share a bucket kept in add order, in blocks of at most
/// ``blockCapacity`` alerts, and the buckets are kept in runs of at most 64 priorities, so the
/// common operations (add an alert, take the front one) cost O(log P) for P distinct
/// priorities, and any other (an alert removed from the middle of its bucket, or coming back
/// there) O(log P + log n) for n alerts, plus moving at most one run's and one block's entries
/// (and the list of runs or of a bucket's blocks when one splits, joins or empties, which each
/// needs many changes first), whatever the queue holds.
@MainActor
struct LaneQueue {
  /// An alert of a bucket and its place in add order, kept beside it: finding where an alert
  /// goes, and the front's rank, then read no alert (at 100,000 alerts each alert read is a
  /// cache miss).
  ///
  /// The entry does not retain its alert: a queue holds only unfinished alerts, which their
  /// dispatch holds (``DispatchNode/alerts``), and each leaves its queue before it ends (see
  /// ``DispatchNode/updateQueueMembership(_:)``), as with ``HolderTable``. Retained, each alert
  /// joining and leaving a queue cost two atomic operations, and a suspend and a restore one
  /// more of each.
  fileprivate struct Entry {
    var seq: UInt64
    /// The alert, not retained; `nil` once it left from the front of its bucket (in the slots
    /// before `head`).
    private(set) var reference: Unmanaged<AlertHandle>?

    init(seq: UInt64, alert: AlertHandle) {
      self.seq = seq
      reference = .passUnretained(alert)
    }

    /// An empty entry.
    init() {
      seq = 0
      reference = nil
    }

    /// The alert, retained for the caller.
    var alert: AlertHandle? {
      guard let reference else { return nil }
      return reference.takeUnretainedValue()
    }

    var isEmpty: Bool { reference == nil }

    /// Whether the entry names `alert` (compared by address).
    func holds(_ alert: AlertHandle) -> Bool {
      reference?.toOpaque() == Unmanaged.passUnretained(alert).toOpaque()
    }

    /// Empties the entry (its alert left the front of its bucket).
    mutating func clear() { reference = nil }
  }

  /// Alerts of a bucket after those of its `rest`, in add order, and the add order of the
  /// first, beside it, to find the block without reading one.
  fileprivate struct Block {
    var low: UInt64
    var entries: ContiguousArray<Entry>

    init(_ entries: ContiguousArray<Entry>.SubSequence) {
      low = entries[entries.startIndex].seq
      self.entries = ContiguousArray(entries)
    }

    init(_ entry: consuming Entry) {
      low = entry.seq
      entries = [entry]
    }
  }

  /// The alerts of one priority, in add order: `first`, then `rest` from `head` on, then each
  /// of `blocks`.
  ///
  /// Most apps leave priorities at their default, so one bucket can hold nearly all of a
  /// lane's alerts, and an alert leaves from the middle of it (cancelled, blocked, or going up
  /// while one ahead of it is delayed) or comes back there (a suspended alert keeps its place
  /// in line; an alert blocked since it was added joins with its old place). Those move the
  /// entries of one block of at most ``blockCapacity``, where they moved the whole bucket.
  ///
  /// Shape (checked by `bucketProblem`): `rest` holds at most `blockCapacity` alerts from
  /// `head` on, and none before; each block holds 1 to `blockCapacity`, and each but the last
  /// at least a quarter of that; `rest` is empty from `head` on only when there is no block.
  ///
  /// Cost, for blocks of B: an alert found by two binary searches (the blocks' first add
  /// orders, then its block) and moved into or out of its block costs O(log n + B). A block
  /// that outgrows B splits in halves; a block (but the last) that falls below B/4 joins the
  /// next one, or takes from it half of what the two hold when they hold more than 3B/4. A
  /// block joins only from exactly B/4 - 1 (it held B/4 before), so each split or join leaves
  /// its blocks at least B/8 alerts from their next split or join. `rest` splits its upper half
  /// into a new first block, which leaves it B/2 inserts from its next split, and takes the
  /// first block when it empties, which then needs B/4 removals to empty again (unless it was
  /// the last block: then no block is left to take). Each of these moves the list of blocks,
  /// O(n/B), once per Ω(B) changes to the blocks or `rest` involved, and appending or dropping
  /// the last block moves nothing. So no sequence of operations makes each cost O(n): an
  /// operation costs O(log n + B), plus O(n/B²) amortized (a few entries of the list at
  /// 100,000 alerts in one bucket).
  fileprivate struct Bucket {
    /// The bucket's first alert in add order, held inline: with priorities that mostly differ,
    /// most buckets hold one alert, which then allocates no storage, and the front's rank is
    /// read from the bucket itself.
    var first: Entry
    /// The alerts after the first, from `head` on; the slots before `head` are emptied as the
    /// front alerts leave (so that no slot names an alert that ended), and dropped now and then.
    var rest: ContiguousArray<Entry>
    var head = 0
    /// The alerts after those of `rest`, once a bucket holds more than `rest` does: empty in
    /// most buckets, which then allocate nothing more.
    var blocks: [Block] = []

    /// A bucket of one alert, which needs no storage (see `LaneQueue.insert(_:)` for the
    /// second).
    init(_ alert: AlertHandle) {
      first = Entry(seq: alert.seq, alert: alert)
      rest = []
    }

    var isEmpty: Bool { first.isEmpty }

    mutating func insert(_ alert: AlertHandle, blockCapacity: Int) {
      var entry = Entry(seq: alert.seq, alert: alert)
      guard !first.isEmpty else {
        first = entry
        return
      }
      // An alert older than the first comes back (a suspended alert): it becomes the first,
      // and the first goes in front of `rest`.
      if entry.seq < first.seq { swap(&entry, &first) }
      if blocks.isEmpty || entry.seq < blocks[0].low {
        insertInRest(entry, blockCapacity: blockCapacity)
      } else {
        insertInBlocks(entry, blockCapacity: blockCapacity)
      }
    }

    private mutating func insertInRest(_ entry: consuming Entry, blockCapacity: Int) {
      // The newest alert of the bucket (most are) goes at the end: no search.
      let atEnd = head == rest.count || rest[rest.count - 1].seq < entry.seq
      let index = atEnd ? rest.count : rest.position(of: entry.seq, from: head)
      if index == head && head > 0 {
        // Right behind the first (the first that an older alert displaced, or an alert that
        // comes back there), or into a `rest` that holds only the slots its front alerts left:
        // the slot the front left by. An append would grow the storage, an allocation at each
        // tab switch of churn, whose suspended alert comes back in front of the first.
        head -= 1
        rest[head] = entry
      } else if atEnd {
        // When `rest` is full, the entry starts the blocks (appended alerts then fill them).
        if blocks.isEmpty && rest.count - head == blockCapacity {
          blocks.append(Block(entry))
          return
        }
        rest.append(entry)
      } else {
        rest.insert(entry, at: index)
      }
      if rest.count - head > blockCapacity {
        // The upper half becomes the first block.
        let middle = head + (rest.count - head) / 2
        blocks.insert(Block(rest[middle...]), at: 0)
        rest.removeSubrange(middle...)
      }
    }

    private mutating func insertInBlocks(_ entry: consuming Entry, blockCapacity: Int) {
      let last = blocks.count - 1
      if entry.seq > blocks[last].entries[blocks[last].entries.count - 1].seq {
        // The newest alert of the bucket: a full last block leaves it a new one.
        if blocks[last].entries.count == blockCapacity {
          blocks.append(Block(entry))
        } else {
          blocks[last].entries.append(entry)
        }
        return
      }
      // The last block whose first is older: the alert goes after that first, so the block's
      // `low` stays.
      let block = blocks.block(of: entry.seq)
      let index = blocks[block].entries.position(of: entry.seq, from: 0)
      blocks[block].entries.insert(entry, at: index)
      if blocks[block].entries.count > blockCapacity {
        let middle = blocks[block].entries.count / 2
        let upper = Block(blocks[block].entries[middle...])
        blocks[block].entries.removeSubrange(middle...)
        blocks.insert(upper, at: block + 1)
      }
    }

    /// Removes `alert` if the bucket holds it, and returns whether it did.
    mutating func remove(_ alert: AlertHandle, blockCapacity: Int) -> Bool {
      // The front alert leaves most often (it goes up): found without a search.
      if first.holds(alert) {
        guard head < rest.count else {
          first.clear()
          // Most buckets hold their first alert alone, with `rest` empty: then nothing to do
          // (`removeAll` costs about 70 instructions even on an empty array).
          if !rest.isEmpty { rest.removeAll(keepingCapacity: true) }
          head = 0
          return true
        }
        // The next entry becomes the first, and the alert that leaves goes in its slot, which
        // `advanceHead` empties. (When entries retained their alerts, a copy here retained the
        // next alert, most often cold, and a retain writes its header: at 100,000 alerts that
        // miss was 8 % of churn's time; nothing reads the next alert now.)
        swap(&first, &rest[head])
        advanceHead()
        return true
      }
      let seq = alert.seq
      if blocks.isEmpty || seq < blocks[0].low {
        let index = rest.position(of: seq, from: head)
        guard index < rest.count, rest[index].holds(alert) else { return false }
        if index == head {
          advanceHead()
        } else {
          rest.remove(at: index)
        }
        return true
      }
      let block = blocks.block(of: seq)
      let index = blocks[block].entries.position(of: seq, from: 0)
      guard index < blocks[block].entries.count, blocks[block].entries[index].holds(alert)
      else { return false }
      blocks[block].entries.remove(at: index)
      if blocks[block].entries.isEmpty {
        // The last block, or one whose capacity is under 8 (a quarter of it is 0 or 1, so it never
        // joins and can empty).
        blocks.remove(at: block)
        return true
      }
      if index == 0 { blocks[block].low = blocks[block].entries[0].seq }
      if block < blocks.count - 1 && blocks[block].entries.count < blockCapacity / 4 {
        joinNext(block, blockCapacity: blockCapacity)
      }
      return true
    }

    /// Empties the slot at `head` and moves past it; once `rest` holds no alert, it takes the
    /// first block.
    private mutating func advanceHead() {
      rest[head].clear()
      head += 1
      if head == rest.count && !blocks.isEmpty {
        rest = blocks.removeFirst().entries
        head = 0
      } else if head > 32 && head * 2 > rest.count {
        rest.removeFirst(head)
        head = 0
      }
    }

    /// Joins `block`, which fell below a quarter of the capacity, with the next block, or
    /// evens the two out when they hold more than three quarters (a join would leave a block
    /// close to a split).
    private mutating func joinNext(_ block: Int, blockCapacity: Int) {
      let next = block + 1
      let total = blocks[block].entries.count + blocks[next].entries.count
      if total > blockCapacity * 3 / 4 {
        let moving = total / 2 - blocks[block].entries.count
        do {
          let moved = blocks[next].entries[..<moving]
          blocks[block].entries.append(contentsOf: moved)
        }
        blocks[next].entries.removeFirst(moving)
        blocks[next].low = blocks[next].entries[0].seq
      } else {
        let moved = blocks.remove(at: next).entries
        blocks[block].entries.append(contentsOf: moved)
      }
    }

    /// How many alerts the bucket holds (for the invariant checks and tests: the queue counts
    /// its alerts itself).
    var count: Int {
      guard !first.isEmpty else { return 0 }
      return 1 + rest.count - head + blocks.reduce(0) { $0 + $1.entries.count }
    }
  }

  /// A run of distinct priorities, low to high, and the bucket of each at the same index.
  fileprivate struct Chunk {
    var priorities: [Int]
    var buckets: [Bucket]

    init(priorities: [Int], buckets: [Bucket]) {
      self.priorities = priorities
      self.buckets = buckets
    }

    /// A run of one priority, with room for a full run and the one priority that splits it, so
    /// that it never grows its storage.
    init(_ priority: Int, _ bucket: Bucket, capacity: Int) {
      priorities = []
      buckets = []
      priorities.reserveCapacity(capacity + 1)
      buckets.reserveCapacity(capacity + 1)
      priorities.append(priority)
      buckets.append(bucket)
    }
  }

  /// The distinct priorities present, low to high, in runs of at most ``chunkCapacity``: a new
  /// priority moves the priorities and buckets after it in its run only, not in the whole
  /// queue (one array of 1,000 priorities moved 20 KB on each add). The cursors of every pass
  /// read buckets by index, without hashing. The front of the line is the last bucket of the
  /// last run, so taking the front alert, the common case, moves no other bucket.
  private var chunks: [Chunk] = []
  /// The lowest priority of each run, to find a run without reading one.
  private var chunkLows: [Int] = []
  /// The most priorities a run holds; a run that grows past it splits in two.
  let chunkCapacity: Int
  /// The most alerts a bucket keeps in `rest` and in each of its blocks; a block that grows
  /// past it splits in two.
  let blockCapacity: Int
  private(set) var count = 0
  /// The storage of a few buckets that emptied, for the next bucket that gets a second alert
  /// (a bucket's first alert is held inline): otherwise an alert that joins a bucket of one
  /// would allocate storage, and free it when the bucket empties. A bucket takes a spare only
  /// then, not when it is made: most buckets hold one alert, and would keep the spares from
  /// those that need them (a suspended alert coming back in front of its bucket's first, at
  /// every tab switch of the churn benchmark).
  private var spareItems: [ContiguousArray<Entry>] = []
  private static let maxSpareItems = 8
  /// The room a bucket's `rest` gets with the bucket's second alert (64 bytes of entries).
  private static let firstRestCapacity = 4

  /// The most priorities a run of a new queue holds: 64, or less in the stress tool, so that
  /// its few priorities split and join runs.
  static var defaultChunkCapacity = 64

  /// The most alerts a block of a new queue's buckets holds: 256 (4 KB of entries, moved when
  /// an alert joins or leaves the middle of its block), or less in the stress tool, so that
  /// its few alerts split and join blocks.
  static var defaultBlockCapacity = 256

  /// An empty queue whose runs of priorities hold at most `chunkCapacity` and whose buckets'
  /// blocks at most `blockCapacity` alerts (each at least 2; tests use small ones to split and
  /// join them often).
  init(
    chunkCapacity: Int = LaneQueue.defaultChunkCapacity,
    blockCapacity: Int = LaneQueue.defaultBlockCapacity
  ) {
    precondition(chunkCapacity >= 2, "a run of priorities holds at least 2")
    precondition(blockCapacity >= 2, "a block of alerts holds at least 2")
    self.chunkCapacity = chunkCapacity
    self.blockCapacity = blockCapacity
  }

  var isEmpty: Bool { count == 0 }

  /// The line position (priority, then add order) of the first alert, or `nil` when the queue
  /// is empty. Kept up to date as alerts come and go, so that comparing the fronts of a chain's
  /// queues at every pass reads no alert (and retains none).
  private(set) var frontRank: LineRank?

  /// The line position of the first alert of the runs (the queue's front unless an alert is
  /// parked), or `nil` when the runs are empty.
  private var runsFront: LineRank?

  /// A suspended alert that came back above every alert of the runs, held beside them (empty
  /// otherwise): it is the queue's front, and the next alert to leave it.
  ///
  /// A screen that disappears suspends the alert it shows, which comes back in line in front
  /// of the alerts that queued behind it, and goes up again as the screen reappears: a tab
  /// switch, at every step of the churn benchmark. Put back in the runs, it went into its
  /// bucket's inline slot (moving the first into `rest`), or made a bucket and changed a run,
  /// and going up undid that: parked, it costs a few stores each way, and the lane queues run
  /// about a quarter fewer instructions in churn. Only ``insert(_:parking:)`` with `parking`
  /// parks an alert, so the shapes of the runs, which the tests build alert by alert, are as
  /// before.
  private var parked = Entry()
  /// The priority of the parked alert (the entry keeps only its add order).
  private var parkedPriority = 0

  /// The parked alert, if any (for tests).
  var parkedAlert: AlertHandle? { parked.alert }

  private mutating func updateFrontRank() {
    let last = chunks.count - 1
    if last >= 0 {
      let top = chunks[last].buckets.count - 1
      runsFront = (chunks[last].priorities[top], chunks[last].buckets[top].first.seq)
    } else {
      runsFront = nil
    }
    frontRank = parked.isEmpty ? runsFront : (parkedPriority, parked.seq)
  }

  /// The run where `priority` is or would go, and its index there: the last run whose lowest
  /// priority is at most `priority` (the first run when none is). The front's priority and
  /// those above it, the common cases, are placed from the recorded front rank alone.
  private func place(of priority: Int) -> (chunk: Int, index: Int, found: Bool) {
    guard let front = runsFront?.priority else { return (0, 0, false) }
    if priority >= front {
      let last = chunks.count - 1
      let top = chunks[last].buckets.count - 1
      return priority == front ? (last, top, true) : (last, top + 1, false)
    }
    let (low, isLow) = LaneQueue.slot(of: priority, in: chunkLows)
    if isLow { return (low, 0, true) }
    let chunk = max(low - 1, 0)
    let (index, found) = LaneQueue.slot(of: priority, in: chunks[chunk].priorities)
    return (chunk, index, found)
  }

  /// Where `priority` is, or would be inserted, in `priorities` (low to high).
  ///
  /// The search has no branch on the priorities it reads (each step picks its half with a
  /// conditional move): with priorities that differ from alert to alert, the branch of a
  /// plain binary search is mispredicted at every other step. Nonisolated, so that the closure
  /// handed to the standard library is not checked at run time to run on the main actor.
  private nonisolated static func slot(of priority: Int, in priorities: [Int]) -> (
    index: Int, found: Bool
  ) {
    priorities.withUnsafeBufferPointer { sorted in
      guard let start = sorted.baseAddress, !sorted.isEmpty else { return (0, false) }
      var base = start
      var length = sorted.count
      while length > 1 {
        let half = length / 2
        base = base[half] < priority ? base + half : base
        length -= half
      }
      let index = base - start + (base.pointee < priority ? 1 : 0)
      return (index, index < sorted.count && sorted[index] == priority)
    }
  }

  /// Adds `alert` in its place in line. With `parking`, an alert that comes before every alert
  /// of the queue is parked beside the runs (see ``parked``), and one parked before it goes
  /// into the runs.
  mutating func insert(_ alert: AlertHandle, parking: Bool = false) {
    // Most inserts neither park an alert nor come before a parked one.
    if parking || !parked.isEmpty {
      let rank = alert.lineRank
      // Not `frontRank.map { … }`: a closure made on the main actor and handed to the standard
      // library checks at run time that it runs there (about 300 instructions a call).
      var comesFirst = true
      if let front = frontRank { comesFirst = !ranksBefore(front, rank) }
      if comesFirst {
        // A parked alert goes into the runs, and this one is parked instead.
        unpark()
        if parking {
          parked = Entry(seq: rank.seq, alert: alert)
          parkedPriority = rank.priority
          count += 1
          frontRank = rank
          return
        }
      }
    }
    insertInRuns(alert)
  }

  /// Moves the parked alert, if any, into the runs.
  private mutating func unpark() {
    guard let alert = parked.alert else { return }
    parked.clear()
    count -= 1
    insertInRuns(alert)
  }

  @inline(__always)
  private mutating func insertInRuns(_ alert: AlertHandle) {
    let priority = alert.priority
    count += 1
    // Empty runs, the only ones without a front, start with a first run.
    guard let front = runsFront?.priority else {
      chunks.append(Chunk(priority, Bucket(alert), capacity: chunkCapacity))
      chunkLows.append(priority)
      updateFrontRank()
      return
    }
    // The front changes when the alert joins the front's bucket (it may be older) or goes
    // above it.
    let isFront = priority >= front
    let (chunk, index, found) = place(of: priority)
    if found {
      // The bucket's second alert needs `rest` to have storage: a spare one, if any, or room
      // for a few (grown one by one, from 1 to 2 to 4, it was allocated three times).
      if chunks[chunk].buckets[index].rest.capacity == 0 {
        if let spare = spareItems.popLast() {
          chunks[chunk].buckets[index].rest = spare
        } else {
          chunks[chunk].buckets[index].rest.reserveCapacity(LaneQueue.firstRestCapacity)
        }
      }
      chunks[chunk].buckets[index].insert(alert, blockCapacity: blockCapacity)
    } else {
      // Most often above every priority of its run (a new front, or a suspended front back
      // in line).
      chunks[chunk].priorities.insertCheaply(priority, at: index)
      chunks[chunk].buckets.insertCheaply(Bucket(alert), at: index)
      if index == 0 { chunkLows[chunk] = priority }
      if chunks[chunk].priorities.count > chunkCapacity { split(chunk) }
    }
    if isFront { updateFrontRank() }
  }

  /// Splits a run that outgrew ``chunkCapacity`` into two halves.
  private mutating func split(_ chunk: Int) {
    let half = chunks[chunk].priorities.count / 2
    var upper = Chunk(priorities: [], buckets: [])
    upper.priorities.reserveCapacity(chunkCapacity + 1)
    upper.buckets.reserveCapacity(chunkCapacity + 1)
    upper.priorities.append(contentsOf: chunks[chunk].priorities[half...])
    upper.buckets.append(contentsOf: chunks[chunk].buckets[half...])
    chunks[chunk].priorities.removeSubrange(half...)
    chunks[chunk].buckets.removeSubrange(half...)
    chunks.insert(upper, at: chunk + 1)
    chunkLows.insert(upper.priorities[0], at: chunk + 1)
  }

  mutating func remove(_ alert: AlertHandle) {
    if parked.holds(alert) {
      parked.clear()
      count -= 1
      frontRank = runsFront
      return
    }
    let (chunk, index, found) = place(of: alert.priority)
    guard found else { return }
    let wasFront = alert.priority == runsFront?.priority
    guard chunks[chunk].buckets[index].remove(alert, blockCapacity: blockCapacity) else { return }
    count -= 1
    if chunks[chunk].buckets[index].isEmpty {
      // An emptied bucket's `rest` is empty, and it has no block. The front's bucket, the
      // common case, is the last of its run.
      chunks[chunk].priorities.removeCheaply(at: index)
      let rest = chunks[chunk].buckets.removeCheaply(at: index).rest
      // Only storage that was allocated is worth keeping (an empty array holds none).
      if rest.capacity > 0 && spareItems.count < LaneQueue.maxSpareItems {
        spareItems.append(rest)
      }
      if chunks[chunk].priorities.isEmpty {
        // The runs on either side become neighbours: each held at least half a run, since
        // with this run's last priority it held more than half a run, so they need no join.
        chunks.remove(at: chunk)
        chunkLows.remove(at: chunk)
      } else {
        if index == 0 { chunkLows[chunk] = chunks[chunk].priorities[0] }
        joinSmallNeighbours(around: chunk)
      }
    }
    if wasFront { updateFrontRank() }
  }

  /// Joins run `chunk` with a neighbour while the two hold at most half a run together, so that
  /// any two neighbouring runs hold more than half a run (the queue keeps at most 4P / capacity
  /// + 1 runs for P priorities, however they came and went); a run joined or split then has
  /// room to change by half a run before the next split or join.
  private mutating func joinSmallNeighbours(around chunk: Int) {
    var chunk = chunk
    while true {
      if chunk + 1 < chunks.count,
        chunks[chunk].priorities.count + chunks[chunk + 1].priorities.count <= chunkCapacity / 2
      {
        join(chunk)
      } else if chunk > 0,
        chunks[chunk - 1].priorities.count + chunks[chunk].priorities.count <= chunkCapacity / 2
      {
        chunk -= 1
        join(chunk)
      } else {
        return
      }
    }
  }

  /// Moves run `chunk + 1` to the end of run `chunk`.
  private mutating func join(_ chunk: Int) {
    let next = chunks.remove(at: chunk + 1)
    chunkLows.remove(at: chunk + 1)
    chunks[chunk].priorities.append(contentsOf: next.priorities)
    chunks[chunk].buckets.append(contentsOf: next.buckets)
  }

  /// Reads the queue in line order: the parked alert, then the last bucket first, each bucket
  /// from its head.
  ///
  /// It holds the runs only (one reference), not a copy of the whole queue.
  struct Cursor {
    /// The parked alert, until the cursor moves past it.
    fileprivate var parked: Unmanaged<AlertHandle>?
    fileprivate let chunks: [Chunk]
    fileprivate var chunkIndex: Int
    fileprivate var bucketIndex: Int
    /// `nil` at the bucket's first alert, then the index in its `rest` or in one of its blocks.
    fileprivate var position: Int?
    /// 0 in the bucket's `rest`, then 1 + the index of the block.
    fileprivate var block = 0

    fileprivate init(parked: Unmanaged<AlertHandle>?, chunks: [Chunk]) {
      self.parked = parked
      self.chunks = chunks
      chunkIndex = chunks.count - 1
      bucketIndex = chunkIndex >= 0 ? chunks[chunkIndex].buckets.count - 1 : -1
    }

    /// The alert under the cursor, or `nil` past the end.
    var current: AlertHandle? {
      if let parked { return parked.takeUnretainedValue() }
      guard chunkIndex >= 0 else { return nil }
      guard let position else { return chunks[chunkIndex].buckets[bucketIndex].first.alert }
      if block == 0 { return chunks[chunkIndex].buckets[bucketIndex].rest[position].alert }
      return chunks[chunkIndex].buckets[bucketIndex].blocks[block - 1].entries[position].alert
    }

    mutating func advance() {
      if parked != nil {
        parked = nil
        return
      }
      guard chunkIndex >= 0 else { return }
      if let position {
        let next = position + 1
        let end =
          block == 0
          ? chunks[chunkIndex].buckets[bucketIndex].rest.count
          : chunks[chunkIndex].buckets[bucketIndex].blocks[block - 1].entries.count
        if next < end {
          self.position = next
          return
        }
        // The next block (blocks are never empty).
        if block < chunks[chunkIndex].buckets[bucketIndex].blocks.count {
          block += 1
          self.position = 0
          return
        }
      } else {
        // `rest` from its head (empty only when the bucket has no block).
        let head = chunks[chunkIndex].buckets[bucketIndex].head
        if head < chunks[chunkIndex].buckets[bucketIndex].rest.count {
          position = head
          return
        }
      }
      position = nil
      block = 0
      bucketIndex -= 1
      if bucketIndex < 0 {
        chunkIndex -= 1
        if chunkIndex >= 0 { bucketIndex = chunks[chunkIndex].buckets.count - 1 }
      }
    }
  }

  func cursor() -> Cursor { Cursor(parked: parked.reference, chunks: chunks) }

  /// The first alert in line order, or `nil` when the queue is empty.
  @inline(__always)
  var front: AlertHandle? {
    guard let front = frontReference else { return nil }
    return front.takeUnretainedValue()
  }

  /// The first alert in line order, not retained (the queue holds it), or `nil` when the queue
  /// is empty.
  @inline(__always)
  var frontReference: Unmanaged<AlertHandle>? {
    if let parked = parked.reference { return parked }
    let last = chunks.count - 1
    guard last >= 0 else { return nil }
    return chunks[last].buckets[chunks[last].buckets.count - 1].first.reference
  }

  /// How many runs of priorities the queue keeps, and whether each holds 1 to
  /// ``chunkCapacity`` priorities in order, above the run before it, with its lowest recorded,
  /// and more than half a run together with the run before it (for the invariant checks and
  /// tests).
  var chunkShape: (chunks: Int, wellFormed: Bool) {
    guard chunkLows.count == chunks.count else { return (chunks.count, false) }
    var previous: [Int]?
    for index in chunks.indices {
      let priorities = chunks[index].priorities
      guard !priorities.isEmpty, priorities.count <= chunkCapacity,
        priorities.count == chunks[index].buckets.count, chunkLows[index] == priorities[0],
        zip(priorities, priorities.dropFirst()).allSatisfy({ $0 < $1 })
      else { return (chunks.count, false) }
      if let previous {
        guard priorities[0] > previous[previous.count - 1],
          previous.count + priorities.count > chunkCapacity / 2
        else { return (chunks.count, false) }
      }
      previous = priorities
    }
    return (chunks.count, true)
  }

  /// How many alerts the bucket of `priority` keeps in `rest` from its head and in each of its
  /// blocks, or `nil` when the runs hold none of that priority (for tests; a parked alert is in
  /// no bucket).
  func blockSizes(of priority: Int) -> (rest: Int, blocks: [Int])? {
    let (chunk, index, found) = place(of: priority)
    guard found else { return nil }
    let bucket = chunks[chunk].buckets[index]
    return (bucket.rest.count - bucket.head, bucket.blocks.map(\.entries.count))
  }

  /// The first way a bucket is out of shape, or `nil` (for the invariant checks and tests):
  /// an alert out of add order, of another priority, or with another add order than its
  /// entry's; a slot before `head` that keeps an alert; `rest` or a block too full, a block
  /// empty or under a quarter of the capacity (but the last), or with a stale `low`; blocks
  /// behind an empty `rest`; a parked alert that is not first in line, or not of its recorded
  /// priority and add order; or alerts that the queue's count does not count.
  var bucketProblem: String? {
    var total = 0
    if let alert = parked.alert {
      if alert.priority != parkedPriority || alert.seq != parked.seq {
        return "parks \(alert.priority)/\(alert.seq) as \(parkedPriority)/\(parked.seq)"
      }
      if let runsFront, !ranksBefore(alert.lineRank, runsFront) {
        return "parks \(alert.priority)/\(alert.seq) behind \(runsFront.priority)/\(runsFront.seq)"
      }
      total = 1
    }
    for chunk in chunks {
      for index in chunk.buckets.indices {
        let priority = chunk.priorities[index]
        if let problem = chunk.buckets[index].problem(priority, blockCapacity: blockCapacity) {
          return "bucket \(priority) \(problem)"
        }
        total += chunk.buckets[index].count
      }
    }
    return total == count ? nil : "the queue counts \(count) alerts but holds \(total)"
  }
}

extension LaneQueue.Bucket {
  /// The first way the bucket is out of shape, or `nil` (see ``LaneQueue/bucketProblem``).
  fileprivate func problem(_ priority: Int, blockCapacity: Int) -> String? {
    guard !first.isEmpty else { return "is empty" }
    var previous: UInt64?
    /// The first entry of `entries` that is empty, holds an alert of another priority or add
    /// order, or comes out of add order after `previous`.
    func misplaced(_ entries: ContiguousArray<LaneQueue.Entry>.SubSequence) -> String? {
      for entry in entries {
        guard let alert = entry.alert else { return "keeps an empty slot after its head" }
        if alert.seq != entry.seq || alert.priority != priority {
          return "holds \(alert.priority)/\(alert.seq) as \(entry.seq)"
        }
        if let previous, previous >= entry.seq { return "holds \(entry.seq) after \(previous)" }
        previous = entry.seq
      }
      return nil
    }
    if let problem = misplaced([first][...]) { return problem }
    for slot in 0..<head where !rest[slot].isEmpty {
      return "keeps an alert before its head"
    }
    if let problem = misplaced(rest[head...]) { return problem }
    if rest.count - head > blockCapacity { return "keeps \(rest.count - head) alerts in its rest" }
    if head == rest.count && !blocks.isEmpty { return "keeps blocks behind an empty rest" }
    for index in blocks.indices {
      let size = blocks[index].entries.count
      if size == 0 || size > blockCapacity || (index < blocks.count - 1 && size < blockCapacity / 4)
      {
        return "keeps \(size) alerts in block \(index)"
      }
      if blocks[index].low != blocks[index].entries[0].seq {
        return "records \(blocks[index].low) as the first of block \(index)"
      }
      if let problem = misplaced(blocks[index].entries[...]) { return "block \(index) \(problem)" }
    }
    return nil
  }
}

extension ContiguousArray where Element == LaneQueue.Entry {
  /// Where an alert of add order `seq` is, or would go, from `start` on.
  fileprivate func position(of seq: UInt64, from start: Int) -> Int {
    var low = start
    var high = count
    while low < high {
      let mid = (low + high) / 2
      if self[mid].seq < seq { low = mid + 1 } else { high = mid }
    }
    return low
  }
}

extension Array where Element == LaneQueue.Block {
  /// The last block whose first alert was added no later than `seq` (the first block when
  /// none was).
  fileprivate func block(of seq: UInt64) -> Int {
    var low = 1
    var high = count
    // The first block whose first alert was added after `seq`, from the second on.
    while low < high {
      let mid = (low + high) / 2
      if self[mid].low <= seq { low = mid + 1 } else { high = mid }
    }
    return low - 1
  }
}

/// The lane queues of one dispatch. A dispatch queues in one lane or a few: a linear search over
/// interned lane keys costs less than hashing a lane name.
///
/// A class, which its node holds in a constant: every pass reads the queues of every node of
/// the chain, and reading a structure out of a node's variable would copy (retain) its arrays.
// Unchecked for exclusivity at run time: see the note on `Engine.actions`.
@MainActor
final class LaneQueues {
  @exclusivity(unchecked)
  private var lanes: [LaneKey] = []
  @exclusivity(unchecked)
  private var queues: [LaneQueue] = []
  /// The first lane's key (−1 when there is none) and its front's rank, kept beside the arrays:
  /// most dispatches have one lane, and comparing the fronts of a chain then reads these alone,
  /// not two arrays per dispatch.
  @exclusivity(unchecked)
  private var firstLane = -1
  @exclusivity(unchecked)
  private var firstRank: LineRank?
  /// The first lane's front alert, not retained (its queue holds it), kept with `firstRank`:
  /// a pass reads it for the alert it puts up, most often from the first lane.
  @exclusivity(unchecked)
  private var firstFront: Unmanaged<AlertHandle>?

  /// Copies the first lane's key, front rank and front alert after a change to it.
  private func recordFirst() {
    if lanes.isEmpty {
      firstLane = -1
      firstRank = nil
      firstFront = nil
    } else {
      firstLane = lanes[0].rawValue
      firstRank = queues[0].frontRank
      firstFront = queues[0].frontReference
    }
  }

  /// Appends a cursor at the front of `lane`'s queue, if the dispatch has one, without copying
  /// the queue.
  func appendCursor(for lane: LaneKey, to cursors: inout [LaneQueue.Cursor]) {
    for index in lanes.indices where lanes[index] == lane {
      cursors.append(queues[index].cursor())
      return
    }
  }

  /// The first alert in line order of `lane`'s queue, if the dispatch has one.
  func front(for lane: LaneKey) -> AlertHandle? {
    guard let front = frontReference(for: lane) else { return nil }
    return front.takeUnretainedValue()
  }

  /// The first alert of `lane`'s queue, not retained (the queue holds it).
  func frontReference(for lane: LaneKey) -> Unmanaged<AlertHandle>? {
    if firstLane == lane.rawValue { return firstFront }
    for index in lanes.indices.dropFirst() where lanes[index] == lane {
      return queues[index].frontReference
    }
    return nil
  }

  /// The line position of the first alert of `lane`'s queue, if the dispatch has one; it
  /// retains no alert, so that comparing the fronts of a chain retains only the first in line.
  func frontRank(for lane: LaneKey) -> LineRank? {
    if firstLane == lane.rawValue { return firstRank }
    for index in lanes.indices.dropFirst() where lanes[index] == lane {
      return queues[index].frontRank
    }
    return nil
  }

  /// The lanes whose queue's recorded front rank is not its first alert's (for the invariant
  /// checks).
  func lanesWithStaleFrontRank() -> [Int] {
    var stale: [Int] = []
    for index in lanes.indices {
      let front = queues[index].front
      let rank = queues[index].frontRank
      if rank?.priority != front?.priority || rank?.seq != front?.seq {
        stale.append(lanes[index].rawValue)
      }
    }
    // The copy of the first lane's key, rank and front beside the arrays.
    let rank = queues.first?.frontRank
    if firstLane != (lanes.first?.rawValue ?? -1) || firstRank?.priority != rank?.priority
      || firstRank?.seq != rank?.seq
      || firstFront?.toOpaque() != queues.first?.frontReference?.toOpaque()
    {
      stale.append(lanes.first?.rawValue ?? -1)
    }
    return stale
  }

  /// The lanes whose queue keeps its runs of priorities out of shape: empty, too long, out of
  /// order, with a stale lowest priority, or small beside a run they should have joined (for
  /// the invariant checks).
  func lanesWithMalformedRuns() -> [Int] {
    lanes.indices.filter { !queues[$0].chunkShape.wellFormed }.map { lanes[$0].rawValue }
  }

  /// The lanes whose queue keeps a bucket out of shape, and how (for the invariant checks).
  func lanesWithMalformedBuckets() -> [(lane: Int, problem: String)] {
    lanes.indices.compactMap { index in
      queues[index].bucketProblem.map { (lanes[index].rawValue, $0) }
    }
  }

  /// Whether no lane queue holds an alert.
  var isEmpty: Bool { lanes.isEmpty }

  /// Each lane's key and a cursor at its queue's front (for the invariant checks).
  var cursorsByLane: [(lane: LaneKey, cursor: LaneQueue.Cursor)] {
    lanes.indices.map { (lanes[$0], queues[$0].cursor()) }
  }

  /// Adds `alert` to its lane's queue; with `parking`, as a suspended alert that comes back (see
  /// ``LaneQueue/insert(_:parking:)``).
  func insert(_ alert: AlertHandle, parking: Bool = false) {
    let lane = alert.laneKey
    for index in lanes.indices where lanes[index] == lane {
      queues[index].insert(alert, parking: parking)
      if index == 0 {
        firstRank = queues[0].frontRank
        firstFront = queues[0].frontReference
      }
      return
    }
    var queue = LaneQueue()
    queue.insert(alert, parking: parking)
    lanes.append(lane)
    queues.append(queue)
    if lanes.count == 1 { recordFirst() }
  }

  func remove(_ alert: AlertHandle) {
    let lane = alert.laneKey
    for index in lanes.indices where lanes[index] == lane {
      queues[index].remove(alert)
      if queues[index].isEmpty {
        lanes.remove(at: index)
        queues.remove(at: index)
      }
      if index == 0 { recordFirst() }
      return
    }
  }
}

/// Merges the lane queues of the dispatches on the chain into one line order.
///
/// Most plans read one alert, the first in line: it is found by comparing the front alert of
/// each queue, and a cursor per queue is made only when a plan reads on past it.
@MainActor
struct LaneMerge {
  private let chain: ActiveChain
  private let lane: LaneKey
  private var cursors: [LaneQueue.Cursor]
  /// What the first `next()` returned, until the cursors are made.
  private var first: AlertHandle?
  private var hasCursors = false

  /// Merges the lane's queues of the chain's dispatches that are not paused, keeping its cursors
  /// in `buffer`'s storage (empty) when given one; give it back with ``recycled()``.
  init(_ chain: ActiveChain, lane: LaneKey, reusing buffer: inout [LaneQueue.Cursor]) {
    self.chain = chain
    self.lane = lane
    cursors = []
    swap(&cursors, &buffer)
  }

  init(_ chain: ActiveChain, lane: LaneKey) {
    var buffer: [LaneQueue.Cursor] = []
    self.init(chain, lane: lane, reusing: &buffer)
  }

  /// The cursors' storage, emptied, for the next merge.
  mutating func recycled() -> [LaneQueue.Cursor] {
    cursors.empty()
    return cursors
  }

  /// The next alert in line order across all queues, or `nil`.
  mutating func next() -> AlertHandle? {
    guard hasCursors else {
      if let first {
        // The plan reads on: cursors from here, past the alert already read.
        hasCursors = true
        chain.cursors(for: lane, into: &cursors)
        for index in cursors.indices where cursors[index].current === first {
          cursors[index].advance()
          break
        }
        self.first = nil
        return nextFromCursors()
      }
      first = chain.front(for: lane)
      if first == nil { hasCursors = true }
      return first
    }
    return nextFromCursors()
  }

  private mutating func nextFromCursors() -> AlertHandle? {
    if cursors.count == 1 {
      let alert = cursors[0].current
      cursors[0].advance()
      return alert
    }
    var best: Int?
    var leader: AlertHandle?
    for index in cursors.indices {
      guard let candidate = cursors[index].current else { continue }
      if let leader, !candidate.ranksBefore(leader) { continue }
      best = index
      leader = candidate
    }
    guard let best else { return nil }
    cursors[best].advance()
    return leader
  }
}

/// An alert's place in line: its priority, then its add order.
typealias LineRank = (priority: Int, seq: UInt64)

/// Line order: higher priority first, then first added.
func ranksBefore(_ rank: LineRank, _ other: LineRank) -> Bool {
  rank.priority != other.priority ? rank.priority > other.priority : rank.seq < other.seq
}

extension AlertHandle {
  /// The alert's place in line.
  var lineRank: LineRank { (priority, seq) }

  /// Line order: higher priority first, then first added.
  func ranksBefore(_ other: AlertHandle) -> Bool {
    AlertDispatchKit.ranksBefore(lineRank, other.lineRank)
  }
}
