/// Where a screen is in UIKit's appearance cycle.
///
/// A transition moves a screen from ``disappeared`` through ``appearing`` (after
/// `viewWillAppear`) to ``appeared`` (after `viewDidAppear`), and back through
/// ``disappearing``. An animated transition stays in the middle states until it ends on the
/// simulator's clock.
public enum ScreenAppearance: Sendable, Hashable, CustomStringConvertible {
  /// Not on screen.
  case disappeared
  /// Between `viewWillAppear` and `viewDidAppear`.
  case appearing
  /// On screen: its dispatch is visible while its window is in the foreground.
  case appeared
  /// Between `viewWillDisappear` and `viewDidDisappear`.
  case disappearing

  /// The state's name.
  public var description: String {
    switch self {
    case .disappeared: "disappeared"
    case .appearing: "appearing"
    case .appeared: "appeared"
    case .disappearing: "disappearing"
    }
  }
}
