import AlertDispatchKit

/// A screen or window whose children can be linked into its domain.
@MainActor
protocol Linkable: AnyObject {
  var dispatch: AlertDispatch { get }
  var isLinked: Bool { get }
}

extension Screen: Linkable {}
extension Window: Linkable {}
