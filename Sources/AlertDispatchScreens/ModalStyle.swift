/// How a modal is presented, with UIKit's effect on the screens beneath it.
public enum ModalStyle: Sendable, Hashable, CustomStringConvertible {
  /// `UIModalPresentationStyle.fullScreen`: the screens beneath disappear
  /// (`viewWillDisappear` … `viewDidDisappear`) and their alerts are suspended.
  case fullScreen
  /// `UIModalPresentationStyle.pageSheet`, the default since iOS 13: the screens beneath stay
  /// appeared and get no callbacks.
  case pageSheet

  /// `fullScreen` or `pageSheet`.
  public var description: String {
    switch self {
    case .fullScreen: "fullScreen"
    case .pageSheet: "pageSheet"
    }
  }
}
