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
///
/// The app owns its dispatches: the tree holds neither parents nor children alive. When the app
/// releases a dispatch, its unfinished alerts end as ``CancellationReason/ownerClosed`` and its
/// children become roots.
@MainActor
public final class AlertDispatch {
  /// The state and the work of this dispatch, which the tree, the handles and the passes hold.
  let node: DispatchNode

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
    node = DispatchNode(name: name, isVisible: isVisible, clock: clock, presenter: presenter)
    node.facade = self
    node.ownSettings = AlertDispatchSettings.taskScope
  }

  isolated deinit {
    node.report(.releaseDispatch(ObjectIdentifier(self)))
    node.ownerReleased()
  }

  /// The dispatch's name, used in diagnostics, events and explanations.
  public var name: String { node.name }

  /// The parent dispatch, or `nil` for a root. Change it with ``setParent(_:)``.
  public var parent: AlertDispatch? { node.parent?.facade }

  /// The root of this dispatch's domain.
  public var root: AlertDispatch {
    // Up while each parent's dispatch is held: a released one, still in the tree until the
    // running pass ends or its deinit runs, ends the walk, as ``parent`` answers `nil` there.
    var root = self
    var current = node
    while let parent = current.parent, let facade = parent.facade {
      root = facade
      current = parent
    }
    return root
  }

  /// The children registered with ``setParent(_:)``, in the order they joined.
  public var children: [AlertDispatch] { node.children.compactMap(\.facade) }

  /// Names the active child (the selected tab, the top of a navigation stack).
  ///
  /// It is asked at every pass. Its answer counts only if that child's ``parent`` is this
  /// dispatch; any other answer is ignored with a diagnostic. Setting it requests a pass. While
  /// it is set, ``activeChild`` is not read.
  ///
  /// A provider costs every pass a call per dispatch with one on the active chain. When the app
  /// learns of each change anyway (a tab bar's or a navigation controller's delegate), setting
  /// ``activeChild`` instead spares those calls.
  public var activeChildProvider: (@MainActor () -> AlertDispatch?)? {
    get { node.activeChildProvider }
    set {
      node.activeChildProvider = newValue
      let isSet = newValue != nil
      // As `setNeedsArbitration()`, which a recorder hears as part of this input.
      Engine.shared.perform { [node] in
        node.reportCall { .setProvider($0, isSet: isSet) }
        node.requestPassRetryingRefused()
      }
    }
  }

  /// The active child (the selected tab, the top of a navigation stack), as the app last named
  /// it; `nil` when none is.
  ///
  /// Set it when the selection changes, as a `UITabBarControllerDelegate` or
  /// `UINavigationControllerDelegate` learns of it. It must be a child of this dispatch (its
  /// ``parent`` is this dispatch): any other dispatch is ignored with a diagnostic, and the
  /// active child stays as it was. It becomes `nil` when that child leaves this dispatch
  /// (``setParent(_:)``, ``close()``, or its release).
  ///
  /// A pass runs when the change can move the active chain: this dispatch is visible and the
  /// old or the new child is visible. Then, as with ``setNeedsArbitration()``, alerts a
  /// presenter refused are retried at once. Switching while both are hidden (between one tab's
  /// ``disappear()`` and the other's ``appear()``, which retries them) runs none. Like every
  /// call, a change made during a pass (from a presenter) takes effect after it.
  ///
  /// While ``activeChildProvider`` is set, the provider names the active child and this value
  /// is not read.
  public var activeChild: AlertDispatch? {
    get { node.activeChildNode?.facade }
    set {
      let child = newValue?.node
      Engine.shared.perform { [node] in
        node.reportCall { .setActiveChild($0, child?.facade) }
        node.applySetActiveChild(child)
      }
    }
  }

  /// The presenter for alerts of this dispatch; when `nil`, the nearest ancestor's is used.
  public var presenter: (any AlertPresenter)? {
    get { node.presenter }
    set { node.presenter = newValue }
  }

  /// The clock of the domain; only the root's clock is used.
  public var clock: any AlertClock {
    get { node.clock }
    set { node.clock = newValue }
  }

  /// How long the framework waits for a presenter to report an alert gone after asking it to
  /// dismiss (default 10 s); then the alert ends anyway with a diagnostic. The root's value
  /// is used.
  public var dismissalTimeout: Duration {
    get { node.dismissalTimeout }
    set { node.dismissalTimeout = newValue }
  }

  /// Whether the screen is visible (between ``appear()`` and ``disappear()``).
  public var isVisible: Bool { node.isVisible }

  /// Whether a pause of the whole dispatch is held: a token from ``pause()`` that is not yet
  /// released (nor ended by ``resume()``). Pauses of a lane or a category do not count.
  public var isPaused: Bool { node.isPaused }

  /// The pauses held on this dispatch, first taken first.
  public var pauses: [AlertPauseToken] { node.pauses }

  /// Whether ``close()`` was called.
  public var isClosed: Bool { node.isClosed }

  /// When this domain's passes run (default ``PassScheduling/immediate``). The root's value is
  /// used. Setting a root back to ``PassScheduling/immediate`` while its pass waits for the end
  /// of the main-actor turn runs that pass at once, or, when set from a presenter, a provider or
  /// during ``explain(_:)``, as soon as the running pass or call ends (as every call made there
  /// waits).
  public var passScheduling: PassScheduling {
    get { node.passScheduling }
    set {
      // A call of its own, heard before the pass it may run.
      Engine.shared.holdingCalls {
        node.reportCall { .setPassScheduling($0, newValue) }
        node.passScheduling = newValue
      }
    }
  }

  /// Where this domain's frequency caps and category budgets are counted: ledger, wall clock,
  /// app version, time zone, budgets. Only the root's value is used: set it on the root. One
  /// set on a dispatch that has a parent, or kept by a root that joins another domain, becomes
  /// the root's when the root has none; when the root has another, it is not used, and a
  /// diagnostic names the dispatch and the root to set it on. A root without one gets an
  /// in-memory policy (with a diagnostic) when a capped alert first goes up.
  public var frequencyPolicy: FrequencyPolicy? {
    get { node.frequencyPolicy }
    set { node.frequencyPolicy = newValue }
  }

  /// The alerts of this dispatch that have not ended, first added first.
  public var unfinishedAlerts: [AlertHandle] { node.unfinishedAlerts }

  /// Joins this dispatch (and its subtree) to `parent`'s domain, or detaches it when `nil`.
  ///
  /// The parent does not keep this dispatch alive, nor this dispatch its parent.
  /// - Throws: ``AlertDispatchError/parentCycle(_:)`` when `parent` is this dispatch or one of
  ///   its descendants, ``AlertDispatchError/closed(_:)`` when either dispatch is closed. Nothing
  ///   changes when it throws.
  public func setParent(_ parent: AlertDispatch?) throws(AlertDispatchError) {
    let node = node
    if let parent = parent?.node {
      if node.isClosed { throw .closed(node.name) }
      if parent.isClosed { throw .closed(parent.name) }
      if let cycle = node.cycle(under: parent) { throw .parentCycle(cycle) }
    }
    Engine.shared.perform {
      let oldRoot = node.root
      node.reportCall { .setParent($0, parent) }
      node.applySetParent(parent?.node)
      if node.root !== oldRoot { node.reportCall { .setParent($0, parent) } }
    }
  }

  /// The screen appeared (`viewDidAppear`): its alerts may show, and suspended ones come back.
  /// Alerts a presenter refused are retried at once, since a host may exist now.
  public func appear() {
    Engine.shared.perform { [node] in
      node.reportCall { .appear($0) }
      node.applySetVisible(true)
    }
  }

  /// The screen is going away (`viewWillDisappear`): its showing alerts are suspended — hidden,
  /// not ended, their place kept — and nothing of its queue advances.
  public func disappear() {
    Engine.shared.perform { [node] in
      node.reportCall { .disappear($0) }
      node.applySetVisible(false)
    }
  }

  /// Pauses the dispatch: nothing new shows from it or from any dispatch below it until the
  /// token is released (alerts already on screen stay; suspended ones wait). Pauses count: the
  /// dispatch stays paused until every token of the whole dispatch is released.
  ///
  /// The result may be dropped by code that calls ``resume()`` instead: a dropped token does
  /// not end its pause.
  @discardableResult
  public func pause() -> AlertPauseToken {
    hold(AlertPauseToken(scope: .all, dispatch: self))
  }

  /// Pauses one lane of this dispatch and of the dispatches below it: none of its alerts goes
  /// up until the token is released; other lanes go on. A lane no alert of the domain has used
  /// yet is paused all the same, with a diagnostic (most likely a misspelt name).
  public func pause(lane: AlertLane) -> AlertPauseToken {
    let token = AlertPauseToken(scope: .lane(lane.name), dispatch: self)
    Engine.shared.perform { [node] in
      node.reportCall { .pause($0, token) }
      if node.root.domain.index(of: lane.key) == nil {
        node.diagnose(
          "pause(lane: '\(lane.name)') on '\(node.name)': no alert of its domain uses lane '\(lane.name)' yet; its alerts are held when they come"
        )
      }
      node.hold(token)
    }
    return token
  }

  /// Pauses one category of this dispatch and of the dispatches below it: none of the alerts
  /// whose ``AlertRequest/category`` it is goes up until the token is released.
  public func pause(category: String) -> AlertPauseToken {
    hold(AlertPauseToken(scope: .category(category), dispatch: self))
  }

  /// Holds `token` on this dispatch and returns it.
  private func hold(_ token: AlertPauseToken) -> AlertPauseToken {
    Engine.shared.perform { [node] in
      node.reportCall { .pause($0, token) }
      node.hold(token)
    }
    return token
  }

  /// Ends every pause of the whole dispatch (each token from ``pause()``, however many), so
  /// that `pause()` and `resume()` keep working as a pair; pauses of a lane or a category stay
  /// until their tokens are released.
  public func resume() {
    Engine.shared.perform { [node] in
      node.reportCall { .resume($0) }
      for token in node.pauses where token.scope == .all { token.endByResume() }
      node.pauses = node.pauses.filter { $0.scope != .all }
      node.requestPass()
    }
  }

  /// Asks the root for a pass: call it when something changed that the framework cannot see,
  /// such as the active child, or a presenter that refused and can present now (alerts waiting
  /// for a presenter retry are retried at once).
  public func setNeedsArbitration() {
    Engine.shared.perform { [node] in
      node.reportCall { .setNeedsArbitration($0) }
      node.requestPassRetryingRefused()
    }
  }

  /// The screen is gone for good: every unfinished alert of this dispatch ends as
  /// ``CancellationReason/ownerClosed`` (alerts on screen are dismissed through the presenter),
  /// its children are detached and become roots, and later adds end as owner closed at once.
  public func close() {
    Engine.shared.perform { [node] in
      node.reportCall { .closeDispatch($0) }
      node.applyClose()
    }
  }

  /// Adds an alert to this dispatch and returns its handle.
  ///
  /// The alert is scheduled by the root's next pass, which runs before `add` returns unless a
  /// pass is running (then right after it). A request that cannot be scheduled does not throw:
  /// the alert ends at once with a ``CancellationReason`` that says why (invalid request,
  /// duplicate, dependency cycle, owner closed), and its completion runs after `add` returns.
  ///
  /// - Parameters:
  ///   - request: What to show and how to schedule it.
  ///   - presenter: A presenter for this alert only; by default the dispatch's.
  ///   - completion: Called once with the outcome when the alert ends; for one that ends during
  ///     the call, in a main-actor task once `add` has returned.
  /// - Returns: The alert's handle.
  /// - Complexity: O(log P + A) for P distinct priorities in the lane and A alerts of the
  ///   dispatch's line at the alert's priority, plus the size of the dependency graph
  ///   reachable from the request's dependencies.
  @discardableResult
  public func add(
    _ request: consuming AlertRequest,
    presenter: (any AlertPresenter)? = nil,
    completion: (@MainActor (AlertOutcome) -> Void)? = nil
  ) -> AlertHandle {
    let alert = AlertHandle(request: request, owner: node, seq: Engine.shared.nextStamp())
    alert.presenterOverride = presenter
    Engine.shared.perform { [node] in
      node.reportCall { .add(alert, to: $0) }
      node.applyAdd(alert)
    }
    guard let completion else { return alert }
    if let outcome = alert.endedOutcome {
      Engine.shared.carryOut(.deliverAfterAdd(outcome, handler: completion), for: nil)
    } else {
      alert.completions = alert.completions + [completion]
    }
    return alert
  }

  /// The unfinished alert with this id anywhere in this dispatch's domain.
  public func alert(withID id: AlertID) -> AlertHandle? { node.root.domain.alert(withID: id) }

  /// Says why the alert with this id is or is not on screen.
  ///
  /// The id is looked up over the whole domain, like dependencies. For an alert that has ended,
  /// read ``AlertHandle/state`` on its handle.
  ///
  /// Explaining asks the active-child providers of the chain, as a pass does. Calls that app
  /// code makes while it runs (from a provider, a frequency ledger or the diagnostic handler)
  /// wait until it returns, as calls made during a pass wait until the pass ends.
  public func explain(_ id: AlertID) -> AlertExplanation {
    Engine.shared.holdingCalls { node.explain(id) }
  }

  /// Says why `alert`, an alert of this dispatch's domain, is or is not on screen: as
  /// ``explain(_:)``, for an alert whose id another alert of the domain holds (one replaced while
  /// on screen, or one of two joined domains) too (the stress tool's checks).
  package func explain(handle alert: AlertHandle) -> AlertExplanation {
    Engine.shared.holdingCalls { node.root.explain(alert, chain: ActiveChain(root: node.root)) }
  }

  /// Registers `observer` for the events of this dispatch and every dispatch below it.
  @discardableResult
  public func observe(_ observer: @escaping @MainActor (AlertEvent) -> Void) -> AlertObservation {
    node.observe(observer)
  }

  /// Stops an observation.
  public func removeObservation(_ observation: AlertObservation) {
    node.removeObservation(observation)
  }

  /// The events of this dispatch and every dispatch below it, from now on, as an async sequence.
  public var events: AsyncStream<AlertEvent> { node.events }

  // For the simulator, the stress tool and the tests (the invariant checks are for apps too).

  /// Every unfinished alert of this dispatch and the dispatches below it.
  package var subtreeAlerts: [AlertHandle] { node.subtreeAlerts }

  /// The invariants that this dispatch's domain breaks now (<doc:Invariants> lists them),
  /// checked over all of it, one sentence each: for an app's tests, at the end of a flow (see
  /// ``checksInvariants``).
  public func checkInvariants() -> [String] {
    Engine.shared.holdingCalls { node.checkInvariants() }
  }

  /// What the checks after the passes of this root found while ``checksInvariants`` was on, one
  /// sentence each (`lane 'modal' has room but eligible 'b' is not up`); assign `[]` to clear.
  public var invariantViolations: [String] {
    get { node.invariantViolations }
    set { node.invariantViolations = newValue }
  }
}
