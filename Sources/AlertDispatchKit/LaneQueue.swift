/// The alerts of one dispatch and one lane that compete for the lane, in line order: priority
/// high to low, then first added first.
///
/// Alerts of equal priority share a bucket kept in add order, so the common operations (add an
/// alert, take the front one) cost O(log P) for P distinct priorities, whatever the queue holds.
@MainActor
struct LaneQueue {
  private struct Bucket {
    var items: ContiguousArray<AlertHandle> = []
    var head = 0

    var isEmpty: Bool { head == items.count }

    mutating func insert(_ alert: AlertHandle) {
      if items.last.map({ $0.seq < alert.seq }) ?? true {
        items.append(alert)
        return
      }
      items.insert(alert, at: position(of: alert.seq))
    }

    mutating func remove(_ alert: AlertHandle) {
      let index = position(of: alert.seq)
      guard index < items.count, items[index] === alert else { return }
      if index == head {
        head += 1
        if head > 32 && head * 2 > items.count {
          items.removeFirst(head)
          head = 0
        }
      } else {
        items.remove(at: index)
      }
    }

    func position(of seq: UInt64) -> Int {
      var low = head
      var high = items.count
      while low < high {
        let mid = (low + high) / 2
        if items[mid].seq < seq { low = mid + 1 } else { high = mid }
      }
      return low
    }
  }

  /// Distinct priorities present, high to low, and the bucket of each at the same index: the
  /// cursors of every pass read buckets by index, without hashing.
  private var priorities: [Int] = []
  private var buckets: [Bucket] = []
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  /// Where `priority` is, or would be inserted, in `priorities` (high to low).
  private func slot(of priority: Int) -> (index: Int, found: Bool) {
    var low = 0
    var high = priorities.count
    while low < high {
      let mid = (low + high) / 2
      if priorities[mid] > priority { low = mid + 1 } else { high = mid }
    }
    return (low, low < priorities.count && priorities[low] == priority)
  }

  mutating func insert(_ alert: AlertHandle) {
    let (index, found) = slot(of: alert.request.priority.rawValue)
    if !found {
      priorities.insert(alert.request.priority.rawValue, at: index)
      buckets.insert(Bucket(), at: index)
    }
    buckets[index].insert(alert)
    count += 1
  }

  mutating func remove(_ alert: AlertHandle) {
    let (index, found) = slot(of: alert.request.priority.rawValue)
    guard found else { return }
    let before = buckets[index].items.count - buckets[index].head
    buckets[index].remove(alert)
    let after = buckets[index].items.count - buckets[index].head
    count -= before - after
    if buckets[index].isEmpty {
      priorities.remove(at: index)
      buckets.remove(at: index)
    }
  }

  /// Reads the queue in line order.
  struct Cursor {
    fileprivate let queue: LaneQueue
    fileprivate var bucketIndex = 0
    fileprivate var position: Int

    fileprivate init(queue: LaneQueue) {
      self.queue = queue
      self.position = queue.buckets.first?.head ?? 0
    }

    /// The alert under the cursor, or `nil` past the end.
    var current: AlertHandle? {
      guard bucketIndex < queue.buckets.count else { return nil }
      return queue.buckets[bucketIndex].items[position]
    }

    mutating func advance() {
      guard bucketIndex < queue.buckets.count else { return }
      position += 1
      if position == queue.buckets[bucketIndex].items.count {
        bucketIndex += 1
        if bucketIndex < queue.buckets.count {
          position = queue.buckets[bucketIndex].head
        }
      }
    }
  }

  func cursor() -> Cursor { Cursor(queue: self) }
}

/// Merges the lane queues of the dispatches on the chain into one line order.
@MainActor
struct LaneMerge {
  private var cursors: [LaneQueue.Cursor]

  init(_ queues: [LaneQueue]) {
    cursors = []
    cursors.reserveCapacity(queues.count)
    for queue in queues { cursors.append(queue.cursor()) }
  }

  /// The next alert in line order across all queues, or `nil`.
  mutating func next() -> AlertHandle? {
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

extension AlertHandle {
  /// Line order: higher priority first, then first added.
  func ranksBefore(_ other: AlertHandle) -> Bool {
    if request.priority != other.request.priority {
      return request.priority > other.request.priority
    }
    return seq < other.seq
  }
}
