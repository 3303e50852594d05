/// A point in time on an ``AlertClock``: the time since the clock's origin.
public struct AlertInstant: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The time since the clock's origin.
  public var offset: Duration

  /// Creates an instant at `offset` past the origin.
  public init(offset: Duration) { self.offset = offset }

  /// The clock's origin.
  public static let zero = AlertInstant(offset: .zero)
  /// The instant `seconds` past the origin: `.seconds(2)`, `.seconds(0.35)`.
  public static func seconds(_ seconds: Double) -> AlertInstant { .zero + .seconds(seconds) }
  /// The instant `milliseconds` past the origin: `.milliseconds(350)`.
  public static func milliseconds(_ value: Int) -> AlertInstant { .zero + .milliseconds(value) }

  /// Orders instants.
  public static func < (lhs: AlertInstant, rhs: AlertInstant) -> Bool {
    lhs.offset < rhs.offset
  }

  /// The instant `duration` later.
  public static func + (lhs: AlertInstant, rhs: Duration) -> AlertInstant {
    AlertInstant(offset: lhs.offset + rhs)
  }

  /// The time from `rhs` to `lhs`.
  public static func - (lhs: AlertInstant, rhs: AlertInstant) -> Duration {
    lhs.offset - rhs.offset
  }

  /// Seconds since the origin, such as `1.5s`.
  public var description: String { AlertInstant.format(offset) }

  /// Formats a duration as seconds with up to three decimals: `0s`, `0.15s`, `2s`.
  public static func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let millis = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    let sign = millis < 0 ? "-" : ""
    let whole = abs(millis) / 1000
    var fraction = String(abs(millis) % 1000)
    if fraction == "0" { return "\(sign)\(whole)s" }
    while fraction.count < 3 { fraction = "0" + fraction }
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(sign)\(whole).\(fraction)s"
  }
}

/// A timer scheduled on an ``AlertClock``; cancelling it guarantees it never fires.
@MainActor
public protocol AlertTimer: AnyObject {
  /// Stops the timer, and lets go of its action (which may hold a dispatch). Cancelling a
  /// timer that fired or was cancelled does nothing.
  func cancel()
}

/// The source of time for a dispatch domain.
///
/// Every time-based rule (readiness deadlines, expiry, delays, lane gaps, auto-dismiss, presenter
/// retries, dismissal timeouts) reads ``now`` and schedules timers through this protocol, so
/// tests can use a virtual clock that moves only when told (`AlertDispatchSimulator`'s
/// `VirtualClock`) and never sleep.
///
/// An implementation must:
/// - return a ``now`` that never goes backwards;
/// - call a scheduled action once, on the main actor, at or after its deadline, unless it was
///   cancelled first; never call it synchronously from ``schedule(at:_:)``;
/// - call actions due at the same instant in the order they were scheduled.
@MainActor
public protocol AlertClock: AnyObject {
  /// The current time.
  var now: AlertInstant { get }
  /// Calls `action` once at `deadline` (or as soon after as it can).
  func schedule(at deadline: AlertInstant, _ action: @escaping @MainActor () -> Void)
    -> any AlertTimer
}

/// The production clock: real time from `ContinuousClock`, timers as main-actor tasks.
///
/// Each timer's task sleeps until its deadline and then calls every action that has come due,
/// earliest deadline first and, at the same deadline, in the order scheduled: the sleeping
/// tasks wake in any order, so an action is not simply called by its own task.
@MainActor
public final class SystemAlertClock: AlertClock {
  /// The clock every dispatch uses unless it is given another.
  public static let shared = SystemAlertClock()

  private let origin = ContinuousClock.now

  /// The actions waiting for their deadlines.
  private var timers = SortedTimers()

  /// Creates a clock whose origin is now.
  public init() {}

  /// The time since this clock was created.
  public var now: AlertInstant { AlertInstant(offset: ContinuousClock.now - origin) }

  /// Schedules `action` with a main-actor task that sleeps until `deadline`.
  public func schedule(at deadline: AlertInstant, _ action: @escaping @MainActor () -> Void)
    -> any AlertTimer
  {
    let order = timers.add(at: deadline, action)
    let target = origin + deadline.offset
    let task = Task { @MainActor in
      try? await Task.sleep(until: target, clock: .continuous)
      if !Task.isCancelled { self.callDueActions(dueBy: deadline) }
    }
    return TaskTimer(task: task, clock: self, order: order)
  }

  /// The number of actions not yet called or cancelled, and of deadlines kept, for tests (a
  /// cancelled action leaves no deadline behind).
  var counts: (pending: Int, deadlines: Int) { (timers.count, timers.count) }

  /// Calls every pending action whose deadline has come, earliest deadline first, then in the
  /// order scheduled; `deadline`, the waking task's own, counts as come whatever `now` reads.
  /// An action that one of them cancels is not called.
  private func callDueActions(dueBy deadline: AlertInstant) {
    let now = max(self.now, deadline)
    while let due = timers.popDue(by: now) { due.action() }
  }

  private final class TaskTimer: AlertTimer {
    let task: Task<Void, Never>
    let clock: SystemAlertClock
    let order: UInt64
    init(task: Task<Void, Never>, clock: SystemAlertClock, order: UInt64) {
      self.task = task
      self.clock = clock
      self.order = order
    }
    func cancel() {
      task.cancel()
      // Freed here, after the access to the timers: see `SortedTimers.cancel(_:)`.
      let action = clock.timers.cancel(order)
      withExtendedLifetime(action) {}
    }
  }
}
