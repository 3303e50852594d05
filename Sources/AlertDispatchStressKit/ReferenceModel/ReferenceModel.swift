import AlertDispatchKit

/// A small, slow, obviously correct judge of the decisions a pass makes, written from the rules
/// of a pass as the DocC articles state them, sharing no code with the library's arbiter.
///
/// The model keeps its own record of every alert: the plain data of its request (priority,
/// lane, dependencies, time limits, policies), its place in line, when it last went up and how
/// long it has been up. After every pass of a root it reads what the real dispatch did — each
/// alert's state and coverer, and the events of the pass in order — and recomputes, by brute
/// force over every alert of the domain, what the rules allow: which alerts may go up, in which
/// order, which front alert a preemption takes down, in which order hidden alerts come back,
/// and why each alert that ended ended. Every disagreement is one sentence; the stress world
/// reports it as a ``StressViolation`` of kind `model`, which the shrinker minimizes like the
/// others. ``ReferenceModelCoverage`` lists which rules it covers and which it does not.
///
/// The library's values (``AlertID``, ``AlertLane``, ``AlertTiming`` …) are plain data here; the
/// model calls none of the library's scheduling code.
@MainActor
package final class ReferenceModel {
  /// Where an alert is in its life, as the model last saw it.
  package enum Phase: Equatable, Sendable {
    /// Pending or queued: it has not gone up, or waits again after a refusal.
    case waiting
    /// Presenting or showing, in front of its lane.
    case up
    /// Presenting or showing, beneath the alert that covers it.
    case covered
    /// Hidden, its place in line kept.
    case suspended
    /// Being dismissed.
    case leaving
    /// Ended.
    case ended
  }

  /// One alert as the model knows it.
  package struct Record {
    let handle: AlertHandle
    let id: AlertID
    let priority: Int
    let lane: AlertLane
    /// The order of its add among every add of the run.
    let sequence: Int
    /// Its place in line among its priority: first added first, or newest first when it is
    /// placed next or its lane orders newest first.
    let lineKey: Int
    let request: AlertRequest
    let addedAt: AlertInstant
    let launch: Int
    var phase: Phase = .waiting
    /// The model's count of go-ups when it last went up (0: never).
    var stamp = 0
    var everShown = false
    /// Time up (in front or covered) before `upSince`, and when it last went up.
    var upTime = Duration.zero
    var upSince: AlertInstant?
    /// Whether it gave its id up while animating out, to a newcomer with the id: it no longer
    /// holds back the alerts that wait for the id.
    var gaveUpID = false
    /// Whether it was beneath a coverer when it was hidden (it comes back with that coverer).
    var hiddenBeneath = false
    /// The alert that covered it when the model last saw it covered.
    var coverer: ObjectIdentifier?
    /// The record of the alert it is hidden beneath, when it was hidden with its screen while
    /// that alert stayed up or was hidden with it: it comes back beneath that one.
    var beneath: Int?
    /// Whether a presenter refused it since it last went up (rule 7 holds its lane).
    var refused = false
    /// The root it belonged to at the model's last look.
    var root: ObjectIdentifier?

    /// Its time up by `now`.
    func up(at now: AlertInstant) -> Duration { upTime + (upSince.map { now - $0 } ?? .zero) }

    /// Whether its minimum display time still protects it at `now`.
    func isProtected(at now: AlertInstant) -> Bool {
      guard let minimum = request.timing.minimumDisplay, minimum > .zero else { return false }
      return up(at: now) < minimum
    }

    /// Whether it stands before `other` in its lane's line (rule 4).
    func isAhead(of other: Record) -> Bool {
      (priority, -lineKey) > (other.priority, -other.lineKey)
    }

    /// Whether it is weaker than `other` as a front alert: lower, or equal and up later.
    func isWeaker(than other: Record) -> Bool {
      (priority, -stamp) < (other.priority, -other.stamp)
    }
  }

  /// An event and the root that reported it.
  struct Seen {
    let root: ObjectIdentifier
    let event: AlertEvent
  }

  /// A show counted against a cap or budget key.
  struct Show {
    let key: String
    /// The frequency policy that counted it (each keeps its own ledger).
    let policy: String
    /// Scenario time (it runs on across launches, where each launch's clock starts again).
    let at: Duration
    let launch: Int
  }

  package internal(set) var records: [Record] = []
  var index: [ObjectIdentifier: Int] = [:]
  /// Indices of the records the model has not seen end.
  var live: [Int] = []
  var seen: [Seen] = []
  /// The ids of the alerts that the pass being judged ended after it decided what goes up (a
  /// show-now alert that did not go up, an overflow): they still held their dependents back
  /// when it decided, and those are read again only by the next plan.
  var endedAfterDeciding: Set<AlertID> = []
  /// Adds announced by the world and not yet bound to a handle: id and sequence.
  var announced: [(id: AlertID, sequence: Int, at: AlertInstant)] = []
  var nextSequence = 0
  var nextStamp = 0
  /// When an alert that was up last ended, by root and lane, for the lane's gap; a root whose
  /// domain changed shape has `nil` (unknown) until one of its alerts ends.
  var lastEnd: [ObjectIdentifier: [String: AlertInstant?]] = [:]
  /// Whether a domain changed shape since the launch began: a lane with no end noted may then
  /// carry the gap of a domain that joined it.
  var gapsUncertain = false
  var shows: [Show] = []
  /// A frequency policy other than the run's, named on first sight (``ledger(of:)``).
  struct PolicyName {
    weak var policy: FrequencyPolicy?
    let name: String
  }
  /// The names given to the policies other than the run's that are still alive.
  var policyNames: [PolicyName] = []
  var nextPolicyName = 0
  /// How many passes and decisions the model judged.
  package internal(set) var passesJudged = 0
  package internal(set) var decisionsJudged = 0
  /// The current launch, and the budgets of the run's frequency policy.
  var launch = 0
  let budgets: [String: FrequencyBudget]
  /// The scenario time, which runs on across launches (rolling caps count in it).
  package var elapsed: @MainActor () -> Duration = { .zero }
  /// The frequency policy of the current launch, whose ledger lasts across launches.
  package weak var runPolicy: FrequencyPolicy?

  /// Creates an empty model; `budgets` are the category budgets of the run's policy.
  package init(budgets: [String: FrequencyBudget] = [:]) {
    self.budgets = budgets
  }

  /// The app quits and starts again: caps per launch start over.
  package func relaunch() {
    launch += 1
    lastEnd = [:]
    gapsUncertain = false
    announced = []
  }

  /// Notes an event reported by `root` (a dispatch without parent).
  package func note(_ event: AlertEvent, root: AlertDispatch) {
    switch event.kind {
    case .shown, .restored, .suspended, .covered, .dismissing, .ended, .refused:
      seen.append(Seen(root: ObjectIdentifier(root), event: event))
    default: break
    }
  }

  /// The world is about to add an alert with `id` at `now`: its place among adds.
  package func announceAdd(of id: AlertID, at now: AlertInstant) {
    announced.append((id, nextSequence, now))
    nextSequence += 1
  }

  /// Binds a handle the world just added to the add it announced, whether or not a pass saw it.
  package func bind(_ handle: AlertHandle, at now: AlertInstant) {
    let slot = record(of: handle, at: now)
    if handle.state.isEnded {
      records[slot].phase = .ended
      live.removeAll { $0 == slot }
    }
    guard Self.tookItsID(handle) else { return }
    // The newcomer took the id: an alert of its domain animating out with it gives it up.
    for other in live where records[other].id == handle.id && other != slot {
      guard records[other].handle.state == .dismissing,
        records[other].handle.dispatch?.root === handle.dispatch?.root
      else { continue }
      records[other].gaveUpID = true
    }
  }

  /// The record of `handle`, created on first sight from the add announced for its id.
  func record(of handle: AlertHandle, at now: AlertInstant) -> Int {
    let key = ObjectIdentifier(handle)
    if let existing = index[key] { return existing }
    let sequence: Int
    let addedAt: AlertInstant
    if let slot = announced.firstIndex(where: { $0.id == handle.id }) {
      (sequence, addedAt) = (announced[slot].sequence, announced[slot].at)
      announced.remove(at: slot)
    } else {
      (sequence, addedAt) = (nextSequence, now)
      nextSequence += 1
    }
    let request = handle.request
    let newestFirst = request.placement == .next || request.lane.order == .newestFirst
    records.append(
      Record(
        handle: handle, id: handle.id, priority: request.priority.rawValue, lane: request.lane,
        sequence: sequence, lineKey: newestFirst ? -sequence : sequence, request: request,
        addedAt: addedAt, launch: launch))
    index[key] = records.count - 1
    live.append(records.count - 1)
    return records.count - 1
  }

  /// What the real alert's state is, in the model's words.
  static func phase(of handle: AlertHandle) -> Phase {
    switch handle.state {
    case .pending, .queued: .waiting
    case .presenting, .showing: handle.coverer == nil ? .up : .covered
    case .suspended: .suspended
    case .dismissing: .leaving
    case .ended: .ended
    }
  }
}
