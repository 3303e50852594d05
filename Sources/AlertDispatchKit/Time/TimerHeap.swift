/// Timer actions waiting for their deadlines, in the order they fall due: earliest deadline
/// first and, at the same deadline, in the order added. Both clocks keep their timers in one.
///
/// A binary heap of deadlines beside the actions, so that a timer on each of thousands of
/// alerts costs O(log n) to add and to fire. A cancelled action is let go at once; its entry in
/// the heap stays until it comes to the top, or until cancelled entries outnumber the others.
@MainActor
package struct TimerHeap {
  private struct Pending {
    let deadline: AlertInstant
    let action: @MainActor () -> Void
  }

  /// The actions not yet fired or cancelled, by the order they were added in.
  private var pending: [UInt64: Pending] = [:]
  private var added: UInt64 = 0
  /// The deadlines and orders of the pending actions (and of some cancelled ones), earliest
  /// first.
  private var deadlines: [(deadline: AlertInstant, order: UInt64)] = []

  /// An empty heap.
  package init() {}

  /// How many actions are neither fired nor cancelled.
  package var count: Int { pending.count }

  /// How many entries the heap keeps, cancelled ones included (for tests).
  package var entryCount: Int { deadlines.count }

  /// Adds `action` for `deadline`; returns its order, the key to cancel it with.
  package mutating func add(at deadline: AlertInstant, _ action: @escaping @MainActor () -> Void)
    -> UInt64
  {
    added += 1
    pending[added] = Pending(deadline: deadline, action: action)
    push((deadline, added))
    return added
  }

  /// Takes out the action added as `order`, unless it fired or was cancelled, and returns it:
  /// the caller lets go of it once its access to the heap has ended, since what the action
  /// holds may, as it is freed, cancel another timer of the same clock.
  package mutating func cancel(_ order: UInt64) -> (@MainActor () -> Void)? {
    guard let removed = pending.removeValue(forKey: order) else { return nil }
    if deadlines.count > 2 * pending.count + 64 {
      // A sorted array is a heap.
      deadlines = pending.map { ($0.value.deadline, $0.key) }.sorted { $0 < $1 }
    }
    return removed.action
  }

  /// The earliest deadline of a pending action.
  package mutating func nextDeadline() -> AlertInstant? {
    dropCancelledTop()
    return deadlines.first?.deadline
  }

  /// Takes out the first action due by `limit` (deadline at or before it), with its deadline.
  package mutating func popDue(by limit: AlertInstant) -> (
    deadline: AlertInstant, action: @MainActor () -> Void
  )? {
    while let top = deadlines.first, top.deadline <= limit {
      popFirst()
      // A cancelled action's entry is dropped on the way.
      if let timer = pending.removeValue(forKey: top.order) {
        return (timer.deadline, timer.action)
      }
    }
    return nil
  }

  private mutating func dropCancelledTop() {
    while let top = deadlines.first, pending[top.order] == nil { popFirst() }
  }

  private mutating func push(_ entry: (deadline: AlertInstant, order: UInt64)) {
    deadlines.append(entry)
    var child = deadlines.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard deadlines[child] < deadlines[parent] else { break }
      deadlines.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func popFirst() {
    let last = deadlines.removeLast()
    guard !deadlines.isEmpty else { return }
    deadlines[0] = last
    var parent = 0
    while true {
      var least = parent
      let left = 2 * parent + 1
      if left < deadlines.count && deadlines[left] < deadlines[least] { least = left }
      if left + 1 < deadlines.count && deadlines[left + 1] < deadlines[least] { least = left + 1 }
      if least == parent { return }
      deadlines.swapAt(parent, least)
      parent = least
    }
  }
}
