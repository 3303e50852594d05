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
/// whether it did, so that a late or repeated event changes nothing. What a move does around
/// it (timers, the presenter, the lane lines, observers) is the dispatch's: see
/// `AlertHandle+Lifecycle.swift` and `DispatchNode+Pass.swift`.
enum AlertLife: Hashable {
  /// Made by `add` and not yet in its domain: an add made during a pass waits for the pass.
  case added(isReady: Bool)
  /// In its domain, waiting for `markReady()`.
  case pending
  /// Waits to go up (for its turn, its dependencies, a delay, a gap or a retry).
  case queued
  /// The presenter was called and is animating it in.
  case presenting
  /// On screen.
  case showing
  /// It was on screen and is hidden; it keeps its place.
  case suspended
  /// The presenter was asked to close it, with `outcome`. `isReplaced` once an alert with its
  /// id took the id over: it animates out under an id that is not its own any more.
  case dismissing(AlertOutcome, isReplaced: Bool)
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
    if case .dismissing(_, true) = self { return true }
    return false
  }

  /// The outcome the presenter was asked to close it with.
  var dismissalOutcome: AlertOutcome? {
    if case .dismissing(let outcome, _) = self { return outcome }
    return nil
  }

  /// Joins its domain: queued if it was ready when added or marked ready since, else pending.
  mutating func register() {
    guard case .added(let isReady) = self else { return }
    self = isReady ? .queued : .pending
  }

  /// `markReady()`: returns whether a pending alert became queued.
  mutating func markReady() -> Bool {
    switch self {
    case .added: self = .added(isReady: true)
    case .pending: self = .queued
    default: return false
    }
    return self == .queued
  }

  /// The presenter is about to be called for a queued alert.
  mutating func present() -> Bool { move(from: .queued, to: .presenting) }

  /// The presenter refused: the alert waits again.
  mutating func refuse() -> Bool { move(from: .presenting, to: .queued) }

  /// The presenter reports the alert on screen (at once, or after animating in).
  mutating func finishPresenting() -> Bool { move(from: .presenting, to: .showing) }

  /// Back on screen.
  mutating func restore() -> Bool { move(from: .suspended, to: .showing) }

  /// Hidden, by preemption or because its screen left the chain.
  mutating func suspend() -> Bool {
    guard self == .presenting || self == .showing else { return false }
    self = .suspended
    return true
  }

  /// The presenter is asked to close a visible alert with `outcome`.
  mutating func beginDismissal(_ outcome: AlertOutcome) -> Bool {
    guard self == .presenting || self == .showing else { return false }
    self = .dismissing(outcome, isReplaced: false)
    return true
  }

  /// An alert with its id took the id over while this one animates out.
  mutating func giveUpID() {
    guard case .dismissing(let outcome, false) = self else { return }
    self = .dismissing(outcome, isReplaced: true)
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

  private mutating func move(from stage: AlertLife, to next: AlertLife) -> Bool {
    guard self == stage else { return false }
    self = next
    return true
  }
}
