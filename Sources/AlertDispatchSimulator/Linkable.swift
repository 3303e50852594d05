import AlertDispatchKit

/// A screen or window whose children can be linked into its domain.
@MainActor
protocol Linkable: AnyObject {
  var dispatch: AlertDispatch { get }
  var isLinked: Bool { get }
}

extension Screen: Linkable {}
extension Window: Linkable {}

extension Linkable {
  /// The screen's dispatch when it has joined this domain, else `nil`: a provider answers only
  /// children that have joined, so that linking a tree one child at a time raises no
  /// diagnostic.
  func joinedDispatch(of screen: Screen?) -> AlertDispatch? {
    guard let child = screen?.dispatch, child.parent === dispatch else { return nil }
    return child
  }
}
