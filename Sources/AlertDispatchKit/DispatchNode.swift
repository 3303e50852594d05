import Synchronization

/// The state and the work of one dispatch: what the tree, the handles and the passes hold.
///
/// An app holds an ``AlertDispatch``, which owns its node and forwards every call to it. The
/// links between nodes (parent and children) and from an unfinished alert to its node are
/// strong, so that no node is ever weakly referenced: a weakly referenced object takes the
/// runtime's slower side-table path on every retain and release, which cost about a quarter of
/// an event in a deep tree (Performance.md). The references the passes follow without owning
/// (the links of a chain, the engine's line of roots, a node's active child, which is one of
/// its children) are not retained at all: each is valid while one of those strong links holds
/// its node, and is dropped before that link goes. The cycles the strong links make are broken
/// when the app releases its dispatch: the dispatch's deinit, on the main actor, calls
/// ``ownerReleased()``, which closes the node as `close()` does and takes it out of the tree.
@MainActor
final class DispatchNode {
  /// How many nodes are alive in the process (the leak tests read it).
  nonisolated static let liveCount = Atomic<Int>(0)

  let name: String
  /// The dispatch the app holds; `nil` once the app released it.
  var facade: AlertDispatch? { facadeLink.facade }
  /// The way to the dispatch the app holds, shared with the alerts that ended here
  /// (``AlertHandle/dispatch``).
  let facadeLink = FacadeLink()
  /// Whether the app released the dispatch (``ownerReleased()``).
  var isReleased = false
  // Properties with observers are computed over internal storage (`stored…`): with every
  // access to the storage inside the module, the optimizer can prove that none overlaps another
  // and drops the run-time exclusivity checks, which cost about a tenth of an event.

  /// The parent node, or `nil` for a root.
  var parent: DispatchNode? {
    get { storedParent }
    set {
      storedParent = newValue
      DispatchNode.treeGeneration &+= 1
    }
  }
  var storedParent: DispatchNode?
  /// The child nodes, in the order they joined.
  var children: [DispatchNode] = []
  /// Changes whenever a parent link or a presenter changes anywhere, or a dispatch is released:
  /// the caches of ``root`` and ``nearestPresenter()`` hold while it stays the same, so that an
  /// event deep in a tree does not walk every parent link up to the root.
  @exclusivity(unchecked)
  static var treeGeneration: UInt64 = 0
  // The caches do not retain: a node only goes away once its release has run to the end (the
  // engine holds it until then), which changes the generation, so a cache is never read after
  // its node is gone.
  var cachedRoot: Unmanaged<DispatchNode>?
  var cachedRootGeneration: UInt64 = .max
  var cachedPresenterOwner: Unmanaged<DispatchNode>?
  var cachedPresenterGeneration: UInt64 = .max
  /// Names the active child; asked at every pass (see ``AlertDispatch/activeChildProvider``).
  var activeChildProvider: (@MainActor () -> AlertDispatch?)? {
    get { storedActiveChildProvider }
    set {
      storedActiveChildProvider = newValue
      DispatchNode.chainGeneration &+= 1
      setNeedsArbitration()
    }
  }
  var storedActiveChildProvider: (@MainActor () -> AlertDispatch?)?
  /// The active child the app named (see ``AlertDispatch/activeChild``); a child of this node,
  /// or `nil`. Cleared when that child leaves.
  var storedActiveChild: DispatchNode? {
    get {
      guard let activeChildReference else { return nil }
      return activeChildReference.takeUnretainedValue()
    }
    set {
      guard let newValue else { return activeChildReference = nil }
      activeChildReference = .passUnretained(newValue)
    }
  }
  /// ``storedActiveChild``, not retained: it is one of ``children``, which hold it, and it is
  /// cleared when that child leaves them (`applySetParent(_:)`) or this node is released.
  /// Retained, each tab switch cost two atomic operations.
  private(set) var activeChildReference: Unmanaged<DispatchNode>?
  /// Changes whenever something a chain is built from changes, other than a parent link (which
  /// changes ``treeGeneration``): a dispatch's visibility, pause or close, its active child or
  /// its provider. A chain built without asking a provider stays right while both generations
  /// stay the same (``ActiveChain/init(root:reusing:cachedAs:)``).
  @exclusivity(unchecked)
  static var chainGeneration: UInt64 = 0
  /// The presenter for alerts of this dispatch; when `nil`, the nearest ancestor's is used.
  var presenter: (any AlertPresenter)? {
    get { storedPresenter }
    set {
      storedPresenter = newValue
      DispatchNode.treeGeneration &+= 1
    }
  }
  var storedPresenter: (any AlertPresenter)?
  /// The clock of the domain; only the root's clock is used.
  var clock: any AlertClock {
    get { storedClock }
    set { storedClock = newValue }
  }
  var storedClock: any AlertClock
  /// See ``AlertDispatch/dismissalTimeout``.
  var dismissalTimeout: Duration {
    get { storedDismissalTimeout }
    set { storedDismissalTimeout = newValue }
  }
  var storedDismissalTimeout: Duration = .seconds(10)
  /// Whether the screen is visible (between `appear()` and `disappear()`).
  var isVisible: Bool {
    get { storedIsVisible }
    set {
      guard storedIsVisible != newValue else { return }
      storedIsVisible = newValue
      DispatchNode.chainGeneration &+= 1
    }
  }
  var storedIsVisible: Bool
  /// Whether `pause()` was called without a matching `resume()`.
  var isPaused: Bool {
    get { storedIsPaused }
    set {
      guard storedIsPaused != newValue else { return }
      storedIsPaused = newValue
      DispatchNode.chainGeneration &+= 1
    }
  }
  var storedIsPaused: Bool = false
  /// Whether `close()` was called, or the app released the dispatch.
  var isClosed: Bool {
    get { storedIsClosed }
    set {
      guard storedIsClosed != newValue else { return }
      storedIsClosed = newValue
      DispatchNode.chainGeneration &+= 1
    }
  }
  var storedIsClosed: Bool = false

  /// See ``AlertDispatch/diagnosticHandler``.
  static var diagnosticHandler: @MainActor (AlertEvent) -> Void = { event in
    print("AlertDispatch: \(event)")
  }

  /// See ``AlertDispatch/passScheduling``.
  var passScheduling: PassScheduling {
    get { storedPassScheduling }
    set {
      storedPassScheduling = newValue
      // A pass deferred to the end of the turn runs now: immediate passes run before the call
      // returns, and the root, still marked as waiting, would ask for no other pass this turn.
      if newValue == .immediate && needsPass { Engine.shared.runDeferredPassNow(self) }
    }
  }
  var storedPassScheduling: PassScheduling = .immediate

  /// See ``AlertDispatch/frequencyPolicy``.
  var frequencyPolicy: FrequencyPolicy?

  // Unchecked for exclusivity at run time: see the note on `Engine.actions`.
  @exclusivity(unchecked)
  var alerts = AlertSlots()
  let queues = LaneQueues()
  let domain = Domain()
  @exclusivity(unchecked)
  var needsPass = false
  /// The stamp of the last chain a pass built with this dispatch on it, and its place there
  /// (see ``Domain/chainStamp``).
  @exclusivity(unchecked)
  var chainStamp: UInt64 = 0
  @exclusivity(unchecked)
  var chainIndex = 0
  var lastRejectedChild: ObjectIdentifier?
  var observers: [(Int, @MainActor (AlertEvent) -> Void)] = []
  /// The continuations of the `events` streams, by observation, finished on release.
  var streamContinuations: [Int: AsyncStream<AlertEvent>.Continuation] = [:]
  var nextObserverID = 0
  /// How many live dispatches have an observer: when none has, events are not even looked for.
  @exclusivity(unchecked)
  static var observedDispatches = 0
  /// Invariant violations found after passes of this root, when checking is on (tests).
  var invariantViolations: [String] = []
  /// Turns on invariant checks after every pass (tests and the stress tool).
  @exclusivity(unchecked)
  static var checksInvariants = false

  init(name: String, isVisible: Bool, clock: any AlertClock, presenter: (any AlertPresenter)?) {
    self.name = name
    self.storedIsVisible = isVisible
    self.storedClock = clock
    self.storedPresenter = presenter
    DispatchNode.liveCount.add(1, ordering: .relaxed)
  }

  // Isolated, as the dispatch's is: a node is only ever released on the main actor (by its
  // dispatch's deinit, or by the framework), so this runs at once, where it is released.
  isolated deinit {
    // A root waiting for a pass is not retained by the engine: it leaves the line.
    if needsPass { Engine.shared.forget(self) }
    DispatchNode.liveCount.subtract(1, ordering: .relaxed)
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
    DispatchNode.leavingCount += 1
    Engine.shared.perform { self.detachReleased() }
  }

  /// How many released nodes wait for the running pass to end before they leave the tree.
  @exclusivity(unchecked)
  static var leavingCount = 0

  /// What `close()` does, then what only a release does.
  private func detachReleased() {
    DispatchNode.leavingCount -= 1
    closeNow()
    // Nothing of the node is kept for later (its alerts and queues are empty now): every `events` loop ends (and with it the cycle
    // through each stream's end handler), and a pass still queued finds an empty domain.
    if !observers.isEmpty { DispatchNode.observedDispatches -= 1 }
    observers = []
    let streams = streamContinuations
    streamContinuations = [:]
    for continuation in streams.values { continuation.finish() }
    storedActiveChildProvider = nil
    storedActiveChild = nil
    DispatchNode.chainGeneration &+= 1
    DispatchNode.treeGeneration &+= 1
    domain.reset()
  }

  /// Whether this node or one above it was released and is waiting to leave the tree (the
  /// running pass began before the release): its alerts are on their way out.
  var isLeaving: Bool {
    guard DispatchNode.leavingCount > 0 else { return false }
    var node: DispatchNode? = self
    while let current = node {
      if current.isReleased { return true }
      node = current.storedParent
    }
    return false
  }

  /// The root of this node's domain.
  var root: DispatchNode { rootReference.takeUnretainedValue() }

  /// The root of this node's domain, not retained: the parent links hold it while this node
  /// lives, and they change only in actions of their own, never while an event is applied or
  /// a pass runs. The frequent events (add, end, appear, disappear) reach the root through it
  /// with ``withGuaranteed(_:_:)``: ``root`` retains it and releases it again, two atomic
  /// operations per event.
  var rootReference: Unmanaged<DispatchNode> {
    // Compared with `nil`, not bound: binding would retain the parent.
    guard storedParent != nil else { return .passUnretained(self) }
    if cachedRootGeneration == DispatchNode.treeGeneration, let root = cachedRoot { return root }
    var node = Unmanaged.passUnretained(self)
    while let next = withGuaranteed(node, { $0.parentReference }) { node = next }
    cachedRoot = node
    cachedRootGeneration = DispatchNode.treeGeneration
    return node
  }

  /// The parent, not retained (this node holds it).
  private var parentReference: Unmanaged<DispatchNode>? {
    guard let parent = storedParent else { return nil }
    return .passUnretained(parent)
  }

  /// The alerts of this dispatch that have not ended, first added first.
  var unfinishedAlerts: [AlertHandle] {
    alerts.values.sorted { $0.seq < $1.seq }
  }

  /// Joins this node (and its subtree) to `parent`'s domain, or detaches it when `nil` (see
  /// ``AlertDispatch/setParent(_:)``).
  /// - Throws: ``AlertDispatchError/parentCycle(_:)`` when `parent` is this dispatch or one of
  ///   its descendants, ``AlertDispatchError/closed(_:)`` when either dispatch is closed. Nothing
  ///   changes when it throws.
  func setParent(_ parent: DispatchNode?) throws(AlertDispatchError) {
    if let parent {
      if isClosed { throw .closed(name) }
      if parent.isClosed { throw .closed(parent.name) }
      var path = [name]
      var node: DispatchNode? = parent
      while let current = node {
        path.append(current.name)
        if current === self { throw .parentCycle(path) }
        node = current.parent
      }
    }
    Engine.shared.perform { self.applySetParent(parent) }
  }

  /// The screen appeared (`viewDidAppear`): its alerts may show, and suspended ones come back.
  /// Alerts a presenter refused are retried at once, since a host may exist now.
  func appear() {
    Engine.shared.perform(.setVisible(self, true)) { applySetVisible(true) }
  }

  /// The screen is going away (`viewWillDisappear`): its showing alerts are suspended — hidden,
  /// not ended, their place kept — and nothing of its queue advances.
  func disappear() {
    Engine.shared.perform(.setVisible(self, false)) { applySetVisible(false) }
  }

  /// Names `child` the active child (see ``AlertDispatch/activeChild``).
  func setActiveChild(_ child: DispatchNode?) {
    Engine.shared.perform(.setActiveChild(self, child)) { applySetActiveChild(child) }
  }

  /// Nothing new shows from this dispatch or any dispatch below it until ``resume()``.
  /// Alerts already on screen stay.
  func pause() {
    Engine.shared.perform {
      self.isPaused = true
      self.requestPass()
    }
  }

  /// Undoes ``pause()``.
  func resume() {
    Engine.shared.perform {
      self.isPaused = false
      self.requestPass()
    }
  }

  /// Asks the root for a pass: call it when something changed that the framework cannot see,
  /// such as the active child, or a presenter that refused and can present now (alerts waiting
  /// for a presenter retry are retried at once).
  func setNeedsArbitration() {
    Engine.shared.perform {
      self.requestPassRetryingRefused()
    }
  }

  /// The screen is gone for good: every unfinished alert of this dispatch ends as
  /// ``CancellationReason/ownerClosed`` (alerts on screen are dismissed through the presenter),
  /// its children are detached and become roots, and later adds end as owner closed at once.
  func close() {
    Engine.shared.perform { self.applyClose() }
  }

  /// Adds an alert to this dispatch and returns its handle.
  ///
  /// The alert is scheduled by the root's next pass, which runs before `add` returns unless a
  /// pass is running (then right after it). A request that cannot be scheduled does not throw:
  /// the alert ends at once with a ``CancellationReason`` that says why (invalid request,
  /// duplicate, dependency cycle, owner closed).
  ///
  /// - Parameters:
  ///   - request: What to show and how to schedule it.
  ///   - presenter: A presenter for this alert only; by default the dispatch's.
  ///   - completion: Called once with the outcome when the alert ends.
  /// - Returns: The alert's handle.
  /// - Complexity: O(log P) for P distinct priorities in the lane, plus the size of the
  ///   dependency graph reachable from the request's dependencies.
  @discardableResult
  func add(
    _ request: consuming AlertRequest,
    presenter: (any AlertPresenter)? = nil,
    completion: (@MainActor (AlertOutcome) -> Void)? = nil
  ) -> AlertHandle {
    let alert = AlertHandle(request: request, owner: self, seq: Engine.shared.nextStamp())
    alert.presenterOverride = presenter
    if let completion { alert.completions.append(completion) }
    Engine.shared.perform(.add(self, alert)) { applyAdd(alert) }
    return alert
  }

  /// The unfinished alert with this id anywhere in this dispatch's domain.
  func alert(withID id: AlertID) -> AlertHandle? {
    root.domain.alert(withID: id)
  }

  /// Registers `observer` for the events of this dispatch and every dispatch below it.
  @discardableResult
  func observe(_ observer: @escaping @MainActor (AlertEvent) -> Void) -> AlertObservation {
    nextObserverID += 1
    if observers.isEmpty { DispatchNode.observedDispatches += 1 }
    observers.append((nextObserverID, observer))
    return AlertObservation(id: nextObserverID)
  }

  /// Stops an observation.
  func removeObservation(_ observation: AlertObservation) {
    guard !observers.isEmpty else { return }
    observers.removeAll { $0.0 == observation.id }
    if observers.isEmpty { DispatchNode.observedDispatches -= 1 }
  }

  /// The events of this dispatch and every dispatch below it, from now on, as an async sequence.
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

/// The unfinished alerts of one dispatch, in the order added. Each alert knows its slot, so
/// adding and removing one cost O(1) without hashing (a hash table of 100,000 alerts misses the
/// cache on every access). A removed alert leaves a hole, so that removing one touches no other
/// alert. Holes are filled when they are three quarters of the slots: filling them renumbers
/// every alert left, a cache miss each at 100,000 alerts, and at half (as before) that was about
/// one miss per alert ended; at three quarters it is a third of one, for at most three holes of
/// 8 bytes per unfinished alert.
@MainActor
struct AlertSlots {
  private var slots: [AlertHandle?] = []
  private var holes = 0

  /// The alerts, first added first.
  var values: [AlertHandle] { slots.compactMap { $0 } }

  /// Whether the dispatch has no unfinished alert.
  var isEmpty: Bool { slots.isEmpty }

  /// How many of the alerts satisfy `predicate` (without making an array of them).
  func count(where predicate: (AlertHandle) -> Bool) -> Int {
    var count = 0
    for case let alert? in slots where predicate(alert) { count += 1 }
    return count
  }

  mutating func insert(_ alert: AlertHandle) {
    guard !contains(alert) else { return }
    alert.slot = slots.count
    slots.append(alert)
  }

  mutating func remove(_ alert: AlertHandle) {
    guard contains(alert) else { return }
    slots[alert.slot] = nil
    alert.slot = -1
    holes += 1
    // Tested in place: `slots.last` copied the last alert out (a retain and a release).
    while !slots.isEmpty, slots[slots.count - 1] == nil {
      slots.removeLast()
      holes -= 1
    }
    if holes > 32 && holes * 4 > slots.count * 3 { compact() }
  }

  /// Moves the alerts down over the holes, in place: a new array would allocate, and freeing
  /// the old one would visit every slot again.
  ///
  /// Each alert is moved, not copied: `swapAt` retained and released every alert it moved.
  private mutating func compact() {
    let kept = slots.withUnsafeMutableBufferPointer(AlertSlots.moveDown)
    slots.removeLast(slots.count - kept)
    holes = 0
  }

  /// Moves the alerts of `slots` down over the holes and returns how many there are.
  private static func moveDown(_ slots: inout UnsafeMutableBufferPointer<AlertHandle?>) -> Int {
    var kept = 0
    for index in slots.indices {
      guard let alert = slots[index] else { continue }
      alert.slot = kept
      if index != kept {
        // The slot at `kept` is a hole (`nil`, which holds nothing to release).
        (slots.baseAddress! + kept).initialize(to: (slots.baseAddress! + index).move())
        (slots.baseAddress! + index).initialize(to: nil)
      }
      kept += 1
    }
    return kept
  }

  private func contains(_ alert: AlertHandle) -> Bool {
    alert.slot >= 0 && alert.slot < slots.count && slots[alert.slot] === alert
  }
}

/// The way from a node (and from the alerts that ended there) to the ``AlertDispatch`` the app
/// holds, without a weak reference until one is needed.
///
/// The dispatch is what active-child providers return, so that every pass retains and releases
/// the dispatch of each link of the chain. A weakly referenced object is retained and released
/// through the runtime's side table, which cost about a fifth of a deep chain's time
/// (Performance.md). So the link keeps an unretained pointer, which the dispatch sets when it is
/// made and clears first thing in its deinit, on the main actor; the weak reference that
/// ``facade`` returns is formed only when it is first asked for (the public `parent`, `children`,
/// `root` and ``AlertHandle/dispatch``, and a diagnostic about an ended alert), which the passes
/// never do.
///
/// Why the pointer is safe to read on the main actor: the dispatch's memory stays allocated
/// until its deinit has run, and the deinit runs on the main actor and clears the pointer
/// before anything else. Between its last release (on any thread) and that deinit, the dispatch
/// is deiniting: the runtime then ignores retains and releases, and a weak reference formed to
/// it is `nil`, so ``facade`` returns `nil`, as a weak reference would.
@MainActor
final class FacadeLink {
  private var pointer: Unmanaged<AlertDispatch>?
  private weak var formed: AlertDispatch?
  private var hasFormed = false

  /// Points the link at `dispatch`, from its initializer.
  func attach(_ dispatch: AlertDispatch) {
    pointer = Unmanaged.passUnretained(dispatch)
  }

  /// Forgets the dispatch, first thing in its deinit.
  func detach() {
    pointer = nil
  }

  /// The dispatch, or `nil` once the app released it (or while its deinit is pending).
  var facade: AlertDispatch? {
    if hasFormed { return formed }
    guard let pointer else { return nil }
    formed = pointer.takeUnretainedValue()
    hasFormed = true
    return formed
  }
}
