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

  /// Distinct priorities present, high to low.
  private var priorities: [Int] = []
  private var buckets: [Int: Bucket] = [:]
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  mutating func insert(_ alert: AlertHandle) {
    let priority = alert.request.priority.rawValue
    if buckets[priority] == nil {
      var low = 0
      var high = priorities.count
      while low < high {
        let mid = (low + high) / 2
        if priorities[mid] > priority { low = mid + 1 } else { high = mid }
      }
      priorities.insert(priority, at: low)
      buckets[priority] = Bucket()
    }
    buckets[priority]!.insert(alert)
    count += 1
  }

  mutating func remove(_ alert: AlertHandle) {
    let priority = alert.request.priority.rawValue
    guard buckets[priority] != nil else { return }
    let before = buckets[priority]!.items.count - buckets[priority]!.head
    buckets[priority]!.remove(alert)
    let after = buckets[priority]!.items.count - buckets[priority]!.head
    count -= before - after
    if buckets[priority]!.isEmpty {
      buckets[priority] = nil
      if let index = priorities.firstIndex(of: priority) { priorities.remove(at: index) }
    }
  }

  /// Reads the queue in line order.
  struct Cursor {
    fileprivate let queue: LaneQueue
    fileprivate var priorityIndex = 0
    fileprivate var position: Int

    fileprivate init(queue: LaneQueue) {
      self.queue = queue
      self.position = queue.priorities.first.map { queue.buckets[$0]!.head } ?? 0
    }

    /// The alert under the cursor, or `nil` past the end.
    var current: AlertHandle? {
      guard priorityIndex < queue.priorities.count else { return nil }
      let bucket = queue.buckets[queue.priorities[priorityIndex]]!
      return bucket.items[position]
    }

    mutating func advance() {
      guard priorityIndex < queue.priorities.count else { return }
      position += 1
      if position == queue.buckets[queue.priorities[priorityIndex]]!.items.count {
        priorityIndex += 1
        if priorityIndex < queue.priorities.count {
          position = queue.buckets[queue.priorities[priorityIndex]]!.head
        }
      }
    }
  }

  func cursor() -> Cursor { Cursor(queue: self) }

  /// Every alert in line order (for diagnostics and invariant checks).
  var all: [AlertHandle] {
    var result: [AlertHandle] = []
    var cursor = cursor()
    while let alert = cursor.current {
      result.append(alert)
      cursor.advance()
    }
    return result
  }
}

/// Merges the lane queues of the dispatches on the chain into one line order.
@MainActor
struct LaneMerge {
  private var cursors: [LaneQueue.Cursor]

  init(_ queues: [LaneQueue]) {
    cursors = queues.map { $0.cursor() }
  }

  /// The next alert in line order across all queues, or `nil`.
  mutating func next() -> AlertHandle? {
    var best: Int?
    for index in cursors.indices {
      guard let candidate = cursors[index].current else { continue }
      if let current = best, let leader = cursors[current].current,
        !candidate.ranksBefore(leader)
      {
        continue
      }
      best = index
    }
    guard let best else { return nil }
    let alert = cursors[best].current
    cursors[best].advance()
    return alert
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
