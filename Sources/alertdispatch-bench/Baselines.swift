import AlertDispatchKit

/// The floor: a bare ring buffer that only enqueues the request and dequeues it when the front
/// alert is dismissed. It knows no priority, screens or dependencies.
@MainActor
final class RingBufferFloor: BenchScheduler {
  private var slots: ContiguousArray<AlertRequest?> = ContiguousArray(repeating: nil, count: 16)
  private var head = 0
  private var count = 0

  init(scenario: Scenario) {}

  func add(_ alert: AlertSpec) {
    if count == slots.count { grow() }
    slots[(head + count) & (slots.count - 1)] = alert.request
    count += 1
  }

  func dismissFront() -> Bool {
    guard count > 0 else { return false }
    slots[head] = nil
    head = (head + 1) & (slots.count - 1)
    count -= 1
    return true
  }

  func switchTab(from: Int, to: Int) {}

  private func grow() {
    var bigger = ContiguousArray<AlertRequest?>(repeating: nil, count: slots.count * 2)
    for offset in 0..<count { bigger[offset] = slots[(head + offset) & (slots.count - 1)] }
    slots = bigger
    head = 0
  }
}

/// A hand-written FIFO queue of alerts: an array that shows its front item, removed with
/// `removeFirst()` when it is dismissed. No priority, no screens, no dependencies.
@MainActor
final class FIFOArrayQueue: BenchScheduler {
  private final class Item {
    let request: AlertRequest
    var dismissCallback: (() -> Void)?
    init(request: AlertRequest) { self.request = request }
  }

  private var items: [Item] = []
  private var isPresenting = false
  private var front: Item?

  init(scenario: Scenario) {}

  func add(_ alert: AlertSpec) {
    items.append(Item(request: alert.request))
    showNextIfPossible()
  }

  private func showNextIfPossible() {
    guard !isPresenting, let next = items.first else { return }
    isPresenting = true
    front = next
    next.dismissCallback = { [unowned self] in self.alertDidDismiss() }
  }

  private func alertDidDismiss() {
    items.removeFirst()
    isPresenting = false
    showNextIfPossible()
  }

  func dismissFront() -> Bool {
    guard let item = front else { return false }
    front = nil
    let callback = item.dismissCallback
    item.dismissCallback = nil
    callback?()
    return true
  }

  func switchTab(from: Int, to: Int) {}
}

/// A popup manager over a pool keyed by popup name: an intercepting popup waits while another
/// shows, and every dismiss scans the pool for a showing popup, sorts the whole pool by
/// priority and shows the first intercepting one (the delay such managers leave between two
/// popups, 0.15 s, is left out).
@MainActor
final class SortedPriorityPool: BenchScheduler {
  private final class Config {
    let name: AlertID
    let priority: Int
    var isIntercept = true
    var isShowing = false
    init(name: AlertID, priority: Int) {
      self.name = name
      self.priority = priority
    }
  }

  private var pool: [AlertID: Config] = [:]
  private var current: Config?

  init(scenario: Scenario) {}

  func add(_ alert: AlertSpec) {
    let config = Config(name: alert.id, priority: alert.priority)
    config.isShowing = true
    pool[config.name] = config
    if config.isIntercept && pool.count > 1 {
      config.isShowing = false
      return
    }
    current = config
  }

  func dismissFront() -> Bool {
    guard let config = current else { return false }
    pool[config.name] = nil
    current = nil
    if pool.values.contains(where: SortedPriorityPool.isShowing) { return true }
    let values = pool.values.sorted(by: SortedPriorityPool.ranksBefore)
    if let next = values.first(where: SortedPriorityPool.isIntercept) {
      next.isShowing = true
      current = next
    }
    return true
  }

  func switchTab(from: Int, to: Int) {}

  // Nonisolated, so that the scans and the sort do not check the main actor per element.
  nonisolated private static func isShowing(_ config: Config) -> Bool { config.isShowing }
  nonisolated private static func isIntercept(_ config: Config) -> Bool { config.isIntercept }
  nonisolated private static func ranksBefore(_ a: Config, _ b: Config) -> Bool {
    a.priority > b.priority
  }
}
