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

  /// The timers waiting for their deadlines.
  private var timers = SortedTimers()

  private final class Entry: AlertTimer {
    weak var clock: VirtualClock?
    let order: UInt64

    init(clock: VirtualClock, order: UInt64) {
      self.clock = clock
      self.order = order
    }

    func cancel() {
      // Freed here, after the access to the timers: see `SortedTimers.cancel(_:)`.
      let action = clock?.timers.cancel(order)
      withExtendedLifetime(action) {}
    }
  }

  /// Creates a clock at `start` (the origin by default).
  public init(start: AlertInstant = .zero) {
    self.storedNow = start
  }

  /// Schedules `action` for `deadline`; it runs during a later ``advance(by:)``.
  public func schedule(at deadline: AlertInstant, _ action: @escaping @MainActor () -> Void)
    -> any AlertTimer
  {
    Entry(clock: self, order: timers.add(at: deadline, action))
  }

  /// The number of timers that have not fired or been cancelled.
  public var pendingTimerCount: Int { timers.count }

  /// The earliest deadline of a pending timer.
  public var nextDeadline: AlertInstant? { timers.nextDeadline() }

  /// Moves time forward by `duration`, firing every timer that falls due, in deadline order.
  /// A negative duration does nothing.
  public func advance(by duration: Duration) {
    advance(to: now + max(duration, .zero))
  }

  /// Moves time forward to `target` (never backwards), firing every timer that falls due.
  public func advance(to target: AlertInstant) {
    while let next = timers.popDue(by: target) {
      if next.deadline > now { now = next.deadline }
      next.action()
    }
    if target > now { now = target }
  }

  /// Moves time forward to `target`, firing the timers due before it but not those due at it:
  /// they fire at the next ``advance(to:)``. For a scenario's `at TIME before-timers`
  /// and `after-timers N`.
  func move(to target: AlertInstant) {
    while let deadline = timers.nextDeadline(), deadline < target {
      advance(to: deadline)
    }
    if target > now { now = target }
  }

  /// Fires the first timer due by `target` (`now` at the latest), if any: for a scenario's
  /// `at TIME after-timers N`, which fires the timers of its instant one at a time.
  func fireNext(dueBy target: AlertInstant) -> Bool {
    guard let next = timers.popDue(by: target) else { return false }
    if next.deadline > now { now = next.deadline }
    next.action()
    return true
  }

  /// Fires the timers due now without moving time.
  public func runDueTimers() {
    advance(to: now)
  }
}
