/// One node per abstract screen: it owns the alerts added to it and, as the root of a domain,
/// decides which of them are on screen.
///
/// A dispatch with no parent is the root of its own domain. Join dispatches into one domain with
/// ``setParent(_:)`` and tell each parent which child is active with
/// ``activeChildProvider``; the root then arbitrates over the *active chain* (root → active child
/// → … while each node is visible): priority, preemption, dependencies, lanes, readiness and time.
///
/// ```swift
/// let home = AlertDispatch(name: "home")
/// home.presenter = myPresenter
/// let handle = home.add(AlertRequest(id: "update", priority: .high))
/// // myPresenter.present(handle) has been called: the update notice is up.
/// ```
///
/// Every call runs one *pass* at the root before it returns (see ``PassScheduling``). Calls made
/// from a presenter or a completion handler during a pass wait until the pass ends.
@MainActor
public final class AlertDispatch {
  /// The dispatch's name, used in diagnostics, events and explanations.
  public let name: String
  // Public properties are computed over internal storage (`stored…`): with every access to the
  // storage inside the module, the optimizer can prove that none overlaps another and drops the
  // run-time exclusivity checks, which cost about a tenth of an event (see Performance.md).

  /// The parent dispatch, or `nil` for a root. Change it with ``setParent(_:)``.
  public internal(set) var parent: AlertDispatch? {
    get { storedParent }
    set {
      storedParent = newValue
      parentID = newValue.map(ObjectIdentifier.init)
      AlertDispatch.treeGeneration &+= 1
    }
  }
  weak var storedParent: AlertDispatch?
  /// Changes whenever a parent link or a presenter changes anywhere, or a dispatch goes away:
  /// the caches of ``root`` and ``nearestPresenter()`` hold while it stays the same, so that an
  /// event deep in a tree does not walk every weak parent link up to the root.
  @exclusivity(unchecked)
  static var treeGeneration: UInt64 = 0
  weak var cachedRoot: AlertDispatch?
  var cachedRootGeneration: UInt64 = .max
  weak var cachedPresenterOwner: AlertDispatch?
  var cachedPresenterGeneration: UInt64 = .max
  /// The identity of ``parent``, cleared by the parent's deinit: the provider's answer is checked
  /// against it at every pass without loading a weak reference.
  var parentID: ObjectIdentifier?
  /// Names the active child (the selected tab, the top of a navigation stack).
  ///
  /// It is asked at every pass. Its answer counts only if that child's ``parent`` is this
  /// dispatch; any other answer is ignored with a diagnostic. Setting it requests a pass.
  public var activeChildProvider: (@MainActor () -> AlertDispatch?)? {
    get { storedActiveChildProvider }
    set {
      storedActiveChildProvider = newValue
      setNeedsArbitration()
    }
  }
  var storedActiveChildProvider: (@MainActor () -> AlertDispatch?)?
  /// The presenter for alerts of this dispatch; when `nil`, the nearest ancestor's is used.
  public var presenter: (any AlertPresenter)? {
    get { storedPresenter }
    set {
      storedPresenter = newValue
      AlertDispatch.treeGeneration &+= 1
    }
  }
  var storedPresenter: (any AlertPresenter)?
  /// The clock of the domain; only the root's clock is used.
  public var clock: any AlertClock {
    get { storedClock }
    set { storedClock = newValue }
  }
  var storedClock: any AlertClock
  /// How long the framework waits for a presenter to report an alert gone after asking it to
  /// dismiss (default 10 s); then the alert ends anyway with a diagnostic. The root's value
  /// is used.
  public var dismissalTimeout: Duration {
    get { storedDismissalTimeout }
    set { storedDismissalTimeout = newValue }
  }
  var storedDismissalTimeout: Duration = .seconds(10)
  /// Whether the screen is visible (between ``appear()`` and ``disappear()``).
  public internal(set) var isVisible: Bool {
    get { storedIsVisible }
    set { storedIsVisible = newValue }
  }
  var storedIsVisible: Bool
  /// Whether ``pause()`` was called without a matching ``resume()``.
  public internal(set) var isPaused: Bool {
    get { storedIsPaused }
    set { storedIsPaused = newValue }
  }
  var storedIsPaused: Bool = false
  /// Whether ``close()`` was called.
  public internal(set) var isClosed: Bool {
    get { storedIsClosed }
    set { storedIsClosed = newValue }
  }
  var storedIsClosed: Bool = false

  /// Where diagnostics go when a call is ignored or a rule is bent. By default they are written
  /// to standard error; every diagnostic is also an ``AlertEvent`` of kind
  /// ``AlertEvent/Kind/diagnostic(_:)``.
  public static var diagnosticHandler: @MainActor (AlertEvent) -> Void = { event in
    print("AlertDispatch: \(event)")
  }

  /// When this domain's passes run (default ``PassScheduling/immediate``). The root's value is
  /// used.
  public var passScheduling: PassScheduling {
    get { storedPassScheduling }
    set { storedPassScheduling = newValue }
  }
  var storedPassScheduling: PassScheduling = .immediate

  /// Where this domain's frequency caps and category budgets are counted: ledger, wall clock,
  /// app version, time zone, budgets. The root's value is used. A root without one gets an
  /// in-memory policy (with a diagnostic) when a capped alert first goes up.
  public var frequencyPolicy: FrequencyPolicy?

  var weakChildren: [WeakDispatch] = []
  // Unchecked for exclusivity at run time: see the note on `Engine.actions`.
  @exclusivity(unchecked)
  var alerts = AlertSlots()
  @exclusivity(unchecked)
  var queues = LaneQueues()
  let domain = Domain()
  @exclusivity(unchecked)
  var needsPass = false
  var lastRejectedChild: ObjectIdentifier?
  var observers: [(Int, @MainActor (AlertEvent) -> Void)] = []
  var nextObserverID = 0
  /// How many live dispatches have an observer: when none has, events are not even looked for.
  @exclusivity(unchecked)
  static var observedDispatches = 0
  /// Invariant violations found after passes of this root, when checking is on (tests).
  package var invariantViolations: [String] = []
  /// Turns on invariant checks after every pass (tests and the stress tool).
  @exclusivity(unchecked)
  package static var checksInvariants = false

  /// Creates a dispatch.
  ///
  /// - Parameters:
  ///   - name: A name for diagnostics and explanations.
  ///   - isVisible: Whether the screen is visible now. A screen created before it appears passes
  ///     `false` and calls ``appear()`` from `viewDidAppear`.
  ///   - clock: The clock the domain uses when this dispatch is its root.
  ///   - presenter: The presenter for this dispatch's alerts.
  public init(
    name: String = "dispatch",
    isVisible: Bool = true,
    clock: any AlertClock = SystemAlertClock.shared,
    presenter: (any AlertPresenter)? = nil
  ) {
    self.name = name
    self.storedIsVisible = isVisible
    self.storedClock = clock
    self.storedPresenter = presenter
  }

  isolated deinit {
    if !observers.isEmpty { AlertDispatch.observedDispatches -= 1 }
    AlertDispatch.treeGeneration &+= 1
    let orphans = alerts.values.sorted { $0.seq < $1.seq }
    let parent = self.parent
    let children = weakChildren.compactMap(\.dispatch)
    for child in children { child.parentID = nil }
    guard !orphans.isEmpty || parent != nil || !children.isEmpty else { return }
    Engine.shared.perform {
      for alert in orphans where !alert.state.isEnded {
        alert.endOrphaned()
      }
      if let parent {
        parent.weakChildren.removeAll { $0.dispatch == nil }
        parent.root.rebuildDomain()
      }
      for child in children where child.parent == nil {
        child.rebuildDomain()
      }
    }
  }

  /// The root of this dispatch's domain.
  public var root: AlertDispatch {
    if parentID == nil { return self }
    if cachedRootGeneration == AlertDispatch.treeGeneration, let root = cachedRoot { return root }
    var node = self
    while let parent = node.parent { node = parent }
    cachedRoot = node
    cachedRootGeneration = AlertDispatch.treeGeneration
    return node
  }

  /// The live children registered with ``setParent(_:)``.
  public var children: [AlertDispatch] {
    weakChildren.compactMap(\.dispatch)
  }

  /// The alerts of this dispatch that have not ended, first added first.
  public var unfinishedAlerts: [AlertHandle] {
    alerts.values.sorted { $0.seq < $1.seq }
  }

  /// Joins this dispatch (and its subtree) to `parent`'s domain, or detaches it when `nil`.
  ///
  /// The parent holds its children weakly; this dispatch holds its parent weakly.
  /// - Throws: ``AlertDispatchError/parentCycle(_:)`` when `parent` is this dispatch or one of
  ///   its descendants, ``AlertDispatchError/closed(_:)`` when either dispatch is closed. Nothing
  ///   changes when it throws.
  public func setParent(_ parent: AlertDispatch?) throws(AlertDispatchError) {
    if let parent {
      if isClosed { throw .closed(name) }
      if parent.isClosed { throw .closed(parent.name) }
      var path = [name]
      var node: AlertDispatch? = parent
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
  public func appear() {
    Engine.shared.perform(.setVisible(self, true))
  }

  /// The screen is going away (`viewWillDisappear`): its showing alerts are suspended — hidden,
  /// not ended, their place kept — and nothing of its queue advances.
  public func disappear() {
    Engine.shared.perform(.setVisible(self, false))
  }

  /// Nothing new shows from this dispatch or any dispatch below it until ``resume()``.
  /// Alerts already on screen stay.
  public func pause() {
    Engine.shared.perform {
      self.isPaused = true
      self.requestPass()
    }
  }

  /// Undoes ``pause()``.
  public func resume() {
    Engine.shared.perform {
      self.isPaused = false
      self.requestPass()
    }
  }

  /// Asks the root for a pass: call it when something changed that the framework cannot see,
  /// such as the active child, or a presenter that refused and can present now (alerts waiting
  /// for a presenter retry are retried at once).
  public func setNeedsArbitration() {
    Engine.shared.perform {
      self.root.domain.retryRefusedNow()
      self.requestPass()
    }
  }

  /// The screen is gone for good: every unfinished alert of this dispatch ends as
  /// ``CancellationReason/ownerClosed`` (alerts on screen are dismissed through the presenter),
  /// its children are detached and become roots, and later adds end as owner closed at once.
  public func close() {
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
  public func add(
    _ request: AlertRequest,
    presenter: (any AlertPresenter)? = nil,
    completion: (@MainActor (AlertOutcome) -> Void)? = nil
  ) -> AlertHandle {
    let alert = AlertHandle(request: request, dispatch: self, seq: Engine.shared.nextStamp())
    alert.presenterOverride = presenter
    if let completion { alert.completions.append(completion) }
    Engine.shared.perform(.add(self, alert))
    return alert
  }

  /// The unfinished alert with this id anywhere in this dispatch's domain.
  public func alert(withID id: AlertID) -> AlertHandle? {
    root.domain.alert(withID: id)
  }

  /// Registers `observer` for the events of this dispatch and every dispatch below it.
  @discardableResult
  public func observe(_ observer: @escaping @MainActor (AlertEvent) -> Void) -> AlertObservation {
    nextObserverID += 1
    if observers.isEmpty { AlertDispatch.observedDispatches += 1 }
    observers.append((nextObserverID, observer))
    return AlertObservation(id: nextObserverID)
  }

  /// Stops an observation.
  public func removeObservation(_ observation: AlertObservation) {
    guard !observers.isEmpty else { return }
    observers.removeAll { $0.0 == observation.id }
    if observers.isEmpty { AlertDispatch.observedDispatches -= 1 }
  }

  /// The events of this dispatch and every dispatch below it, from now on, as an async sequence.
  public var events: AsyncStream<AlertEvent> {
    let (stream, continuation) = AsyncStream<AlertEvent>.makeStream()
    let token = observe { continuation.yield($0) }
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.removeObservation(token) }
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
/// cache on every access). A removed alert leaves a hole, filled when holes outnumber alerts,
/// so that removing one touches no other alert.
@MainActor
struct AlertSlots {
  private var slots: [AlertHandle?] = []
  private var holes = 0

  /// The alerts, first added first.
  var values: [AlertHandle] { slots.compactMap { $0 } }

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
    while let last = slots.last, last == nil {
      slots.removeLast()
      holes -= 1
    }
    if holes > 32 && holes * 2 > slots.count { compact() }
  }

  private mutating func compact() {
    var kept: [AlertHandle?] = []
    kept.reserveCapacity(slots.count - holes)
    for case let alert? in slots {
      alert.slot = kept.count
      kept.append(alert)
    }
    slots = kept
    holes = 0
  }

  private func contains(_ alert: AlertHandle) -> Bool {
    alert.slot >= 0 && alert.slot < slots.count && slots[alert.slot] === alert
  }
}

struct WeakDispatch {
  weak var dispatch: AlertDispatch?
}
