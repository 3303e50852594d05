public import AlertDispatchKit

/// A clock that moves only when told: tests and the simulator use it so that nothing sleeps.
///
/// ```swift
/// let clock = VirtualClock()
/// let home = AlertDispatch(name: "home", clock: clock)
/// home.add(AlertRequest(id: "toast", timing: AlertTiming(autoDismiss: .seconds(2))))
/// clock.advance(by: .seconds(2))   // the toast is dismissed now
/// ```
///
/// Timers due at the same instant fire in the order they were scheduled. A timer scheduled by a
/// firing timer for an instant not later than the target fires in the same `advance`.
@MainActor
public final class VirtualClock: AlertClock {
  /// The current virtual time.
  public private(set) var now: AlertInstant {
    get { storedNow }
    set { storedNow = newValue }
  }
  // Internal storage, so that the optimizer can drop run-time exclusivity checks on reading it.
  private var storedNow: AlertInstant

  private var timers: [Entry] = []
  private var nextSequence = 0

  private final class Entry: AlertTimer {
    let deadline: AlertInstant
    let sequence: Int
    var action: (@MainActor () -> Void)?

    init(deadline: AlertInstant, sequence: Int, action: @escaping @MainActor () -> Void) {
      self.deadline = deadline
      self.sequence = sequence
      self.action = action
    }

    func cancel() { action = nil }
  }

  /// Creates a clock at `start` (the origin by default).
  public init(start: AlertInstant = .zero) {
    self.storedNow = start
  }

  /// Schedules `action` for `deadline`; it runs during a later ``advance(by:)``.
  public func schedule(at deadline: AlertInstant, _ action: @escaping @MainActor () -> Void)
    -> any AlertTimer
  {
    nextSequence += 1
    let entry = Entry(deadline: deadline, sequence: nextSequence, action: action)
    timers.append(entry)
    return entry
  }

  /// The number of timers that have not fired or been cancelled.
  public var pendingTimerCount: Int {
    timers.count { $0.action != nil }
  }

  /// The earliest deadline of a pending timer.
  public var nextDeadline: AlertInstant? {
    timers.filter { $0.action != nil }.map(\.deadline).min()
  }

  /// Moves time forward by `duration`, firing every timer that falls due, in deadline order.
  /// A negative duration does nothing.
  public func advance(by duration: Duration) {
    advance(to: now + max(duration, .zero))
  }

  /// Moves time forward to `target` (never backwards), firing every timer that falls due.
  public func advance(to target: AlertInstant) {
    while let next = dueEntry(by: target) {
      if next.deadline > now { now = next.deadline }
      let action = next.action
      next.action = nil
      timers.removeAll { $0 === next || $0.action == nil }
      action?()
    }
    if target > now { now = target }
  }

  /// Fires the timers due now without moving time.
  public func runDueTimers() {
    advance(to: now)
  }

  private func dueEntry(by target: AlertInstant) -> Entry? {
    var best: Entry?
    for entry in timers where entry.action != nil && entry.deadline <= target {
      if let current = best,
        (current.deadline, current.sequence) < (entry.deadline, entry.sequence)
      {
        continue
      }
      best = entry
    }
    return best
  }
}
