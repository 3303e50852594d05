import AlertDispatchKit
import AlertDispatchSimulator

/// AlertDispatch itself, on a virtual clock, with a presenter that answers `.presented` and
/// remembers the alert in front.
@MainActor
final class DispatchScheduler: BenchScheduler {
  let clock = VirtualClock()
  let screens: [AlertDispatch]
  /// The active child of each screen (an array the provider reads: it runs at every pass).
  private var activeChild: [AlertDispatch?]
  private let parents: [Int?]
  private var front: AlertHandle?
  private var presenter: ClosurePresenter!

  init(scenario: Scenario) {
    parents = scenario.screens.map(\.parent)
    let clock = self.clock
    let screens = scenario.screens.indices.map { index in
      AlertDispatch(
        name: "s\(index)", isVisible: scenario.screens[index].visible, clock: clock)
    }
    self.screens = screens
    activeChild = Array(repeating: nil, count: screens.count)
    for (parent, child) in scenario.activeChild { activeChild[parent] = screens[child] }
    presenter = ClosurePresenter(
      present: { [unowned self] alert in
        self.front = alert
        return .presented
      },
      hide: { [unowned self] alert in
        if self.front === alert { self.front = nil }
      },
      restore: { [unowned self] alert in self.front = alert }
    )
    // Children join in reverse order, leaves first, so that each join rebuilds only a small
    // detached subtree instead of the whole domain (joining is O(subtree), and rare in apps).
    for index in scenario.screens.indices.reversed() {
      if let parent = scenario.screens[index].parent {
        try! screens[index].setParent(screens[parent])
      }
    }
    screens[0].presenter = presenter
    for (parent, _) in scenario.activeChild {
      screens[parent].activeChildProvider = { [unowned self] in self.activeChild[parent] }
    }
    for alert in scenario.offstage {
      screens[alert.screen].add(alert.request)
    }
  }

  func add(_ alert: AlertSpec) {
    screens[alert.screen].add(alert.request)
  }

  func dismissFront() -> Bool {
    guard let alert = front else { return false }
    front = nil
    alert.dismiss(result: .closed)
    return true
  }

  func switchTab(from: Int, to: Int) {
    screens[from].disappear()
    activeChild[parents[to]!] = screens[to]
    screens[to].appear()
  }

  private static var fixtures: [Workload: DispatchScheduler] = [:]

  /// The scheduler for `scenario`; the trees of `deep` and `deep-bare` (10,000 screens) are
  /// built once and serve every size, since a run leaves only the offstage alerts behind.
  static func make(for scenario: Scenario) -> DispatchScheduler {
    guard scenario.workload == .deep || scenario.workload == .deepBare else {
      return DispatchScheduler(scenario: scenario)
    }
    if let fixture = fixtures[scenario.workload] { return fixture }
    let fixture = DispatchScheduler(scenario: scenario)
    fixtures[scenario.workload] = fixture
    return fixture
  }
}
