/// What happens to an alert on screen when its dispatch leaves the active chain (its screen
/// disappears, another tab is selected, its parent switches to another child).
///
/// ```swift
/// // A tab's dialog that makes no sense once the user has switched tabs.
/// tab.dispatch.add(AlertRequest(id: "unsaved-draft", offstage: .end))
/// ```
public enum OffstagePolicy: Sendable, Hashable, CustomStringConvertible {
  /// It is hidden and keeps its place; it comes back when its dispatch is on the chain again.
  /// The default.
  case suspend
  /// It is taken down and ends as ``CancellationReason/ownerLeft``; it does not come back.
  case end

  /// `suspend` or `end`.
  public var description: String {
    switch self {
    case .suspend: "suspend"
    case .end: "end"
    }
  }
}
