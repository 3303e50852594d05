import AlertDispatchKit
import AlertDispatchSimulator

/// How the benchmark's app names each screen's active child.
protocol ChildNaming {
  /// Whether an `activeChildProvider` closure names it (asked at every pass), rather than
  /// `activeChild` set when the selection changes.
  static var usesProvider: Bool { get }
}

/// The app sets `activeChild` when a tab is switched, as a tab bar's delegate would.
enum PushedChild: ChildNaming {
  static var usesProvider: Bool { false }
}

/// The app gives each parent an `activeChildProvider` that reads its selection.
enum ProvidedChild: ChildNaming {
  static var usesProvider: Bool { true }
}

/// AlertDispatch as the benchmark measures it: active children set by the app.
typealias DispatchScheduler = AppDispatchScheduler<PushedChild>
/// AlertDispatch with active-child providers, for the cost of asking them at every pass.
typealias ProviderDispatchScheduler = AppDispatchScheduler<ProvidedChild>

/// The deep trees (10,000 screens) built so far, by workload and naming.
@MainActor
private var fixtures: [String: AnyObject] = [:]

/// The app's presenter: it answers `.presented` and remembers the alert in front.
///
/// A class of its own, as an app's presenter would be, rather than a `ClosurePresenter` whose
/// closures reach the scheduler through `[unowned self]`: each such call took a strong
/// reference and gave it back, atomic operations the app need not pay.
@MainActor
final class FrontPresenter: AlertPresenter {
  var front: AlertHandle?

  func present(_ alert: AlertHandle) -> PresentationAnswer {
    front = alert
    return .presented
  }

  func hide(_ alert: AlertHandle) {
    if front === alert { front = nil }
  }

  func restore(_ alert: AlertHandle) { front = alert }

  func dismiss(_ alert: AlertHandle) {}
}

/// AlertDispatch itself, on a virtual clock, with a presenter that answers `.presented` and
/// remembers the alert in front.
@MainActor
final class AppDispatchScheduler<Naming: ChildNaming>: BenchScheduler {
  let clock = VirtualClock()
  let screens: [AlertDispatch]
  /// The active child of each screen (an array the provider reads: it runs at every pass).
  private var activeChild: [AlertDispatch?]
  private let parents: [Int?]
  private let presenter = FrontPresenter()

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
    // Children join in reverse order, leaves first, so that each join rebuilds only a small
    // detached subtree instead of the whole domain (joining is O(subtree), and rare in apps).
    for index in scenario.screens.indices.reversed() {
      if let parent = scenario.screens[index].parent {
        try! screens[index].setParent(screens[parent])
      }
    }
    screens[0].presenter = presenter
    for (parent, child) in scenario.activeChild {
      if Naming.usesProvider {
        screens[parent].activeChildProvider = { [unowned self] in self.activeChild[parent] }
      } else {
        screens[parent].activeChild = screens[child]
      }
    }
    for alert in scenario.offstage {
      screens[alert.screen].add(alert.request)
    }
  }

  func add(_ alert: AlertSpec) {
    screen(alert.screen) { $0.add(alert.request) }
  }

  func dismissFront() -> Bool {
    guard let alert = presenter.front else { return false }
    presenter.front = nil
    alert.didDismiss(result: .closed)
    return true
  }

  func switchTab(from: Int, to: Int) {
    screen(from) { $0.disappear() }
    let parent = parents[to]!
    if Naming.usesProvider {
      activeChild[parent] = screens[to]
    } else {
      // The new child is passed retained, as an app's `activeChild = child.dispatch` passes it.
      screen(parent) { $0.activeChild = screens[to] }
    }
    screen(to) { $0.appear() }
  }

  /// Calls `body` on screen `index`.
  private func screen(_ index: Int, _ body: (AlertDispatch) -> Void) {
    body(screens[index])
  }

  /// The scheduler for `scenario`; the trees of `deep` and `deep-bare` (10,000 screens) are
  /// built once per slot and serve every size, since a run leaves only the offstage alerts
  /// behind (and letting go of one re-indexes what is left of its domain at each screen that
  /// leaves it, seconds per tree).
  static func make(for scenario: Scenario, slot: Int) -> Self {
    guard scenario.workload == .deep || scenario.workload == .deepBare else {
      return Self(scenario: scenario)
    }
    let key = "\(scenario.workload.rawValue) \(Naming.usesProvider) \(slot)"
    if let fixture = fixtures[key] as? Self { return fixture }
    let fixture = Self(scenario: scenario)
    fixtures[key] = fixture
    return fixture
  }
}
