/// A point in time on an ``AlertClock``: the time since the clock's origin.
public struct AlertInstant: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The time since the clock's origin.
  public var offset: Duration

  /// Creates an instant at `offset` past the origin.
  public init(offset: Duration) { self.offset = offset }

  /// The clock's origin.
  public static let zero = AlertInstant(offset: .zero)

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

  /// An action waiting for its deadline.
  private struct Pending {
    let deadline: AlertInstant
    let action: @MainActor () -> Void
  }

  /// The actions not yet called or cancelled, by the order they were scheduled in.
  private var pending: [UInt64: Pending] = [:]
  private var scheduled: UInt64 = 0
  /// The pending actions' deadlines and orders, earliest first: a binary heap, so that an app
  /// with a timer on each of thousands of alerts pays O(log n) per timer. A cancelled action's
  /// entry stays until it comes to the top, or until cancelled entries outnumber the others.
  private var deadlines: [(deadline: AlertInstant, order: UInt64)] = []

  /// Creates a clock whose origin is now.
  public init() {}

  /// The time since this clock was created.
  public var now: AlertInstant { AlertInstant(offset: ContinuousClock.now - origin) }

  /// Schedules `action` with a main-actor task that sleeps until `deadline`.
  public func schedule(at deadline: AlertInstant, _ action: @escaping @MainActor () -> Void)
    -> any AlertTimer
  {
    scheduled += 1
    let order = scheduled
    pending[order] = Pending(deadline: deadline, action: action)
    push((deadline, order))
    let target = origin + deadline.offset
    let task = Task { @MainActor in
      try? await Task.sleep(until: target, clock: .continuous)
      if !Task.isCancelled { self.callDueActions(dueBy: deadline) }
    }
    return TaskTimer(task: task, clock: self, order: order)
  }

  /// The number of actions not yet called or cancelled, and of entries in the heap of
  /// deadlines (which may still hold cancelled ones), for tests.
  var counts: (pending: Int, deadlines: Int) { (pending.count, deadlines.count) }

  /// Calls every pending action whose deadline has come, earliest deadline first, then in the
  /// order scheduled; `deadline`, the waking task's own, counts as come whatever `now` reads.
  /// An action that one of them cancels is not called.
  private func callDueActions(dueBy deadline: AlertInstant) {
    let now = max(self.now, deadline)
    while let top = deadlines.first, top.deadline <= now {
      popFirst()
      if let timer = pending.removeValue(forKey: top.order) { timer.action() }
    }
  }

  private func cancel(_ order: UInt64) {
    guard pending.removeValue(forKey: order) != nil else { return }
    if deadlines.count > 2 * pending.count + 64 {
      // A sorted array is a heap.
      deadlines = pending.map { ($0.value.deadline, $0.key) }.sorted { $0 < $1 }
    }
  }

  private func push(_ entry: (deadline: AlertInstant, order: UInt64)) {
    deadlines.append(entry)
    var child = deadlines.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard deadlines[child] < deadlines[parent] else { break }
      deadlines.swapAt(child, parent)
      child = parent
    }
  }

  private func popFirst() {
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
      clock.cancel(order)
    }
  }
}
