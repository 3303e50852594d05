/// Something that happened to an alert or a dispatch, with the time it happened.
///
/// Observe events with ``AlertDispatch/observe(_:)`` or iterate ``AlertDispatch/events``; a
/// dispatch sees the events of its own alerts and of every dispatch below it.
public struct AlertEvent: Sendable, Hashable, CustomStringConvertible {
  /// What happened.
  public enum Kind: Sendable, Hashable {
    /// The alert was added.
    case added
    /// A pending alert was marked ready.
    case ready
    /// The alert went up for the first time.
    case shown
    /// The alert was hidden (preempted, or its screen went away).
    case suspended
    /// A hidden alert came back.
    case restored
    /// A higher alert went up over it; it stays visible beneath.
    case covered(by: AlertID)
    /// The framework asked the presenter to close the alert.
    case dismissing(AlertOutcome)
    /// The presenter could not present the alert now; a retry is scheduled.
    case refused(String)
    /// The alert ended.
    case ended(AlertOutcome)
    /// A call was ignored or a rule was bent; the text says what and why.
    case diagnostic(String)
    /// The last unfinished alert of the domain ended: nothing is on screen or waiting in any of
    /// its dispatches (Chromium's `onLastDialogDismissed`). Delivered to the observers of the
    /// domain's root, named as its dispatch; an add makes the domain busy again.
    case drained
  }

  /// When it happened, on the domain's clock.
  public var time: AlertInstant
  /// What happened.
  public var kind: Kind
  /// The alert it happened to, if any.
  public var alertID: AlertID?
  /// The alert's lane, if any.
  public var lane: String?
  /// The name of the dispatch that owns the alert (or that the diagnostic is about).
  public var dispatch: String

  /// Creates an event.
  public init(
    time: AlertInstant, kind: Kind, alertID: AlertID? = nil, lane: String? = nil,
    dispatch: String
  ) {
    self.time = time
    self.kind = kind
    self.alertID = alertID
    self.lane = lane
    self.dispatch = dispatch
  }

  /// A one-line description: `1.5s shown promo [modal] @home`.
  public var description: String {
    var text = "\(time) \(kind)"
    if let alertID { text += " \(alertID)" }
    if let lane { text += " [\(lane)]" }
    return text + " @\(dispatch)"
  }
}

extension AlertEvent.Kind: CustomStringConvertible {
  /// `shown`, `ended(dismissed(ok))`, …
  public var description: String {
    switch self {
    case .added: "added"
    case .ready: "ready"
    case .shown: "shown"
    case .suspended: "suspended"
    case .restored: "restored"
    case .covered(let id): "covered(by \(id))"
    case .dismissing(let outcome): "dismissing(\(outcome))"
    case .refused(let reason): "refused(\(reason))"
    case .ended(let outcome): "ended(\(outcome))"
    case .diagnostic(let message): "diagnostic(\(message))"
    case .drained: "drained"
    }
  }
}

/// A token that stops an observation registered with ``AlertDispatch/observe(_:)``.
public struct AlertObservation: Hashable, Sendable {
  let id: Int
}
