import AlertDispatchKit

extension ScreenNode {
  /// Joins the screens this one holds into its domain, now and as they arrive: each one's
  /// dispatch gets this screen's as parent, and a container's active child is its top screen
  /// or selected tab. A graph that links by default links every screen as it is made.
  ///
  /// The provider comes first and the screen on display joins first, so that no pass in
  /// between sees the domain without its active chain and hides an alert only to restore it.
  public func link() {
    guard !isLinked else { return }
    isLinked = true
    if kind != .plain {
      dispatch.activeChildProvider = { [weak self] in
        guard let self else { return nil }
        return joinedDispatch(of: visibleChild)
      }
    }
    let visible = children.filter { $0 === visibleChild }
    for child in visible + children.filter({ $0 !== visibleChild }) { adopt(child) }
  }

  /// Makes a screen that is arriving part of this screen's domain when this screen is linked
  /// and the screen does not own its domain. Called before the screen is in the model, so
  /// that no pass sees it as active before it is a child.
  func adopt(_ child: ScreenNode) {
    guard isLinked, !child.ownsDomain else { return }
    child.join(dispatch, linkedBy: name)
  }

  /// Sets this screen's dispatch's parent and links its subtree.
  func join(_ parent: AlertDispatch, linkedBy place: String) {
    do {
      try dispatch.setParent(parent)
    } catch {
      graph?.send(.problem(ScreenGraphError("link \(name)", at: place, "\(error)")))
      return
    }
    link()
  }

  /// The screen's dispatch when it has joined this screen's domain, else `nil`: a provider
  /// answers only children that have joined, so that linking a tree one child at a time raises
  /// no diagnostic.
  func joinedDispatch(of screen: ScreenNode?) -> AlertDispatch? {
    guard let child = screen?.dispatch, child.parent === dispatch else { return nil }
    return child
  }

  /// Why the screen is not on its window's active chain, or `nil` when it is: its alerts may
  /// show when it is.
  ///
  /// Such as `closed`, `not in a window`, `nav shows detail`, `settings is presented over it`,
  /// `main is in the background`, `not appeared`.
  public var inactiveReason: String? {
    if isClosed { return "closed" }
    guard let window else { return hasAppeared ? nil : "not appeared" }
    var screen = self
    while let container = screen.container {
      if let shown = container.visibleChild, shown !== screen {
        return "\(container.name) shows \(shown.name)"
      }
      screen = container
    }
    if let top = window.activeLayer, top !== screen { return "\(top.name) is presented over it" }
    if !window.isForeground { return "\(window.name) is in the background" }
    return hasAppeared ? nil : "not appeared"
  }
}
