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
  public private(set) var tabs: [Screen] = []
  /// The index of the selected tab, `nil` when there are no tabs.
  public private(set) var selectedIndex: Int?

  init(_ name: String, tabs: [Screen], selected: Int, simulator: Simulator) {
    super.init(name, simulator: simulator)
    for tab in tabs {
      if let problem = insertionProblem(tab) {
        simulator.ignore("add tab \(tab.name)", at: name, problem)
        continue
      }
      tab.container = self
      self.tabs.append(tab)
    }
    if !self.tabs.isEmpty { selectedIndex = min(max(selected, 0), self.tabs.count - 1) }
  }

  /// The tabs, in order.
  override public var children: [Screen] { tabs }

  override var visibleChild: Screen? { selectedScreen }

  override var isContainer: Bool { true }

  /// The selected tab.
  public var selectedScreen: Screen? { selectedIndex.map { tabs[$0] } }

  /// Selects the tab at `index` (`selectedIndex`): the old tab disappears and the new one
  /// appears. Selecting the selected tab does nothing.
  public func select(_ index: Int) {
    guard tabs.indices.contains(index) else {
      return simulator.ignore("select \(index)", at: name, "there is no tab \(index)")
    }
    guard index != selectedIndex else { return }
    change("select \(tabs[index].name)", animated: false) {
      selectedIndex = index
      return []
    }
  }

  /// Selects `tab` (`selectedViewController`).
  public func select(_ tab: Screen) {
    guard let index = tabs.firstIndex(where: { $0 === tab }) else {
      return simulator.ignore("select \(tab.name)", at: name, "\(tab.name) is not a tab here")
    }
    select(index)
  }
}
