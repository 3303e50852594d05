public import AlertDispatchKit

/// The wiring between an app's screens and its dispatches: the app names its windows and
/// containers and reports what its UI framework tells it; the graph keeps one dispatch per
/// screen, their parent links, active children and visibility, and closes the screens that go.
///
/// ```swift
/// let graph = ScreenGraph(presenter: presenter)
/// let window = graph.window("main")               // one window, one domain
/// let home = graph.screen("home")
/// let tabs = graph.tabs("tabs", [home, graph.screen("profile")])
/// try window.setRoot(tabs)                        // tabs and home appear
/// home.dispatch.add(AlertRequest(id: "rate-us"))
/// try tabs.select(1)                              // rate-us is suspended, not lost
/// ```
///
/// The rules it keeps, so that an app does not write them again:
/// - a navigation stack's active child is its top screen; a tab container's is its selected
///   tab; a window's is its topmost modal (one being dismissed stays active until its dismissal
///   ends), else its root screen;
/// - a screen's dispatch is visible while the screen has appeared, is on display (a full-screen
///   modal takes the screens beneath off display, a page sheet does not) and its window's scene
///   is in the foreground;
/// - a screen popped, dismissed or replaced is closed (its alerts end as owner closed);
/// - one window is one domain: its root screen and modals are children of the window's
///   dispatch, and each container's screens are children of the container's, unless a screen
///   asks for a domain of its own (``ScreenNode/ownsDomain``).
///
/// Calls that the structure forbids (pushing a closed screen, selecting a tab that is not
/// there) throw a ``ScreenGraphError`` and change nothing. Every change is reported to the
/// graph's observers (``observe(_:)``) as it happens.
@MainActor
public final class ScreenGraph {
  /// Makes the dispatch of a new screen or window, given its name and whether it starts
  /// visible.
  public typealias DispatchMaker = @MainActor (_ name: String, _ isVisible: Bool) -> AlertDispatch

  /// Whether windows and containers join the screens they hold into their domain (the
  /// default); when `false`, each dispatch is a domain of its own until ``ScreenWindow/link()``
  /// or ``ScreenNode/link()`` joins a subtree.
  public let linksByDefault: Bool
  /// The windows, first made first.
  public private(set) var windows: [ScreenWindow] = []

  let makeDispatch: DispatchMaker
  private var observers: [@MainActor (ScreenGraphEvent) -> Void] = []

  /// A graph whose dispatches use `presenter` and `clock`.
  ///
  /// - Parameters:
  ///   - presenter: The presenter of every dispatch the graph makes.
  ///   - clock: The clock of every dispatch the graph makes.
  ///   - linksByDefault: Whether a window is one domain (the default).
  public convenience init(
    presenter: (any AlertPresenter)?, clock: any AlertClock = SystemAlertClock.shared,
    linksByDefault: Bool = true
  ) {
    self.init(linksByDefault: linksByDefault) { name, isVisible in
      AlertDispatch(name: name, isVisible: isVisible, clock: clock, presenter: presenter)
    }
  }

  /// A graph whose dispatches `makeDispatch` makes (to give them a clock, a presenter, a
  /// frequency policy or observers of the app's choosing).
  public init(linksByDefault: Bool = true, makeDispatch: @escaping DispatchMaker) {
    self.linksByDefault = linksByDefault
    self.makeDispatch = makeDispatch
  }

  /// A new window (a `UIWindowScene` with its key window, a SwiftUI `WindowGroup` scene), in
  /// the foreground, with no root screen yet.
  public func window(_ name: String) -> ScreenWindow {
    let window = ScreenWindow(name, graph: self)
    windows.append(window)
    if linksByDefault { window.link() }
    return window
  }

  /// A new plain screen (a view controller, a SwiftUI destination), not on display yet.
  public func screen(_ name: String) -> ScreenNode {
    ScreenNode(name, kind: .plain, graph: self)
  }

  /// A new navigation stack (`UINavigationController`, `NavigationStack`) with `root` at the
  /// bottom. A root that cannot be placed (closed, or shown elsewhere) is left out, with a
  /// ``ScreenGraphEvent/problem(_:)`` event, and the stack starts empty.
  public func navigation(_ name: String, root: ScreenNode) -> ScreenNode {
    let navigation = ScreenNode(name, kind: .navigation, graph: self)
    do {
      try navigation.setStack([root])
    } catch let error as ScreenGraphError {
      send(.problem(error))
    } catch {
      send(.problem(ScreenGraphError("setStack", at: name, "\(error)")))
    }
    return navigation
  }

  /// A new tab container (`UITabBarController`, `TabView`) with `tabs`, `selected` selected
  /// (clamped to the tabs there are). A tab that cannot be placed is left out, with a
  /// ``ScreenGraphEvent/problem(_:)`` event.
  public func tabs(_ name: String, _ tabs: [ScreenNode], selected: Int = 0) -> ScreenNode {
    let container = ScreenNode(name, kind: .tabs, graph: self)
    for tab in tabs {
      if let problem = container.insertionProblem(tab) {
        send(.problem(ScreenGraphError("add tab \(tab.name)", at: name, problem)))
        continue
      }
      container.adopt(tab)
      tab.container = container
      container.tabs.append(tab)
    }
    if !container.tabs.isEmpty {
      container.selectedIndex = min(max(selected, 0), container.tabs.count - 1)
    }
    return container
  }

  /// Calls `handler` with every change of the graph, as it happens (see ``ScreenGraphEvent``).
  public func observe(_ handler: @escaping @MainActor (ScreenGraphEvent) -> Void) {
    observers.append(handler)
  }

  func send(_ event: ScreenGraphEvent) {
    for observer in observers { observer(event) }
  }
}

/// A change of a ``ScreenGraph``, sent to its observers as it happens.
public enum ScreenGraphEvent {
  /// The screen is leaving the display; its dispatch is hidden right after this event (as at
  /// UIKit's `viewWillDisappear`).
  case willDisappear(ScreenNode)
  /// The screen is coming on display (`viewWillAppear`); it appears when the change ends.
  case willAppear(ScreenNode)
  /// A change that took the screen off display ended (`viewDidDisappear`).
  case didDisappear(ScreenNode)
  /// A change that brought the screen on display ended; it appears right after this event (as
  /// at `viewDidAppear`).
  case didAppear(ScreenNode)
  /// The screen was closed: its alerts ended as owner closed.
  case closed(ScreenNode)
  /// The graph could not do part of a change that it carried on with (a screen that could not
  /// join its container's domain).
  case problem(ScreenGraphError)
}

/// Why a ``ScreenGraph`` refused a call; the call changed nothing.
public struct ScreenGraphError: Error, Equatable, CustomStringConvertible {
  /// The call, such as `push detail`.
  public var action: String
  /// The screen or window it was made on.
  public var place: String
  /// Why it was refused, such as `detail is closed`.
  public var reason: String

  /// A refusal of `action` on `place` for `reason`.
  public init(_ action: String, at place: String, _ reason: String) {
    self.action = action
    self.place = place
    self.reason = reason
  }

  /// `push detail @nav: detail is closed`.
  public var description: String { "\(action) @\(place): \(reason)" }
}
