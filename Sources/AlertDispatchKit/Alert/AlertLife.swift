/// Where an alert is in its life, with what each stage must remember: the one place that says
/// which moves an alert can make. ``AlertHandle/state`` is its public face.
///
/// ```
/// added ─▶ pending ─▶ queued ─▶ presenting ─▶ showing ◀─▶ suspended
///   │         │         ▲  │         │           │            │
///   │         │         └──┘ refused └───────────┴─▶ dismissing
///   └─────────┴──────────────────── any ───────────────────────┴─▶ ended
/// ```
///
/// Each transition is a method that moves the alert only from the stages it names and returns
/// whether it did. A late or repeated event (a second dismiss, a timer that fires after the
/// alert moved on) asks for a move that may fail, and changes nothing when it does; a move the
/// dispatch makes only from a stage it knows is made through ``AlertHandle/move(_:_:)``, for
/// which a failure is a bug. The data that matters in one stage only is that stage's: the
/// refusals of a queued alert, the countdowns of an alert that is up (``Countdowns``), the
/// deadline of a dismissal; a move that drops a stage's timer cancels it. ``AlertHandle`` is the
/// one place that stores a new stage. What a move does around it (the lane lines, and through
/// the engine the presenter and observers) is the dispatch's: see `AlertHandle+Lifecycle.swift`
/// and `DispatchNode+Pass.swift`.
enum AlertLife: Hashable {
  /// Made by `add` and not yet in its domain: an add made during a pass waits for the pass.
  case added(isReady: Bool)
  /// In its domain, waiting for `markReady()`.
  case pending
  /// Waits to go up (for its turn, its dependencies, a delay, a gap or a retry), with the
  /// presenter's refusals since it last went up.
  case queued(Refusals)
  // The countdowns of an alert that is up are boxed: an alert waits in line far longer than it
  // is up, and inline they would make every waiting alert's stage as large as theirs.
  /// The presenter was called and is animating it in.
  indirect case presenting(Countdowns)
  /// On screen.
  indirect case showing(Countdowns)
  /// It was on screen and is hidden; it keeps its place, and its countdowns are paused.
  indirect case suspended(Countdowns)
  /// The presenter was asked to close it, with `outcome`. `isReplaced` once an alert with its
  /// id took the id over: it animates out under an id that is not its own any more. `deadline`
  /// ends it anyway if the presenter does not report it gone in time.
  case dismissing(AlertOutcome, isReplaced: Bool, deadline: ScheduledTimer?)
  /// Finished. `awaitsDismiss` while the presenter, asked to close it, has yet to report it
  /// gone: that one `didDismiss(result:)` is expected and reports nothing.
  case ended(AlertOutcome, awaitsDismiss: Bool)

  /// The public state.
  var state: AlertState {
    switch self {
    case .added, .pending: .pending
    case .queued: .queued
    case .presenting: .presenting
    case .showing: .showing
    case .suspended: .suspended
    case .dismissing: .dismissing
    case .ended(let outcome, _): .ended(outcome)
    }
  }

  /// Whether the alert is indexed in its domain: from its registration to its end.
  var isRegistered: Bool {
    switch self {
    case .added, .ended: false
    default: true
    }
  }

  /// Whether the presenter has been called for it and it has not ended: it no longer waits
  /// for its dependencies, its expiry or its frequency caps.
  var hasGoneUp: Bool {
    switch self {
    case .presenting, .showing, .suspended, .dismissing: true
    case .added, .pending, .queued, .ended: false
    }
  }

  /// Whether an alert with its id took the id over while it animates out.
  var isReplaced: Bool {
    if case .dismissing(_, true, _) = self { return true }
    return false
  }

  /// The outcome the presenter was asked to close it with.
  var dismissalOutcome: AlertOutcome? {
    if case .dismissing(let outcome, _, _) = self { return outcome }
    return nil
  }

  /// The presenter's refusals of a queued alert since it last went up (none in other stages).
  var refusals: Refusals {
    if case .queued(let refusals) = self { return refusals }
    return Refusals()
  }

  /// The timers the stage holds: a move that drops one cancels it (``AlertHandle/moveIfAble(_:)``).
  var timers: [any AlertTimer] {
    if case .dismissing(_, _, let deadline?) = self { return [deadline.timer] }
    return countdowns?.timers ?? []
  }

  /// Joins its domain: queued if it was ready when added or marked ready since, else pending.
  mutating func register() {
    guard case .added(let isReady) = self else { return }
    self = isReady ? .queued(Refusals()) : .pending
  }

  /// `markReady()`: returns whether a pending alert became queued.
  mutating func markReady() -> Bool {
    switch self {
    case .added: self = .added(isReady: true)
    case .pending: self = .queued(Refusals())
    default: return false
    }
    return self.state == .queued
  }

  /// The presenter is about to be called for a queued alert, which starts `countdowns`.
  mutating func present(_ countdowns: Countdowns) -> Bool {
    guard case .queued = self else { return false }
    self = .presenting(countdowns)
    return true
  }

  /// The presenter refused `refusals.count` times, the last time now: the alert waits again,
  /// for the retry `refusals` sets.
  mutating func refuse(_ refusals: Refusals) -> Bool {
    guard self.state == .presenting || self.state == .queued else { return false }
    self = .queued(refusals)
    return true
  }

  /// Lets a queued alert that a presenter refused retry at the next pass instead of waiting for
  /// its backoff; its refusals still count.
  mutating func retryNow() -> Bool {
    guard case .queued(var refusals) = self, refusals.retryAt != nil else { return false }
    refusals.retryAt = nil
    self = .queued(refusals)
    return true
  }

  /// The presenter reports the alert on screen (at once, or after animating in).
  mutating func finishPresenting() -> Bool {
    guard case .presenting(let countdowns) = self else { return false }
    self = .showing(countdowns)
    return true
  }

  /// Back on screen, its countdowns still paused (the dispatch resumes them).
  mutating func restore() -> Bool {
    guard case .suspended(let countdowns) = self else { return false }
    self = .showing(countdowns)
    return true
  }

  /// Hidden at `now`, by preemption or because its screen left the chain: its countdowns stop,
  /// keeping the time they have left.
  mutating func suspend(at now: AlertInstant) -> Bool {
    switch self {
    case .presenting(var countdowns), .showing(var countdowns):
      countdowns.pauseAutoDismiss(at: now)
      countdowns.pauseMinimum(at: now)
      self = .suspended(countdowns)
      return true
    default:
      return false
    }
  }

  /// The presenter is asked to close a visible alert with `outcome`; what it counted down is
  /// dropped, and a take-down that waited for its minimum display time with it.
  mutating func beginDismissal(_ outcome: AlertOutcome) -> Bool {
    guard self.state == .presenting || self.state == .showing else { return false }
    self = .dismissing(outcome, isReplaced: false, deadline: nil)
    return true
  }

  /// The timer that ends a dismissal the presenter does not report in time.
  mutating func setDismissalDeadline(_ timer: any AlertTimer) -> Bool {
    guard case .dismissing(let outcome, let isReplaced, nil) = self else { return false }
    self = .dismissing(outcome, isReplaced: isReplaced, deadline: ScheduledTimer(timer))
    return true
  }

  /// An alert with its id took the id over while this one animates out.
  mutating func giveUpID() {
    guard case .dismissing(let outcome, false, let deadline) = self else { return }
    self = .dismissing(outcome, isReplaced: true, deadline: deadline)
  }

  /// Ends the alert; `presenterAsked` when the presenter has just been asked to close it.
  /// Returns false if it had already ended.
  mutating func end(_ outcome: AlertOutcome, presenterAsked: Bool = false) -> Bool {
    switch self {
    case .ended: return false
    case .dismissing: self = .ended(outcome, awaitsDismiss: true)
    default: self = .ended(outcome, awaitsDismiss: presenterAsked)
    }
    return true
  }

  /// The presenter's expected `didDismiss(result:)` after the end: returns whether this was it.
  mutating func absorbDismiss() -> Bool {
    guard case .ended(let outcome, true) = self else { return false }
    self = .ended(outcome, awaitsDismiss: false)
    return true
  }
}

/// The presenter's refusals of a queued alert since it last went up: how many, when it may be
/// tried again (`nil` once it may be tried at once), and what the presenter last said.
struct Refusals: Hashable {
  var count = 0
  var retryAt: AlertInstant?
  var reason: String?

  /// One more refusal at `now`, for `reason`: the retry waits with a bounded backoff (0.1 s,
  /// 0.2 s, 0.4 s, … at most 2 s).
  func adding(_ reason: String, at now: AlertInstant) -> Refusals {
    let count = count + 1
    let backoff = min(Duration.milliseconds(100) * (1 << min(count - 1, 5)), .seconds(2))
    return Refusals(count: count, retryAt: now + backoff, reason: reason)
  }
}

/// A timer a stage holds, compared by identity: two stages are the same when they hold the
/// same timer.
struct ScheduledTimer: Hashable {
  let timer: any AlertTimer

  init(_ timer: any AlertTimer) { self.timer = timer }

  static func == (a: ScheduledTimer, b: ScheduledTimer) -> Bool { a.timer === b.timer }

  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(timer)) }
}
