/// Runs actions and passes one at a time, so that passes run to completion.
///
/// Every public call that changes scheduling state becomes an action. An action that arrives while
/// another action or a pass is running (a presenter that dismisses synchronously, a completion
/// handler that adds an alert) waits in line and runs after it. After each action, the roots it
/// touched run their passes.
@MainActor
final class Engine {
  static let shared = Engine()

  /// The calls waiting for the running action or pass to finish, first in line first, from
  /// ``actionHead`` on; the roots waiting for a pass, first in line first.
  private var actions: [@MainActor () -> Void] = []
  private var actionHead = 0
  private var dirtyRoots: [DispatchNode] = []
  private var deferredRoots: [DispatchNode] = []
  private var isDraining = false
  private var deferredDrainScheduled = false
  private var runningDeferred = false

  /// A global counter for add order and went-up order across every dispatch.
  private(set) var stamp: UInt64 = 0

  func nextStamp() -> UInt64 {
    stamp += 1
    return stamp
  }

  /// Runs `action` at once when nothing is running (then the passes it asked for), or queues it
  /// behind the running action or pass.
  func perform(_ action: @escaping @MainActor () -> Void) {
    if isDraining {
      actions.append(action)
      return
    }
    holdingCalls(action)
  }

  /// Runs `body` with every call made meanwhile waiting in line, as calls made during a pass
  /// do, then runs them (and the passes they ask for). For the reads that ask app code
  /// (providers, a ledger, the diagnostic handler) outside a pass, such as `explain`: a call
  /// run at once (a dispatch released) would change the tree the read walks.
  func holdingCalls<Result>(_ body: () -> Result) -> Result {
    if isDraining { return body() }
    enter()
    isDraining = true
    let result = body()
    isDraining = false
    // Most calls that run no pass (an active child set between two screens' events, a call
    // that changes nothing) leave nothing waiting: decided without calling `drain()`.
    if actionHead < actions.count || !dirtyRoots.isEmpty { drain() }
    return result
  }

  func markDirty(_ root: DispatchNode) {
    guard !root.needsPass else { return }
    root.needsPass = true
    dirtyRoots.append(root)
    if !isDraining { enter(); drain() }
  }

  /// Takes a root that waits for a pass out of line: it is being freed.
  func forget(_ root: DispatchNode) {
    dirtyRoots.removeIdentical(root)
  }

  private func drain() {
    isDraining = true
    defer { isDraining = false }
    while true {
      if actionHead < actions.count {
        // Read, then its slot emptied, before it runs: the queue then holds nothing of the
        // actions that ran, and emptying it releases only empty closures.
        let action = actions[actionHead]
        actions[actionHead] = {}
        actionHead += 1
        if actionHead == actions.count {
          actions.removeAll(keepingCapacity: true)
          actionHead = 0
        }
        let wasQueued = isRunningQueuedAction
        isRunningQueuedAction = true
        action()
        isRunningQueuedAction = wasQueued
      } else if !dirtyRoots.isEmpty {
        let root = dirtyRoots.removeFirst()
        if root.passScheduling == .coalesced && !runningDeferred {
          // Held until the deferred drain, which takes the roots back in line.
          deferredRoots.append(root)
          scheduleDeferredDrain()
          continue
        }
        root.needsPass = false
        root.runPass()
      } else {
        break
      }
    }
  }

  /// Runs the passes of coalescing roots once, at the end of the current main-actor turn.
  private func scheduleDeferredDrain() {
    guard !deferredDrainScheduled else { return }
    deferredDrainScheduled = true
    Task { @MainActor in self.runDeferredPasses() }
  }

  /// Whether `root` waits in the line of roots whose passes run at the end of the turn.
  func isDeferred(_ root: DispatchNode) -> Bool {
    deferredRoots.position(of: root) != nil
  }

  /// Runs the pass of `root` now if it waits for the end of the turn (its scheduling became
  /// immediate), or once the running action or pass ends.
  func runDeferredPassNow(_ root: DispatchNode) {
    guard let index = deferredRoots.position(of: root) else { return }
    // Out of the deferred line, held by the caller (its dispatch is being set).
    deferredRoots.remove(at: index)
    dirtyRoots.append(root)
    if !isDraining { enter(); drain() }
  }

  /// How many times the engine started running from idle: a call from outside any other, a
  /// timer, a deferred pass. A recorder tells the calls of a replay apart with it.
  private(set) var entryCount = 0

  /// Counts a start from idle.
  private func enter() {
    entryCount &+= 1
  }

  /// Whether the call running now waited in line: it was made during a pass, an action or a
  /// presenter call (a presenter that reports an alert gone from inside `dismiss`).
  private(set) var isRunningQueuedAction = false

  /// Whether no call and no pass wait in line (a deferred pass aside).
  var isQuiet: Bool { actionHead == actions.count && dirtyRoots.isEmpty }

  /// Whether an action, a pass or an `explain` is running (calls made now wait in line).
  var isBusy: Bool { isDraining }

  /// Whether any root waits for a pass deferred to the end of the turn.
  var hasDeferredPasses: Bool { !deferredRoots.isEmpty }

  /// Runs the passes that coalescing roots deferred to the end of the turn: the task
  /// ``scheduleDeferredDrain()`` starts runs this, and ``AlertDispatch/runDeferredPasses()``
  /// runs it at once. A task that fires after the line was emptied finds nothing to do.
  func runDeferredPasses(then: (() -> Void)? = nil) {
    // Cleared first, as the task always did: a root deferred from here on (here too, when
    // this runs inside an action: the roots then wait in line and are deferred again)
    // schedules another task.
    deferredDrainScheduled = false
    guard !deferredRoots.isEmpty else {
      if let then { holdingCalls(then) }
      return
    }
    // Held until their passes have run: a root whose dispatch the app released this turn,
    // freed here, would release its presenter, which may run app code (another dispatch
    // released, draining the engine) while this line is being changed.
    let deferred = deferredRoots
    deferredRoots = []
    dirtyRoots += deferred
    runningDeferred = true
    if !isDraining {
      enter()
      for root in deferred { root.report(.turnEnded) }
      drain()
      // Calls made during those passes ran in this drain: their passes too.
      if let then { holdingCalls(then) }
    }
    runningDeferred = false
    // Their passes have run: a root freed now is out of line, and nothing is being changed.
    withExtendedLifetime(deferred) {}
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
