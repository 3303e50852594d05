/// A line of a run's transcript that a presenter or an alert's end writes, as the simulator's
/// presenters write it and a recorder writes what happened: one spelling for both, so that a
/// recording's `expect transcript` reads as its replay writes.
///
/// ```swift
/// ScenarioTranscriptLine.present(alert: "promo", dispatch: "home").description
/// // present promo @home
/// ```
public enum ScenarioTranscriptLine: Sendable, Hashable, CustomStringConvertible {
  /// `present ALERT @DISPATCH`: the presenter was asked to put the alert up, and did (at once or
  /// animating in).
  case present(alert: String, dispatch: String)
  /// `refuse ALERT @DISPATCH: REASON`: the presenter answered that it cannot present now.
  case refuse(alert: String, dispatch: String, reason: String)
  /// `hide ALERT @DISPATCH`: the presenter was asked to hide the alert.
  case hide(alert: String, dispatch: String)
  /// `restore ALERT @DISPATCH`: the presenter was asked to bring the alert back.
  case restore(alert: String, dispatch: String)
  /// `dismiss ALERT @DISPATCH`: the presenter was asked to take the alert down.
  case dismiss(alert: String, dispatch: String)
  /// `end ALERT: OUTCOME`: the alert ended, its outcome as printed (`dismissed(OK)`).
  case end(alert: String, outcome: String)

  /// The line as the transcript holds it.
  public var description: String {
    switch self {
    case .present(let alert, let dispatch): "present \(alert) @\(dispatch)"
    case .refuse(let alert, let dispatch, let reason): "refuse \(alert) @\(dispatch): \(reason)"
    case .hide(let alert, let dispatch): "hide \(alert) @\(dispatch)"
    case .restore(let alert, let dispatch): "restore \(alert) @\(dispatch)"
    case .dismiss(let alert, let dispatch): "dismiss \(alert) @\(dispatch)"
    case .end(let alert, let outcome): "end \(alert): \(outcome)"
    }
  }
}
