import Synchronization

/// One alert added to a dispatch: its state, its outcome, and the calls that move it along.
///
/// `AlertDispatch.add(_:presenter:completion:)` returns a handle. Keep it to mark the alert ready,
/// to report that the user closed it, to cancel it, or to await its outcome:
///
/// ```swift
/// let handle = dispatch.add(AlertRequest(id: "promo", readiness: .pending))
/// handle.markReady()                 // the network answered
/// let outcome = await handle.outcome // .dismissed("Open") or .cancelled(…)
/// ```
///
/// Every alert ends exactly once. Calls that make no sense in the alert's state (a second
/// dismiss, a cancel after the end) change nothing and report a diagnostic; see
/// ``AlertDispatch/diagnosticHandler``.
@MainActor
public final class AlertHandle {
  /// Where the alert is in its life.
  public internal(set) var state: AlertState = .pending {
    didSet { describedState.withLock { $0 = state } }
  }
  /// A copy of ``state`` that ``description`` reads from any thread.
  private nonisolated let describedState = Mutex<AlertState>(.pending)
  var isReady: Bool
  var isRegistered = false
  var inQueue = false
  var hasGoneUp = false
  var presenterAskedToDismiss = false
  /// Whether an alert with its id replaced it (``isBeingReplaced``).
  var hasGivenUpID = false
  /// The dispatch that owns the alert (`nil` once it was released).
  public var dispatch: AlertDispatch? { owner?.facade ?? formerDispatch }
  /// The node of the dispatch that owns the alert; `nil` once the alert ended or the app
  /// released the dispatch.
  var owner: DispatchNode?
  /// The dispatch an ended alert belonged to, for ``dispatch`` and diagnostics.
  weak var formerDispatch: AlertDispatch?

  /// The alert's id.
  public var id: AlertID { request.id }
  /// The outcome, once the alert has ended.
  public var endedOutcome: AlertOutcome? {
    if case .ended(let outcome) = state { return outcome }
    return nil
  }

  // Scheduling bookkeeping, owned by the dispatch machinery.
  let seq: UInt64
  /// The request's lane key and priority, read on every pass.
  nonisolated var laneKey: LaneKey { request.lane.key }
  nonisolated var priority: Int { request.priority.rawValue }
  /// The ids of unfinished alerts this one waits for (a few at most: a list beats a set).
  // Unchecked for exclusivity at run time, as the properties named in `Engine.actions`: only
  // the framework changes them, on the main actor, and no change of either calls out.
  var blockedBy = BlockerList()
  var firstUpStamp: UInt64 = 0
  /// When the alert joined its current domain: when it was added (which, for a call made
  /// during a pass, is after the pass), or when its dispatch last moved
  /// (``AlertDispatch/setParent(_:)``).
  var joinedStamp: UInt64 = 0
  var upStamp: UInt64 = 0
  /// The presenter that put the alert up, which hides, restores and dismisses it.
  ///
  /// The pass calls it (hide, restore) with ``callActivePresenter(_:)``.
  var activePresenter: (any AlertPresenter)?

  /// Calls the active presenter, if any, through a local moved out of ``activePresenter`` and
  /// back after the call: called through the property, it was retained and released around each
  /// call, which might replace it. Nothing reads it meanwhile: every call a presenter makes
  /// waits until the running action or pass ends.
  @inline(__always)
  func callActivePresenter(_ call: (any AlertPresenter) -> Void) {
    guard let presenter = activePresenter.take() else { return }
    call(presenter)
    activePresenter = consume presenter
  }
  var completions: [@MainActor (AlertOutcome) -> Void] = []

  /// Bookkeeping most alerts never use (timers, refusals, a presenter of its own, awaiting
  /// tasks), kept out of line so that a queued alert stays small: a handle is allocated per
  /// alert and a queue may hold 100,000.
  final class Extras {
    var refusalReason: String?
    var pendingOutcome: AlertOutcome?
    var presenterOverride: (any AlertPresenter)?
    var autoDismissRemaining: Duration?
    var autoDismissStartedAt: AlertInstant?
    var readinessTimer: (any AlertTimer)?
    var expiryTimer: (any AlertTimer)?
    var autoDismissTimer: (any AlertTimer)?
    var dismissalTimer: (any AlertTimer)?
    var frequencyCharge: FrequencyCharge?
    var waiters: [CheckedContinuation<AlertOutcome, Never>] = []
    var retryAt: AlertInstant?
    var refusals = 0
    /// When a delayed alert may go up (``AlertTiming/delay``); `nil` for no delay.
    var notBefore: AlertInstant?
    /// The alert that went up over this one in style ``PresentationStyle/cover``, leaving it
    /// visible under it; here because few alerts are ever covered.
    weak var coveredBy: AlertHandle?
  }

  private var extras: Extras?

  // Declared last, so that it is laid out last: the fields a pass reads (state, priority, line
  // order, times) share the handle's first cache lines, ahead of the request's.

  /// The request the alert was added with.
  public let request: AlertRequest

  /// Whether the side object was ever made: without it, every field it holds has its default.
  var hasExtras: Bool { extras != nil }

  /// The side object, made on first use.
  private func madeExtras() -> Extras {
    if let extras { return extras }
    let created = Extras()
    extras = created
    return created
  }

  // Each setter below makes the side object only for a value (setting `nil` on an alert that
  // has none changes nothing). They are written out rather than shared through a key path: a
  // key path literal costs a run-time look-up each time it is evaluated, and `markShown` alone
  // clears three of these fields on every alert that goes up.

  /// The alert that covers this one (``PresentationStyle/cover``), if any.
  var coveredBy: AlertHandle? {
    get { extras?.coveredBy }
    set { if newValue != nil || extras != nil { madeExtras().coveredBy = newValue } }
  }
  /// When the alert may go up, if its request sets a delay; `nil` for none (not an instant
  /// such as zero, which a clock may not have reached: ``AlertClock`` times may be negative).
  var notBefore: AlertInstant? {
    get { extras?.notBefore }
    set { if newValue != nil || extras != nil { madeExtras().notBefore = newValue } }
  }
  /// The end of the alert's delay, if that is after `now`.
  func delayed(at now: AlertInstant) -> AlertInstant? {
    guard let notBefore = extras?.notBefore, notBefore > now else { return nil }
    return notBefore
  }
  var refusalReason: String? {
    get { extras?.refusalReason }
    set { if newValue != nil || extras != nil { madeExtras().refusalReason = newValue } }
  }
  var pendingOutcome: AlertOutcome? {
    get { extras?.pendingOutcome }
    set { if newValue != nil || extras != nil { madeExtras().pendingOutcome = newValue } }
  }
  var presenterOverride: (any AlertPresenter)? {
    get { extras?.presenterOverride }
    set { if newValue != nil || extras != nil { madeExtras().presenterOverride = newValue } }
  }
  var autoDismissRemaining: Duration? {
    get { extras?.autoDismissRemaining }
    set { if newValue != nil || extras != nil { madeExtras().autoDismissRemaining = newValue } }
  }
  var autoDismissStartedAt: AlertInstant? {
    get { extras?.autoDismissStartedAt }
    set { if newValue != nil || extras != nil { madeExtras().autoDismissStartedAt = newValue } }
  }
  var readinessTimer: (any AlertTimer)? {
    get { extras?.readinessTimer }
    set { if newValue != nil || extras != nil { madeExtras().readinessTimer = newValue } }
  }
  var expiryTimer: (any AlertTimer)? {
    get { extras?.expiryTimer }
    set { if newValue != nil || extras != nil { madeExtras().expiryTimer = newValue } }
  }
  var autoDismissTimer: (any AlertTimer)? {
    get { extras?.autoDismissTimer }
    set { if newValue != nil || extras != nil { madeExtras().autoDismissTimer = newValue } }
  }
  var dismissalTimer: (any AlertTimer)? {
    get { extras?.dismissalTimer }
    set { if newValue != nil || extras != nil { madeExtras().dismissalTimer = newValue } }
  }
  var frequencyCharge: FrequencyCharge? {
    get { extras?.frequencyCharge }
    set { if newValue != nil || extras != nil { madeExtras().frequencyCharge = newValue } }
  }
  /// When a refused alert may be tried again.
  var retryAt: AlertInstant? {
    get { extras?.retryAt }
    set { if newValue != nil || extras != nil { madeExtras().retryAt = newValue } }
  }
  /// Refusals since the alert last went up.
  var refusals: Int {
    get { extras?.refusals ?? 0 }
    set { if newValue != 0 || extras != nil { madeExtras().refusals = newValue } }
  }
  var waiters: [CheckedContinuation<AlertOutcome, Never>] {
    get { extras?.waiters ?? [] }
    set { if !newValue.isEmpty || extras != nil { madeExtras().waiters = newValue } }
  }

  @inline(__always)
  init(request: consuming AlertRequest, owner: DispatchNode, seq: UInt64) {
    isReady = request.readiness == .ready
    let autoDismiss = request.customTiming?.autoDismiss
    self.request = request
    self.owner = owner
    self.seq = seq
    autoDismissRemaining = autoDismiss
  }

  /// The alert's outcome; suspends until the alert ends.
  public var outcome: AlertOutcome {
    get async {
      if let endedOutcome { return endedOutcome }
      return await withCheckedContinuation { waiters.append($0) }
    }
  }

  /// Calls `handler` with the outcome when the alert ends (at once if it has ended).
  public func onEnd(_ handler: @escaping @MainActor (AlertOutcome) -> Void) {
    if let endedOutcome {
      handler(endedOutcome)
    } else {
      completions.append(handler)
    }
  }

  /// Says the alert may show now: a pending alert becomes queued.
  ///
  /// Marking an alert that is already ready does nothing; marking an ended one reports a
  /// diagnostic.
  public func markReady() {
    Engine.shared.perform(.markReady(self)) { applyMarkReady() }
  }

  /// Reports that the alert's UI is fully gone, with the user's choice.
  ///
  /// - A presenting, showing or suspended alert ends as ``AlertOutcome/dismissed(_:)``.
  /// - An alert the framework asked the presenter to close ends with the framework's reason.
  /// - An alert that never showed is not dismissed (use ``cancel()``), and a second dismiss is
  ///   ignored: both report a diagnostic and change nothing.
  public func dismiss(result: AlertResult = .closed) {
    Engine.shared.perform(.dismiss(self, result)) { applyDismiss(result) }
  }

  /// Withdraws the alert: it ends as ``CancellationReason/cancelledByApp``.
  ///
  /// A waiting alert ends at once. An alert on screen is closed through the presenter's
  /// ``AlertPresenter/dismiss(_:)`` and ends when the presenter reports it gone.
  public func cancel() {
    Engine.shared.perform { self.applyCancel(.cancelledByApp) }
  }

  /// Reports that a presentation answered with ``PresentationAnswer/presenting`` has finished
  /// animating in.
  public func didFinishPresenting() {
    Engine.shared.perform { self.applyDidFinishPresenting() }
  }
}

extension AlertHandle: CustomStringConvertible {
  /// The id and state, such as `promo (queued)`; safe to read from any thread.
  nonisolated public var description: String {
    "\(request.id) (\(describedState.withLock { $0 }))"
  }
}

/// The ids an alert waits for, without duplicates. An alert names a few dependencies: a linear
/// search costs less than hashing each id into a set.
struct BlockerList: Equatable {
  private(set) var ids: [AlertID] = []

  var isEmpty: Bool { ids.isEmpty }

  mutating func insert(_ id: AlertID) {
    if !ids.contains(id) { ids.append(id) }
  }

  mutating func remove(_ id: AlertID) {
    if let index = ids.firstIndex(of: id) { ids.remove(at: index) }
  }

  func sorted() -> [AlertID] { ids.sorted() }
}
