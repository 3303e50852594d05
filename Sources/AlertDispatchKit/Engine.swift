/// Runs actions and passes one at a time, so that passes run to completion.
///
/// Every public call that changes scheduling state becomes an action. An action that arrives while
/// another action or a pass is running (a presenter that dismisses synchronously, a completion
/// handler that adds an alert) waits in line and runs after it. After each action, the roots it
/// touched run their passes.
@MainActor
final class Engine {
  static let shared = Engine()

  private var actions: [() -> Void] = []
  private var actionHead = 0
  private var dirtyRoots: [AlertDispatch] = []
  private var isDraining = false
  private var coalescedDrainScheduled = false

  /// Whether passes run before the outermost call returns or at the end of the main-actor turn.
  var scheduling: PassScheduling = .immediate

  /// A global counter for add order and went-up order across every dispatch.
  private(set) var stamp: UInt64 = 0

  func nextStamp() -> UInt64 {
    stamp += 1
    return stamp
  }

  func perform(_ action: @escaping () -> Void) {
    actions.append(action)
    drainIfIdle()
  }

  func markDirty(_ root: AlertDispatch) {
    guard !root.needsPass else { return }
    root.needsPass = true
    dirtyRoots.append(root)
    drainIfIdle()
  }

  private func drainIfIdle() {
    guard !isDraining else { return }
    switch scheduling {
    case .immediate:
      drain()
    case .coalesced:
      guard !coalescedDrainScheduled else { return }
      coalescedDrainScheduled = true
      Task { @MainActor in
        self.coalescedDrainScheduled = false
        self.drain()
      }
    }
  }

  private func drain() {
    guard !isDraining else { return }
    isDraining = true
    defer { isDraining = false }
    while true {
      if actionHead < actions.count {
        let action = actions[actionHead]
        actionHead += 1
        if actionHead == actions.count {
          actions.removeAll(keepingCapacity: true)
          actionHead = 0
        }
        action()
        if scheduling == .coalesced { continue }
      }
      if !dirtyRoots.isEmpty {
        let root = dirtyRoots.removeFirst()
        root.needsPass = false
        root.runPass()
        continue
      }
      if actionHead >= actions.count { break }
    }
  }
}

/// When passes run after an event.
public enum PassScheduling: Sendable, Hashable {
  /// A pass runs before the outermost API call returns (default): deterministic.
  case immediate
  /// Events of one main-actor turn are collected and one pass runs at the end of the turn, as
  /// UIKit apps may prefer when many alerts are added at launch.
  case coalesced
}
