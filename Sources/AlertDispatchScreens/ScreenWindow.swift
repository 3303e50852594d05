public import AlertDispatchKit

/// A window of a ``ScreenGraph`` and its scene: a root screen, the modals presented over it,
/// and a foreground / background state.
///
/// The window has a dispatch of its own, visible while the scene is in the foreground, for
/// app-wide alerts. By default the window is one domain: its root and its modals are children
/// of its dispatch, and its active child is the topmost modal, else the root.
@MainActor
public final class ScreenWindow {
  /// The window's name: its dispatch's name.
  public let name: String
  /// The window's own dispatch; the root of the window's domain when linked.
  public let dispatch: AlertDispatch
  /// The root screen, `nil` until ``setRoot(_:)``.
  public private(set) var root: ScreenNode?
  /// The modals presented over the root, bottom first.
  public internal(set) var modals: [ScreenNode] = []
  /// Whether the scene is in the foreground (initially true).
  public private(set) var isForeground = true
  /// Whether the window is one domain (see ``link()``).
  public private(set) var isLinked = false
  /// Why the window takes no change now (such as a running transition), or `nil`: every call
  /// that changes its screens is refused with this reason while it is set.
  public var busyReason: String?
  /// The modals whose dismissal has begun and not ended, first begun first.
  var dismissing: [ScreenNode] = []

  /// The graph, held weakly, as a screen holds it.
  weak var graph: ScreenGraph?

  init(_ name: String, graph: ScreenGraph) {
    self.name = name
    self.graph = graph
    dispatch = graph.makeDispatch(name, true)
  }

  /// The root screen and the modals, bottom first.
  public var layers: [ScreenNode] {
    (root.map { [$0] } ?? []) + modals
  }

  /// The screens on the window's active chain, outermost first: those whose alerts may show
  /// now (``ScreenNode/inactiveReason`` is `nil`). Empty while the scene is in the background.
  public var activeChain: [ScreenNode] {
    layers.flatMap(\.subtree).filter { $0.inactiveReason == nil }
  }

  /// The layer whose screens are active: a modal being dismissed until its dismissal ends (as
  /// UIKit keeps `presentedViewController` until then), else the topmost layer.
  var activeLayer: ScreenNode? { dismissing.last ?? layers.last }

  /// The screens on display: the layers from the topmost full-screen one up (the root counts
  /// as full screen; a page sheet leaves what is beneath it on display), each container
  /// followed by its visible child.
  public func screensOnDisplay() -> [ScreenNode] {
    let layers = self.layers
    let base = layers.lastIndex { $0 === root || $0.modalStyle == .fullScreen } ?? 0
    return layers.indices.contains(base) ? layers[base...].flatMap(\.visibleSubtree) : []
  }

  /// Makes the window one domain: its root screen and modals become children of its dispatch,
  /// and the active layer is its active child. A graph that links by default links every
  /// window as it is made.
  public func link() {
    guard !isLinked else { return }
    isLinked = true
    dispatch.activeChildProvider = { [weak self] in
      guard let self, let layer = activeLayer, layer.dispatch.parent === dispatch else {
        return nil
      }
      return layer.dispatch
    }
    // The topmost layer is the active child: it joins first (see ScreenNode.link()).
    for screen in layers.reversed() { adopt(screen) }
  }

  /// Makes a screen that is becoming the root or a modal part of the window's domain when the
  /// window is linked and the screen does not own its domain.
  func adopt(_ screen: ScreenNode) {
    guard isLinked, !screen.ownsDomain else { return }
    screen.join(dispatch, linkedBy: name)
  }

  /// Makes `screen` the root screen and returns the change, which ends at once: the previous
  /// root and every modal disappear and are closed, and `screen` appears.
  ///
  /// - Throws: ``ScreenGraphError`` when the window is busy or `screen` cannot be placed.
  @discardableResult
  public func setRoot(_ screen: ScreenNode) throws -> ScreenChange {
    if screen === root { return ScreenChange.nothing() }
    if let problem = busyReason ?? screen.placementProblem(in: graph) {
      throw ScreenGraphError("setRoot \(screen.name)", at: name, problem)
    }
    return replaceLayers(with: screen)
  }

  /// Removes the root screen and every modal: they disappear and are closed.
  ///
  /// - Throws: ``ScreenGraphError`` when the window is busy.
  @discardableResult
  public func removeRoot() throws -> ScreenChange {
    if let busyReason { throw ScreenGraphError("removeRoot", at: name, busyReason) }
    return replaceLayers(with: nil)
  }

  private func replaceLayers(with screen: ScreenNode?) -> ScreenChange {
    let before = screensOnDisplay()
    if let screen { adopt(screen) }
    let removed = layers
    for old in removed { old.hostWindow = nil }
    modals = []
    root = screen
    screen?.hostWindow = self
    let change = begin(from: before, removing: removed, in: isLinked ? dispatch : nil)
    end(change)
    return change
  }

  /// The scene went to the background: the window's dispatch and every screen on display are
  /// hidden, so every alert of the window is suspended. Does nothing when it is already there.
  public func enterBackground() {
    guard isForeground else { return }
    isForeground = false
    for dispatch in dispatchesOnDisplay where dispatch.isVisible { dispatch.disappear() }
  }

  /// The scene came back: the window's dispatch and the screens on display that had appeared
  /// are visible again, in the order they were hidden, so their alerts come back in that order.
  /// A linked window is one domain: its screens come back first, beneath the window's dispatch,
  /// which comes back last, so that one pass brings back everything the domain showed as it
  /// was stacked. Does nothing when it is already in the foreground.
  public func enterForeground() {
    guard !isForeground else { return }
    isForeground = true
    var dispatches = dispatchesOnDisplay
    if isLinked { dispatches.append(dispatches.removeFirst()) }
    for dispatch in dispatches { dispatch.appear() }
  }

  /// The window's dispatch, then the dispatches of the appeared screens, bottom layer first.
  private var dispatchesOnDisplay: [AlertDispatch] {
    [dispatch] + screensOnDisplay().filter(\.hasAppeared).map(\.dispatch)
  }

  /// Asks every domain of the window for a pass, so that alerts a presenter refused while a
  /// change ran go up now rather than at their next retry.
  public func requestPass() {
    let dispatches = [dispatch] + layers.flatMap(\.subtree).map(\.dispatch)
    var roots: [AlertDispatch] = []
    for dispatch in dispatches where !roots.contains(where: { $0 === dispatch.root }) {
      roots.append(dispatch.root)
    }
    for root in roots { root.setNeedsArbitration() }
  }
}
