public import AlertDispatchKit

/// A screen of a ``ScreenGraph``: a plain screen, a navigation stack or a tab container, with
/// the dispatch its alerts go to.
///
/// Make screens with the graph (``ScreenGraph/screen(_:)``, ``ScreenGraph/navigation(_:root:)``,
/// ``ScreenGraph/tabs(_:_:selected:)``) and report to them what the UI framework says: a
/// push, a pop, a new stack, a tab selected. A screen's dispatch is visible while it has
/// appeared, is on display and its window's scene is in the foreground; screens that a change
/// brings on display appear when the change ends, and a screen that is not in a window appears
/// and disappears as the app reports it (``appear()``, ``disappear()``).
@MainActor
public final class ScreenNode {
  /// What a screen holds.
  public enum Kind: Sendable, Hashable {
    /// A screen of its own (a view controller, a SwiftUI destination).
    case plain
    /// A navigation stack: the top screen is on display.
    case navigation
    /// A tab container: the selected tab is on display.
    case tabs
  }

  /// The screen's name: its dispatch's name.
  public let name: String
  /// What it holds.
  public let kind: Kind
  /// The screen's dispatch; add the screen's alerts to it.
  public let dispatch: AlertDispatch
  /// The navigation stack or tab container the screen is in; `nil` for a window's root, a modal
  /// or a screen not placed yet.
  public internal(set) weak var container: ScreenNode?
  /// How the screen was presented, when it is a modal of a window.
  public internal(set) var modalStyle: ModalStyle?
  /// Whether the screens it holds join its domain (see ``link()``).
  public internal(set) var isLinked = false
  /// Whether the screen has appeared and not disappeared since.
  public internal(set) var hasAppeared = false
  /// The screens of a navigation stack, bottom first; empty for other kinds.
  public internal(set) var stack: [ScreenNode] = []
  /// The tabs of a tab container, in order; empty for other kinds.
  public internal(set) var tabs: [ScreenNode] = []
  /// The selected tab's index; `nil` for other kinds and for a container with no tabs.
  public internal(set) var selectedIndex: Int?
  /// Whether the screen's dispatch is a domain of its own instead of a child of its
  /// container's or its window's: its alerts then compete only with each other. Setting it
  /// moves the screen's dispatch out of (or back into) its container's domain at once.
  public var ownsDomain = false {
    didSet {
      guard ownsDomain != oldValue else { return }
      if ownsDomain {
        try? dispatch.setParent(nil)
      } else if let container {
        container.adopt(self)
      } else if let hostWindow {
        hostWindow.adopt(self)
      }
    }
  }

  /// The window, when this screen is the window's root or one of its modals.
  weak var hostWindow: ScreenWindow?
  /// The graph, held weakly: a screen that outlives its graph stays harmless, and reports
  /// nothing.
  weak var graph: ScreenGraph?

  init(_ name: String, kind: Kind, graph: ScreenGraph) {
    self.name = name
    self.kind = kind
    self.graph = graph
    dispatch = graph.makeDispatch(name, false)
    if graph.linksByDefault { link() }
  }

  /// The screens it holds: the stack, or the tabs.
  public var children: [ScreenNode] {
    switch kind {
    case .plain: []
    case .navigation: stack
    case .tabs: tabs
    }
  }

  /// The screen it holds that is on display while it is: the top of the stack, the selected
  /// tab.
  public var visibleChild: ScreenNode? {
    switch kind {
    case .plain: nil
    case .navigation: stack.last
    case .tabs: selectedIndex.map { tabs[$0] }
    }
  }

  /// The window the screen is in, through its containers.
  public var window: ScreenWindow? { layerRoot.hostWindow }

  /// Whether the screen was closed.
  public var isClosed: Bool { dispatch.isClosed }

  /// The screen has appeared (`viewDidAppear`, `onAppear`): its dispatch becomes visible
  /// unless its window's scene is in the background. A closed screen stays as it is.
  public func appear() {
    guard !isClosed else { return }
    hasAppeared = true
    if window?.isForeground ?? true, !dispatch.isVisible { dispatch.appear() }
  }

  /// The screen is disappearing (`viewWillDisappear`, `onDisappear`): its dispatch is hidden,
  /// and its alerts on screen are suspended, not ended.
  public func disappear() {
    hasAppeared = false
    if dispatch.isVisible { dispatch.disappear() }
  }

  /// The screen is gone for good: it and every screen it holds are closed, innermost first,
  /// and their alerts end as owner closed. It stays where it is in its container, never
  /// active again.
  public func close() {
    closeSubtree()
  }

  /// Closes this screen and everything in it, innermost first, so that no child is left to
  /// become a root of its own while its container closes.
  func closeSubtree() {
    for child in children { child.closeSubtree() }
    guard !isClosed else { return }
    hasAppeared = false
    dispatch.close()
    graph?.send(.closed(self))
  }
}

extension ScreenNode {
  /// The outermost container of this screen: a window's root, a modal, or a free screen.
  var layerRoot: ScreenNode {
    var screen = self
    while let container = screen.container { screen = container }
    return screen
  }

  /// This screen and, while it is on display, its visible descendants, container first.
  var visibleSubtree: [ScreenNode] {
    [self] + (visibleChild?.visibleSubtree ?? [])
  }

  /// This screen and every descendant, container first.
  var subtree: [ScreenNode] {
    [self] + children.flatMap(\.subtree)
  }

  /// Why this screen cannot be placed in `graph` now, or `nil` when it can.
  func placementProblem(in graph: ScreenGraph?) -> String? {
    if isClosed { return "\(name) is closed" }
    if self.graph == nil || self.graph !== graph { return "\(name) belongs to another graph" }
    if container != nil || hostWindow != nil { return "\(name) is already shown elsewhere" }
    return nil
  }

  /// Why `screen` cannot be put under this screen, or `nil` when it can.
  func insertionProblem(_ screen: ScreenNode) -> String? {
    if let problem = screen.placementProblem(in: graph) { return problem }
    return layerRoot === screen ? "\(screen.name) would contain itself" : nil
  }

  /// Runs a change of this screen's children: refused when the screen is closed or its window
  /// is busy; otherwise the screens that leave the display disappear, those that arrive are
  /// announced, and the change ends at once or when the caller says (see
  /// ``ScreenWindow/end(_:)``).
  func change(
    _ action: String, endsAtOnce: Bool, _ mutate: () -> [ScreenNode]
  ) throws -> ScreenChange {
    if isClosed { throw ScreenGraphError(action, at: name, "\(name) is closed") }
    guard let window else {
      let removed = mutate()
      for screen in removed { screen.closeSubtree() }
      return ScreenChange.nothing()
    }
    if let busy = window.busyReason { throw ScreenGraphError(action, at: name, busy) }
    let before = window.screensOnDisplay()
    let removed = mutate()
    let change = window.begin(from: before, removing: removed, in: isLinked ? dispatch : nil)
    if endsAtOnce { window.end(change) }
    return change
  }
}
