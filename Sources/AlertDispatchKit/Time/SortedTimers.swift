/// Timer actions waiting for their deadlines, in the order they fall due: earliest deadline
/// first and, at the same deadline, in the order added. Both clocks keep their timers in one.
@MainActor
package struct SortedTimers {
  private struct Timer {
    let deadline: AlertInstant
    let order: UInt64
    let action: @MainActor () -> Void
  }

  /// The actions not yet fired or cancelled, in the order they fall due.
  private var timers: [Timer] = []
  private var added: UInt64 = 0

  /// No timers.
  package init() {}

  /// How many actions are neither fired nor cancelled.
  package var count: Int { timers.count }

  /// Adds `action` for `deadline`; returns its order, the key to cancel it with.
  package mutating func add(at deadline: AlertInstant, _ action: @escaping @MainActor () -> Void)
    -> UInt64
  {
    added += 1
    let place = timers.partitioningIndex { $0.deadline > deadline }
    timers.insert(Timer(deadline: deadline, order: added, action: action), at: place)
    return added
  }

  /// Takes out the action added as `order`, unless it fired or was cancelled, and returns it:
  /// the caller lets go of it once its access to the timers has ended, since what the action
  /// holds may, as it is freed, cancel another timer of the same clock.
  package mutating func cancel(_ order: UInt64) -> (@MainActor () -> Void)? {
    guard let index = timers.firstIndex(where: { $0.order == order }) else { return nil }
    return timers.remove(at: index).action
  }

  /// The earliest deadline of a pending action.
  package func nextDeadline() -> AlertInstant? { timers.first?.deadline }

  /// Takes out the first action due by `limit` (deadline at or before it), with its deadline.
  package mutating func popDue(by limit: AlertInstant) -> (
    deadline: AlertInstant, action: @MainActor () -> Void
  )? {
    guard let first = timers.first, first.deadline <= limit else { return nil }
    timers.removeFirst()
    return (first.deadline, first.action)
  }
}
