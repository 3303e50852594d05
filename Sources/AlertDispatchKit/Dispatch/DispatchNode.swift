/// The state and the work of one dispatch: what the tree, the handles and the passes hold.
///
/// Why a dispatch is two objects: the app owns its ``AlertDispatch``, and releasing it is an
/// event (its screen is gone for good: its alerts end as owner closed, its children become
/// roots). That event may come in the middle of a pass, from a presenter or a completion
/// handler, and like every call it waits until the pass ends; a Swift deinit cannot hand its
/// object to work that runs later. So the dispatch the app holds turns each call into an action
/// on this node, which the tree, the alerts and the engine hold, and its deinit hands the node
/// on to ``ownerReleased()``. Parent and child links between nodes are strong; the cycles they make
/// are broken when the app releases a dispatch.
@MainActor
final class DispatchNode {
  /// How many nodes are alive in the process (the leak tests read it). Nodes are made and
  /// freed on the main actor, where the count is kept.
  static var liveCount = 0

  let name: String
  /// The dispatch the app holds; `nil` once the app released it.
  weak var facade: AlertDispatch?
  /// Whether the app released the dispatch (``ownerReleased()``).
  var isReleased = false
  /// The parent node, or `nil` for a root.
  var parent: DispatchNode?
  /// The child nodes, in the order they joined. Like ``pauses`` and ``observers``, it changes by
  /// a new array being assigned, never in place: a change in place calls code (a copy, a growth,
  /// a release) that Swift cannot see through while the array is being modified, and it then
  /// checks every access to the property at run time, where this way it proves them all at
  /// compile time (see Performance.md).
  var children: [DispatchNode] = []
  /// Names the active child; asked at every pass (see ``AlertDispatch/activeChildProvider``).
  var activeChildProvider: (@MainActor () -> AlertDispatch?)?
  /// The active child the app named (see ``AlertDispatch/activeChild``); a child of this node,
  /// or `nil`. Cleared when that child leaves, so it keeps alive nothing that ``children`` does
  /// not. Not `weak`: a weakly referenced object pays a slower retain and release everywhere.
  var activeChildNode: DispatchNode?
  /// The presenter for alerts of this dispatch; when `nil`, the nearest ancestor's is used.
  var presenter: (any AlertPresenter)?
  /// The clock of the domain; only the root's clock is used.
  var clock: any AlertClock
  /// See ``AlertDispatch/dismissalTimeout``.
  var dismissalTimeout: Duration = .seconds(10)
  /// Whether the screen is visible (between `appear()` and `disappear()`).
  var isVisible: Bool
  /// The pauses held on this dispatch, first taken first (see ``AlertPauseToken``). Changed by
  /// assignment only (see ``children``).
  var pauses: [AlertPauseToken] = []
  /// Whether `close()` was called, or the app released the dispatch.
  var isClosed = false

  /// See ``AlertDispatch/diagnosticHandler``: the process-wide default.
  static var diagnosticHandler: @MainActor (AlertEvent) -> Void = AlertDispatchSettings.print
  /// The settings this dispatch was created with or given (see ``AlertDispatch/settings``);
  /// `nil` while it follows the process-wide defaults as they change.
  var ownSettings: AlertDispatchSettings? {
    didSet {
      let wasChecking = oldValue?.checksInvariants ?? DispatchNode.checksInvariants
      if oldValue?.checksInvariants == true { DispatchNode.checkingNodes -= 1 }
      if ownSettings?.checksInvariants == true { DispatchNode.checkingNodes += 1 }
      // What changed while the checks were off was not recorded: the next check covers all.
      if checksInvariantsHere && !wasChecking { needsFullCheck = true }
    }
  }

  /// See ``AlertDispatch/passScheduling``.
  var passScheduling: PassScheduling = .immediate {
    didSet {
      // A pass deferred to the end of the turn runs now: immediate passes run before the call
      // returns, and the root, still marked as waiting, would ask for no other pass this turn.
      if passScheduling == .immediate && needsPass { Engine.shared.runDeferredPassNow(self) }
    }
  }

  /// See ``AlertDispatch/frequencyPolicy``.
  var frequencyPolicy: FrequencyPolicy? {
    didSet {
      guard frequencyPolicy !== oldValue else { return }
      oldValue?.abandoned(by: self)
      frequencyPolicy?.adopted(by: self)
      if parent != nil || frequencyPolicy != nil { settleFrequencyPolicies(subtree: parent == nil) }
    }
  }

  /// The unfinished alerts of this dispatch.
  var alerts = UnfinishedAlerts()
  /// The alerts of this dispatch that wait to go up, by lane; changed only in
  /// ``updateQueueMembership(_:)``.
  var lines = LaneLines()
  let domain = Domain()
  /// The ids that alerts of this dispatch ended with, except generated ones: a request that
  /// waits for dependencies not added yet does not wait for one of them.
  var endedIDs: Set<AlertID> = []
  var needsPass = false
  /// Told this dispatch once each pass it runs as a root has settled (the stress tool's
  /// reference model compares its decisions then).
  var passObserver: (@MainActor (AlertDispatch) -> Void)?
  /// Told every input of the domain while this node is a root (see ``AlertInput``).
  var inputHook: AlertInputHook?
  var lastRejectedChild: ObjectIdentifier?
  /// The observers of this dispatch, first added first. Changed by assignment only (see
  /// ``children``): every event reads it.
  var observers: [(Int, @MainActor (AlertEvent) -> Void)] = []
  /// The continuations of the `events` streams, by observation, finished on release.
  var streamContinuations: [Int: AsyncStream<AlertEvent>.Continuation] = [:]
  var nextObserverID = 0
  /// Invariant violations found after passes of this root, when checking is on (tests).
  var invariantViolations: [String] = []
  /// Turns on invariant checks after every pass of the roots that follow the process-wide
  /// defaults (see ``AlertDispatch/checksInvariants``).
  static var checksInvariants = false
  /// How many live nodes have settings of their own that check invariants.
  static var checkingNodes = 0
  /// Whether any root may check invariants: when not, nothing that only the checks read is
  /// recorded, without a walk to the root.
  static var mayCheckInvariants: Bool { checksInvariants || checkingNodes > 0 }
  /// Whether this node's passes check invariants when it is a root.
  var checksInvariantsHere: Bool { ownSettings?.checksInvariants ?? DispatchNode.checksInvariants }
  /// Where this node's diagnostics go when it is a root.
  var diagnosticHandlerHere: @MainActor (AlertEvent) -> Void {
    ownSettings?.diagnosticHandler ?? DispatchNode.diagnosticHandler
  }
  /// At a root, with checks on: the alerts of the domain whose state changed since its last
  /// pass, which the check after that pass looks at (see `checkPassInvariants()`).
  var touched: [TouchedAlert] = []
  /// At a root, with checks on: the domain was re-indexed since its last pass, which is then
  /// checked in full.
  var needsFullCheck = false

  init(name: String, isVisible: Bool, clock: any AlertClock, presenter: (any AlertPresenter)?) {
    self.name = name
    self.isVisible = isVisible
    self.clock = clock
    self.presenter = presenter
    DispatchNode.liveCount += 1
  }

  isolated deinit {
    // A root waiting for a pass is not held by the engine's line: it leaves the line.
    if needsPass { Engine.shared.forget(self) }
    if ownSettings?.checksInvariants == true { DispatchNode.checkingNodes -= 1 }
    DispatchNode.liveCount -= 1
  }

  /// The app released its dispatch: the node leaves the tree (its children become roots) and
  /// its unfinished alerts end as ``CancellationReason/ownerClosed``.
  ///
  /// A dispatch can be released during a pass (a presenter or a completion handler drops the
  /// last reference): the node is closed at once, so that no chain goes through it, and the
  /// rest waits until the pass ends, as calls made from a presenter do, so that a pass sees the
  /// tree as it was when it began.
  func ownerReleased() {
    guard !isReleased else { return }
    isReleased = true
    isClosed = true
    Engine.shared.perform { self.detachReleased() }
  }

  /// What `close()` does, then what only a release does.
  private func detachReleased() {
    closeNow()
    // Nothing of the node is kept for later (its alerts and lines are empty now): every
    // `events` loop ends (and with it the cycle through each stream's end handler), and a pass
    // still queued finds an empty domain.
    observers = []
    let streams = streamContinuations
    streamContinuations = [:]
    Engine.shared.carryOut(.finishEvents(Array(streams.values)), for: self)
    activeChildProvider = nil
    activeChildNode = nil
    domain.reset()
  }

  /// Whether this node or one above it was released and is waiting to leave the tree (the
  /// running pass began before the release): its alerts are on their way out.
  var isLeaving: Bool {
    var node: DispatchNode? = self
    while let current = node {
      if current.isReleased { return true }
      node = current.parent
    }
    return false
  }

  /// The root of this node's domain.
  var root: DispatchNode {
    var node = self
    while let parent = node.parent { node = parent }
    return node
  }

  /// The alerts of this dispatch that have not ended, first added first.
  var unfinishedAlerts: [AlertHandle] { alerts.values }

  /// See ``AlertDispatch/observe(_:)``.
  @discardableResult
  func observe(_ observer: @escaping @MainActor (AlertEvent) -> Void) -> AlertObservation {
    nextObserverID += 1
    observers = observers + [(nextObserverID, observer)]
    return AlertObservation(id: nextObserverID)
  }

  /// Stops an observation.
  func removeObservation(_ observation: AlertObservation) {
    guard !observers.isEmpty else { return }
    observers = observers.filter { $0.0 != observation.id }
  }

  /// See ``AlertDispatch/events``.
  var events: AsyncStream<AlertEvent> {
    let (stream, continuation) = AsyncStream<AlertEvent>.makeStream()
    let token = observe { continuation.yield($0) }
    streamContinuations[token.id] = continuation
    // The node is captured strongly, so that it is never weakly referenced: the cycle through
    // the stream's end handler ends when the stream ends, which a release forces.
    continuation.onTermination = { _ in
      Task { @MainActor in
        self.removeObservation(token)
        self.streamContinuations[token.id] = nil
      }
    }
    return stream
  }
}

/// An error from changing the shape of a dispatch tree.
public enum AlertDispatchError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The parent would make a cycle; the names are the path from the child back to itself.
  case parentCycle([String])
  /// The named dispatch is closed.
  case closed(String)

  /// A sentence saying what was refused.
  public var description: String {
    switch self {
    case .parentCycle(let path):
      "parent cycle refused: \(path.joined(separator: " -> "))"
    case .closed(let name):
      "dispatch '\(name)' is closed"
    }
  }
}
