/// One decision of a pass: a plain value that names its alerts, so that a test can print and
/// compare it.
enum PassDecision: Hashable, Sendable, CustomStringConvertible {
  /// Hide a visible alert (offstage, or preempted with the hide style).
  case suspend(AlertRef)
  /// Hide a covered alert whose coverer is hidden with it (both left the chain): it comes back
  /// beneath its coverer.
  case suspendBeneath(AlertRef, coverer: AlertRef)
  /// A higher alert goes up over this one, which stays visible beneath.
  case cover(AlertRef, by: AlertRef)
  /// The alert covering this one is gone; it is in front again.
  case uncover(AlertRef)
  /// Call the presenter for a queued alert.
  case present(AlertRef)
  /// Bring back a suspended alert.
  case restore(AlertRef)
  /// Ask the presenter to close a visible alert; it ends with the outcome once gone.
  case dismiss(AlertRef, AlertOutcome)
  /// End an alert that is not on screen, such as one whose frequency cap keeps it down.
  case end(AlertRef, AlertOutcome)

  /// Whether the decision puts `alert` up, takes it down or ends it.
  func names(_ alert: AlertRef) -> Bool {
    switch self {
    case .present(let ref), .restore(let ref), .dismiss(let ref, _), .end(let ref, _):
      ref == alert
    case .suspend, .suspendBeneath, .cover, .uncover: false
    }
  }

  var description: String {
    switch self {
    case .suspend(let alert): "suspend \(alert)"
    case .suspendBeneath(let alert, let coverer): "suspend \(alert) beneath \(coverer)"
    case .cover(let alert, let by): "cover \(alert) by \(by)"
    case .uncover(let alert): "uncover \(alert)"
    case .present(let alert): "present \(alert)"
    case .restore(let alert): "restore \(alert)"
    case .dismiss(let alert, let outcome): "dismiss \(alert) as \(outcome)"
    case .end(let alert, let outcome): "end \(alert) as \(outcome)"
    }
  }
}

/// What a pass decided, when the domain must look again, and why the candidates it read and
/// did not put up stay down.
struct PassPlan: Equatable, Sendable {
  /// The decisions, in the order they are carried out.
  var decisions: [PassDecision] = []
  /// When a delay, a gap or a retry that holds a candidate back ends.
  var wakeAt: AlertInstant?
  /// Whether the domain, once the decisions are carried out as planned, is settled: no plan
  /// made then would decide anything. A preemption that cancels stops its lane's planning (the
  /// lane is planned again once the cancelled alert is gone), an alert ended by its frequency
  /// cap frees the alerts that wait on it, and an alert that steps back because its lane is
  /// over capacity may uncover another: all clear this.
  var isFinal = true
  /// Why each candidate the plan read stays down.
  var waiting: [Waiting] = []
  /// The lanes whose candidates the plan stopped reading before their end, and why those it did
  /// not read stay down: they are behind the one it stopped at.
  var unread: [Unread] = []

  /// A candidate that stays down, and why.
  struct Waiting: Hashable, Sendable {
    var alert: AlertRef
    var reason: AlertExplanation
  }

  /// The candidates of a lane from a place in its line on, which the plan did not read, and
  /// why they stay down.
  struct Unread: Hashable, Sendable {
    /// The lane's index in ``PassInput/lanes``.
    var lane: Int
    /// The place in the lane's ``PassInput/Lane/candidates`` of the first candidate not read.
    var from: Int
    var reason: AlertExplanation
    /// For a reason that holds only the candidates that could take a front alert's place (one
    /// ahead waits for room, or for a minimum display time): the alerts in front, and the
    /// reason of the candidates that may interrupt none of them (rule 5).
    var front: [Arbiter.Front] = []
    var otherwise: AlertExplanation?

    /// The reason of an unread candidate of `priority`.
    func reason(at priority: Int) -> AlertExplanation {
      guard let otherwise, Arbiter.weakestInterruptible(in: front, below: priority) == nil else {
        return reason
      }
      return otherwise
    }
  }

  /// What the plan says of the candidate `alert`, of `priority`, at `place` in the line of the
  /// lane at `lane`: the reason it stays down, whether the plan read it or stopped before it; or
  /// ``AlertExplanation/capped(_:)`` when the plan ends it by its cap, and
  /// ``AlertExplanation/eligible`` when the plan puts it up.
  func reason(for alert: AlertRef, priority: Int, at place: Int, inLane lane: Int)
    -> AlertExplanation
  {
    for decision in decisions {
      switch decision {
      case .present(let ref) where ref == alert: return .eligible
      case .restore(let ref) where ref == alert: return .eligible
      case .end(let ref, .cancelled(.frequencyCapped(let text))) where ref == alert:
        return .capped(text)
      default: continue
      }
    }
    if let waiting = waiting.first(where: { $0.alert == alert }) { return waiting.reason }
    if let unread = unread.first(where: { $0.lane == lane && place >= $0.from }) {
      return unread.reason(at: priority)
    }
    return .eligible
  }

  mutating func wake(at instant: AlertInstant) {
    wakeAt = min(wakeAt ?? instant, instant)
  }
}

/// The arbiter read to the end of a lane's candidates, and the snapshot holds more: plan again
/// over a snapshot with more of that lane's line.
struct MoreCandidatesNeeded: Error {
  /// The index of the lane in ``PassInput/lanes``.
  let lane: Int
}
