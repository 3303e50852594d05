internal import Foundation

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
  public var state: AlertState { life.state }
  /// The stage of its life, with what that stage remembers: the transitions of `AlertLife`
  /// decide the moves, and the handle's `move` and `moveIfAble` are the only writers.
  private(set) var life: AlertLife {
    didSet {
      describe(life.state)
      // The check after the next pass looks at the alerts whose life moved.
      if DispatchNode.mayCheckInvariants, let owner {
        let root = owner.root
        if root.checksInvariantsHere { root.touch(self, owner: owner) }
      }
    }
  }
  /// A copy of ``state`` that ``description`` reads from any thread, kept behind a lock that
  /// every handle shares: descriptions are rare, and a lock each would cost about 100 bytes per
  /// alert.
  private nonisolated let described: Locked<AlertState>
  private nonisolated static let describedLock = NSLock()
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

  // Scheduling bookkeeping: the dispatch reads it, and only the named moves at the end of this
  // file write it.
  /// The alert's place in add order across every dispatch.
  let seq: UInt64
  /// The request's lane key and priority, read on every pass.
  nonisolated var laneKey: LaneKey { request.lane.key }
  /// The request's priority, as a number.
  nonisolated var priority: Int { request.priority.rawValue }
  /// Its place in its lane's line, which its request and its add order fix.
  nonisolated var rank: LineRank { LineRank(request, sequence: seq) }
  /// The ids this one waits for: of unfinished alerts, and while ``awaitsUnadded``, of alerts
  /// not added yet.
  private(set) var blockedBy = BlockerList()
  /// When a presenter first put the alert up (0 until then), in the engine's stamps.
  private(set) var firstUpStamp: UInt64 = 0
  /// Whether a presenter has put the alert up at least once, ended or not (for the stress
  /// tool's checks).
  package var hasBeenShown: Bool { firstUpStamp != 0 }
  /// The alert's place in add order across every dispatch: a recorder adds an alert that joins
  /// its domain in that place.
  package var addOrder: UInt64 { seq }
  /// The alert that covers this one, if any (for the stress tool's reference model).
  package var coverer: AlertHandle? { coveredBy }
  /// When the alert joined its current domain: when it was added (which, for a call made
  /// during a pass, is after the pass), or when its dispatch last moved
  /// (``AlertDispatch/setParent(_:)``).
  private(set) var joinedStamp: UInt64 = 0
  /// When the alert last went up or came back, in the engine's stamps: preemption hides the
  /// latest first.
  private(set) var upStamp: UInt64 = 0
  /// The presenter that put the alert up, which hides, restores and dismisses it.
  private(set) var activePresenter: (any AlertPresenter)?
  /// A presenter for this alert only, given to `add`.
  var presenterOverride: (any AlertPresenter)?
  /// The completion handlers and the awaiting tasks to tell the outcome, first added first; both
  /// changed by assignment only, as a dispatch's children are.
  var completions: [@MainActor (AlertOutcome) -> Void] = []
  /// The awaiting tasks of ``outcome``.
  var waiters: [CheckedContinuation<AlertOutcome, Never>] = []

  /// When the alert may go up, if its request sets a delay; `nil` for none (not an instant
  /// such as zero, which a clock may not have reached: ``AlertClock`` times may be negative).
  private(set) var notBefore: AlertInstant?
  /// When the alert was added, on its root's clock then (a recorder places an alert that joins
  /// its domain at that instant).
  package private(set) var addedAt = AlertInstant.zero
  /// The alert that went up over this one in style ``PresentationStyle/cover``, leaving it
  /// visible under it.
  private(set) weak var coveredBy: AlertHandle?
  /// The alerts that lay beneath this one, covered, when their screens left the chain together
  /// with it, in the order they were hidden: they come back beneath it (see
  /// ``PassInput/Candidate/beneath``).
  var hiddenBeneath: [AlertHandle] { heldBeneath.compactMap(\.alert) }
  /// ``hiddenBeneath``, held weakly: an alert still hidden is held by its dispatch, and one that
  /// ended while its coverer waits is freed once the app lets go of it.
  private var heldBeneath: [HeldAlert] = []
  /// The timer that ends the alert if it is still pending at its readiness deadline, or that
  /// ends its wait for dependencies not added yet.
  private(set) var readinessTimer: (any AlertTimer)?
  /// The timer that ends the alert if it has not gone up by its expiry.
  private(set) var expiryTimer: (any AlertTimer)?
  /// A show that counts once the alert is dismissed (``FrequencyCap/countsWhen``).
  private(set) var frequencyCharge: FrequencyCharge?

  /// The request the alert was added with.
  public let request: AlertRequest
  // Declared right after the request, so that it fills the request's last word.
  /// Whether dependencies that no alert of the domain has had yet still hold the alert back:
  /// from its add, if its request ``AlertRequest/waitsForUnadded``, until its readiness deadline.
  private(set) var awaitsUnadded: Bool
  /// What the presenter shows: the request's ``AlertRequest/content``, or the content
  /// ``markReady(content:)`` gave the alert before it went up. Presenters read this one.
  public var content: AlertContent { readyContent?.content ?? request.content }
  /// The content `markReady(content:)` gave, boxed: most alerts never get one, and the box
  /// costs them a pointer where the content would cost them its whole size.
  var readyContent: ReadyContent?

  /// The end of the alert's delay, if that is after `now`.
  func delayed(at now: AlertInstant) -> AlertInstant? {
    guard let notBefore, notBefore > now else { return nil }
    return notBefore
  }

  init(request: AlertRequest, owner: DispatchNode, seq: UInt64) {
    life = .added(isReady: request.readiness == .ready)
    described = Locked(life.state, lock: AlertHandle.describedLock)
    awaitsUnadded = request.waitsForUnadded && !request.dependencies.isEmpty
    self.request = request
    self.owner = owner
    self.seq = seq
  }
}

extension AlertHandle {
  /// Makes a move the dispatch asks for only from a stage that allows it. A move the stage does
  /// not allow is a bug: it traps in a debug build and, in a release build, is an invariant
  /// violation (which the stress tool counts) that leaves the stage as it was.
  func move(_ name: String, _ change: (inout AlertLife) -> Bool) {
    guard !moveIfAble(change) else { return }
    assertionFailure("alert '\(id)': \(name) from \(life)")
    owner?.root.invariantViolations.append("alert '\(id)': \(name) from \(life)")
  }

  /// Makes a move that a late or repeated event may ask for; returns whether the stage allowed
  /// it. A timer the old stage held and the new one does not is cancelled: a stage's timers end
  /// with it. The move is decided on a copy, then stored: changing `life` in place would release
  /// the old stage's data while `life` is being modified, and Swift would then check every
  /// access to `life` at run time instead of proving them all at compile time.
  func moveIfAble(_ change: (inout AlertLife) -> Bool) -> Bool {
    var next = life
    guard change(&next) else { return false }
    let dropped = life.timers
    life = next
    if !dropped.isEmpty {
      let kept = next.timers
      for timer in dropped where !kept.contains(where: { $0 === timer }) {
        Engine.shared.cancel(timer)
      }
    }
    return true
  }

  /// Changes the countdowns of an alert that is up (see ``AlertLife/updateCountdowns(_:)``). In
  /// a stage without countdowns (a timer that fires after the alert went down) it changes
  /// nothing: the countdowns ended with their stage.
  func updateCountdowns(_ change: (inout Countdowns) -> Void) {
    guard life.countdowns != nil else { return }
    move("updateCountdowns") { $0.updateCountdowns(change) }
  }

  /// Joins the alert's domain (see ``AlertLife/register()``).
  func registerLife() {
    var next = life
    next.register()
    life = next
  }

  /// Gives up the alert's id to an alert that took it over (see ``AlertLife/giveUpID()``).
  func giveUpID() {
    var next = life
    next.giveUpID()
    life = next
  }
}

/// The one writer of an alert's scheduling bookkeeping beside its stage: each write is a move
/// named for what happened to the alert, and the dispatch asks the handle for it.
extension AlertHandle {
  /// The alert is added at `addedAt`: its delay runs from then; the engine ends it if it is
  /// still pending at its readiness deadline (or stops its wait for dependencies not added yet
  /// then) and if it has not gone up by its expiry.
  func startWaiting(at addedAt: AlertInstant, on clock: any AlertClock) {
    let timing = request.timing
    if state == .pending || awaitsUnadded, let deadline = timing.readinessDeadline {
      readinessTimer = Engine.shared.schedule(at: addedAt + deadline, on: clock, for: owner) {
        [weak self] in
        guard let self else { return }
        if state == .pending { return end(.cancelled(.readinessTimedOut)) }
        owner?.stopAwaitingUnadded(self)
      }
    }
    if let expiry = timing.expiry {
      expiryTimer = Engine.shared.schedule(at: addedAt + expiry, on: clock, for: owner) {
        [weak self] in
        guard let self else { return }
        if !hasGoneUp && !state.isEnded { end(.cancelled(.expired)) }
      }
    }
  }

  /// The alert was added at `addedAt`: its delay, if its request sets one, runs from then.
  func startDelay(at addedAt: AlertInstant) {
    self.addedAt = addedAt
    let delay = request.timing.delay
    if delay > .zero { notBefore = addedAt + delay }
  }

  /// The alert was marked ready: its readiness deadline no longer holds, unless it still bounds
  /// the wait for dependencies not added yet.
  func stopReadinessDeadline() {
    guard !awaitsUnadded else { return }
    Engine.shared.cancel(readinessTimer)
    readinessTimer = nil
  }

  /// The alert's readiness deadline passed: it stops waiting for dependencies not added yet.
  /// Returns whether it waited for them.
  func stopAwaitingUnaddedIDs() -> Bool {
    guard awaitsUnadded else { return false }
    awaitsUnadded = false
    return true
  }

  /// The alert joined its domain (it was added, or its dispatch moved) at `stamp`.
  func join(at stamp: UInt64) {
    joinedStamp = stamp
  }

  /// An unfinished alert with `id` holds the alert back, or an alert with it is awaited.
  func block(on id: AlertID) {
    blockedBy.insert(id)
  }

  /// The alert no longer waits for `id`.
  func unblock(from id: AlertID) {
    blockedBy.remove(id)
  }

  /// The alert waits for `blockers` as its re-indexed domain says.
  func setBlockers(_ blockers: BlockerList) {
    blockedBy = blockers
  }

  /// The alert goes up or comes back now: it is the latest up of its lane.
  func stampUp() {
    upStamp = Engine.shared.nextStamp()
  }

  /// `presenter` was asked to put the alert up: it hides, restores and takes down the alert
  /// from now on.
  func presented(by presenter: any AlertPresenter) {
    activePresenter = presenter
  }

  /// A presenter put the alert up: it no longer expires.
  func markShown() {
    firstUpStamp = upStamp
    Engine.shared.cancel(expiryTimer)
    expiryTimer = nil
  }

  /// The alert's show counts once it is dismissed: `charge` holds its place in the count
  /// meanwhile.
  func chargeWhenDismissed(_ charge: FrequencyCharge) {
    frequencyCharge = charge
  }

  /// `coverer` went up over the alert in style ``PresentationStyle/cover``: the alert stays
  /// visible beneath it, no longer one hidden beneath it.
  func cover(by coverer: AlertHandle) {
    let beneath = coverer.hiddenBeneath.filter { $0 !== self }
    coverer.heldBeneath = beneath.map { HeldAlert(alert: $0) }
    coveredBy = coverer
  }

  /// Nothing covers the alert any more: its coverer left, or the alert was hidden.
  func uncover() {
    coveredBy = nil
  }

  /// `covered`, covered by this alert, was hidden with it: it comes back beneath it.
  func holdBeneath(_ covered: AlertHandle) {
    let beneath = hiddenBeneath
    guard !beneath.contains(where: { $0 === covered }) else { return }
    heldBeneath = (beneath + [covered]).map { HeldAlert(alert: $0) }
  }

  /// The alert came back: what lay beneath it came back with it (restored first); what could
  /// not (its screen away, or paused) stays listed, and comes back beneath it with its screen.
  func forgetRestoredBeneath() {
    heldBeneath = hiddenBeneath.filter { $0.state.isSuspended }.map { HeldAlert(alert: $0) }
  }

  /// The alert ended with `outcome`: its waiting timers stop, its show counts if it was
  /// dismissed, and it lets go of its coverer, what lay beneath it and its presenter.
  func leaveScheduling(_ outcome: AlertOutcome) {
    Engine.shared.cancel(readinessTimer)
    Engine.shared.cancel(expiryTimer)
    readinessTimer = nil
    expiryTimer = nil
    if let charge = frequencyCharge {
      frequencyCharge = nil
      charge.policy.release(charge.keys, by: owner)
      if case .dismissed = outcome { charge.policy.record(charge.keys, by: owner) }
    }
    coveredBy = nil
    heldBeneath = []
    // An ended alert needs no presenter; one that still holds the alert (the app reported it
    // dismissed without telling the presenter) would otherwise keep both alive.
    activePresenter = nil
    presenterOverride = nil
  }
}

extension AlertHandle: CustomStringConvertible {
  /// The id and state, such as `promo (queued)`; safe to read from any thread.
  nonisolated public var description: String {
    "\(request.id) (\(described.withLock { $0 }))"
  }

  /// Keeps the copy of the state that ``description`` reads.
  private func describe(_ state: AlertState) {
    described.withLock { $0 = state }
  }
}

/// The content an alert was given when it became ready (``AlertHandle/markReady(content:)``).
final class ReadyContent {
  let content: AlertContent

  init(_ content: AlertContent) { self.content = content }
}

/// An alert held weakly, for a list that must not keep an ended alert alive.
@MainActor
struct HeldAlert {
  weak var alert: AlertHandle?
}
