/// A simulated `UITabBarController`: tabs of which the selected one is on screen.
///
/// ```swift
/// let tabs = sim.window.setRoot(sim.tabs("tabs", [sim.screen("feed"), sim.screen("me")]))
/// tabs.select(1)
/// // viewWillDisappear @feed, viewWillAppear @me, viewDidDisappear @feed, viewDidAppear @me
/// ```
///
/// Switching tabs is not animated, as in UIKit. Tabs that are not selected stay open: their
/// alerts are suspended and come back when the tab is selected again. When linked, each tab is
/// a child of the container's dispatch and the active-child provider answers the selected tab.
public final class TabContainer: Screen {
  /// The tabs, in order.
  public var tabs: [Screen] { node.tabs.compactMap(simulator.screen(for:)) }
  /// The index of the selected tab, `nil` when there are no tabs.
  public var selectedIndex: Int? { node.selectedIndex }

  /// The selected tab.
  public var selectedScreen: Screen? { node.visibleChild.flatMap(simulator.screen(for:)) }

  /// Selects the tab at `index` (`selectedIndex`): the old tab disappears and the new one
  /// appears. Selecting the selected tab does nothing.
  public func select(_ index: Int) {
    simulator.announce(
      "select \(name) \(tabs.indices.contains(index) ? tabs[index].name : "\(index)")")
    simulator.run(animated: false) { try node.select(index, endsAtOnce: false) }
  }

  /// Selects `tab` (`selectedViewController`).
  public func select(_ tab: Screen) {
    simulator.announce("select \(name) \(tab.name)")
    simulator.run(animated: false) { try node.select(tab.node, endsAtOnce: false) }
  }
}
