/// Where a request joins the line of its priority band in its lane: behind the alerts of its
/// priority that wait, or ahead of them (Chromium's `showAsNext`).
///
/// Priority comes first either way: an alert placed next goes ahead of every alert of its own
/// priority that waits in its lane, suspended ones included, and behind every higher one. It
/// reorders only who waits: it never takes the place of an alert of its priority in front
/// (only a strictly higher alert preempts). Of several alerts placed next in one band, the
/// newest goes first: each is the next one when it is added.
///
/// ```swift
/// // The answer to what the user just did goes before the alerts that were already waiting.
/// dispatch.add(AlertRequest(id: "upload-failed", placement: .next))
/// ```
public enum LinePlacement: Sendable, Hashable, CustomStringConvertible {
  /// Behind the alerts of its priority that wait (default), or as its lane's
  /// ``AlertLane/Order`` says.
  case back
  /// Ahead of the alerts of its priority that wait: it is the next of its priority to go up.
  case next

  /// `back` or `next`.
  public var description: String {
    switch self {
    case .back: "back"
    case .next: "next"
    }
  }
}
