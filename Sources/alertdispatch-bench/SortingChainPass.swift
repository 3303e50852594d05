import AlertDispatchKit

/// A dispatcher per screen that sorts on every event: each screen has a queue in add order; every
/// ready, dismiss, appear or disappear runs a pass at the root that collects every queue on the
/// active chain, re-sorts the lot by priority, and walks it for the first alert whose
/// dependencies have finished. A higher alert interrupts (hides) the showing one; a screen that
/// disappears hides its alert and restores it when it appears.
@MainActor
final class SortingChainPass: BenchScheduler {
  private enum State { case waiting, showing, hidden }

  private final class Alert {
    let id: AlertID
    let priority: Int
    let seq: Int
    let dependencies: [AlertID]
    let screen: Int
    var state = State.waiting
    init(_ spec: AlertSpec) {
      id = spec.id
      priority = spec.priority
      seq = spec.seq
      dependencies = spec.dependencies
      screen = spec.screen
    }
  }

  private final class Dispatch {
    var queue: [Alert] = []
    var visible: Bool
    var activeChild = -1
    init(visible: Bool) { self.visible = visible }
  }

  /// What the pass sorts: the comparator's keys next to an unretained reference, as an
  /// Objective-C sort of an `NSArray` would see them (no reference counting while sorting), so
  /// the baseline is not slowed down by Swift's ARC. The comparator is `@Sendable` so that it
  /// does not check the main actor on every call.
  private struct Ranked {
    let priority: Int
    let seq: Int
    unowned(unsafe) let alert: Alert
  }

  private var dispatches: [Dispatch]
  private var parents: [Int?]
  /// Unfinished alerts by id, for dependency look-ups over the domain.
  private var byID: [AlertID: Alert] = [:]
  private var showing: Alert?

  init(scenario: Scenario) {
    dispatches = scenario.screens.map { Dispatch(visible: $0.visible) }
    parents = scenario.screens.map(\.parent)
    for (parent, child) in scenario.activeChild { dispatches[parent].activeChild = child }
    for spec in scenario.offstage { add(spec) }
  }

  func add(_ spec: AlertSpec) {
    let alert = Alert(spec)
    dispatches[spec.screen].queue.append(alert)
    byID[alert.id] = alert
    pass()
  }

  func dismissFront() -> Bool {
    guard let alert = showing else { return false }
    showing = nil
    let queue = dispatches[alert.screen]
    if let index = queue.queue.firstIndex(where: { $0 === alert }) {
      queue.queue.remove(at: index)
    }
    byID[alert.id] = nil
    pass()
    return true
  }

  func switchTab(from: Int, to: Int) {
    dispatches[from].visible = false
    pass()
    if let parent = parents[to] { dispatches[parent].activeChild = to }
    dispatches[to].visible = true
    pass()
  }

  private func pass() {
    var chain: [Int] = []
    var node = 0
    while node >= 0 && dispatches[node].visible {
      chain.append(node)
      node = dispatches[node].activeChild
    }
    var collected: [Ranked] = []
    for screen in chain {
      for alert in dispatches[screen].queue {
        collected.append(Ranked(priority: alert.priority, seq: alert.seq, alert: alert))
      }
    }
    collected.sort { @Sendable a, b in
      a.priority != b.priority ? a.priority > b.priority : a.seq < b.seq
    }
    if let current = showing, !chain.contains(current.screen) {
      current.state = .hidden
      showing = nil
    }
    let best = collected.first { ranked in
      ranked.alert.dependencies.allSatisfy { byID[$0] == nil || $0 == ranked.alert.id }
    }?.alert
    guard let best, best !== showing else { return }
    if let current = showing {
      guard best.priority > current.priority else { return }
      current.state = .hidden
    }
    best.state = .showing
    showing = best
  }
}
