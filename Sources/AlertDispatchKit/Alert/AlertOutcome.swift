/// How an alert ended. Every alert ever added ends exactly once with one of these.
public enum AlertOutcome: Sendable, Hashable, CustomStringConvertible {
  /// The alert was shown, and the user or the app closed it with a result.
  case dismissed(AlertResult)
  /// The alert never showed, or was cut short, for this reason.
  case cancelled(CancellationReason)

  /// `dismissed(confirm)`, `cancelled(preempted by x)`, …
  public var description: String {
    switch self {
    case .dismissed(let result): "dismissed(\(result))"
    case .cancelled(let reason): "cancelled(\(reason))"
    }
  }
}

/// What the user chose when an alert was dismissed: usually the tapped button's title.
public struct AlertResult: Hashable, Sendable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The result's text.
  public var rawValue: String

  /// Creates a result.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Creates a result from a string literal.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// Closed without a particular choice.
  public static let closed = AlertResult("closed")
  /// Closed by the framework when its ``AlertTiming/autoDismiss`` time ran out.
  public static let autoDismissed = AlertResult("auto-dismissed")

  /// The result's text.
  public var description: String { rawValue }
}

/// Why an alert ended without being dismissed by the user or the app.
public enum CancellationReason: Sendable, Hashable, CustomStringConvertible {
  /// ``AlertHandle/cancel()`` was called.
  case cancelledByApp
  /// Added with ``DuplicatePolicy/keepExisting`` while this alert was unfinished.
  case duplicate(of: AlertID)
  /// An alert with the same id and ``DuplicatePolicy/replaceExisting`` took its place.
  case replaced(by: AlertID)
  /// A strictly higher alert took its place and its policy was ``InterruptionPolicy/cancel``.
  case preempted(by: AlertID)
  /// It had not gone up when its ``AlertTiming/expiry`` ran out.
  case expired
  /// It was not marked ready before its ``AlertTiming/readinessDeadline``.
  case readinessTimedOut
  /// Its dispatch was closed or released.
  case ownerClosed
  /// It was on screen when its dispatch left the active chain, and its
  /// ``AlertRequest/offstage`` policy is ``OffstagePolicy/end``.
  case ownerLeft
  /// It was to go up at once or not at all (``AlertRequest/showNowOrDrop``), and the pass that
  /// followed its add (or its ``AlertHandle/markReady()``) could not put it up.
  case notShownAtOnce
  /// More alerts waited in its lane than the lane's ``AlertLane/maximumWaiting`` allows, and its
  /// ``AlertLane/overflow`` policy picked this one.
  case overflow
  /// Its dependencies lead back to itself; the ids are the cycle, starting and ending with it.
  case dependencyCycle([AlertID])
  /// A frequency cap does not allow it now; the text names the cap.
  case frequencyCapped(String)
  /// The request was malformed; the text says how.
  case invalidRequest(String)

  /// A short phrase, such as `preempted by update`.
  public var description: String {
    switch self {
    case .cancelledByApp: "cancelled by app"
    case .duplicate(let id): "duplicate of \(id)"
    case .replaced(let id): "replaced by \(id)"
    case .preempted(let id): "preempted by \(id)"
    case .expired: "expired"
    case .readinessTimedOut: "readiness timed out"
    case .ownerClosed: "owner closed"
    case .ownerLeft: "owner left"
    case .overflow: "overflow"
    case .notShownAtOnce: "could not show at once"
    case .dependencyCycle(let ids):
      "dependency cycle \(ids.map(\.rawValue).joined(separator: " -> "))"
    case .frequencyCapped(let cap): "frequency capped: \(cap)"
    case .invalidRequest(let message): "invalid request: \(message)"
    }
  }
}

/// Where an alert is in its life.
///
/// `pending` → `queued` → `presenting` → `showing` ⇄ `suspended` → `dismissing` → `ended`.
public enum AlertState: Sendable, Hashable, CustomStringConvertible {
  /// Added, not ready yet.
  case pending
  /// Ready and waiting for its turn (or for dependencies, a delay, a gap).
  case queued
  /// The presenter accepted it and is animating it in.
  case presenting
  /// On screen.
  case showing
  /// It was on screen and is hidden now (preempted or its screen went away); it keeps its place.
  case suspended
  /// The framework asked the presenter to close it and waits for the presenter to finish.
  case dismissing
  /// Finished, with this outcome.
  case ended(AlertOutcome)

  /// Whether the alert is on screen (presenting, showing or dismissing).
  public var isVisible: Bool {
    switch self {
    case .presenting, .showing, .dismissing: true
    default: false
    }
  }

  /// Whether the alert has ended.
  public var isEnded: Bool {
    if case .ended = self { return true }
    return false
  }

  // Case tests for the passes, which copy no ended state's outcome as `==` would.

  /// Whether the alert is being dismissed.
  var isDismissing: Bool {
    if case .dismissing = self { return true }
    return false
  }

  /// Whether the alert is suspended.
  var isSuspended: Bool {
    if case .suspended = self { return true }
    return false
  }

  /// The state's name, and the outcome when ended.
  public var description: String {
    switch self {
    case .pending: "pending"
    case .queued: "queued"
    case .presenting: "presenting"
    case .showing: "showing"
    case .suspended: "suspended"
    case .dismissing: "dismissing"
    case .ended(let outcome): "ended(\(outcome))"
    }
  }
}
