/// The steps of the plan that settles a pass, once every lane is planned: the alerts that had to
/// go up at once and did not, and those over their lane's waiting limit, end.
extension Arbiter {
  /// Ends, in each lane, the first alert in line that goes up now or ends
  /// (``PassInput/Lane/showNow``) and that this plan, the one that settles the pass, does not
  /// put up: whatever keeps it down — the line, the lane, rule 3 — it could not go up at once.
  /// The plan after its end decides the others. An alert that waits only for the alerts leaving
  /// its lane (one it preempted, one the user closed) is not ended: it goes up once they are
  /// gone, unless the pass then finds another in its way. A plan that is not final leaves them
  /// be: the plan after it decides.
  mutating func endNotShownAtOnce() {
    // By index: a lane is a large value, and most have no such alert.
    for index in input.lanes.indices where !input.lanes[index].showNow.isEmpty {
      for alert in input.lanes[index].showNow.map(\.alert) {
        if names(alert, in: index) || waitsForLeaving(alert) { continue }
        decided.append((index, .end(alert, .cancelled(.notShownAtOnce)), nil))
        // Ending an alert frees the alerts that wait on it: plan again once it has ended. The
        // plan then decides those behind it in line afresh: one it held back may wait only for
        // the alerts leaving the lane.
        plan.isFinal = false
        break
      }
    }
  }

  /// Ends the alerts that wait over their lane's limit (``overflowing(_:leaving:)``) once this
  /// plan, the one that settles the pass, put up or ended what it does. Neither a plan that is
  /// not final nor an alert that waits only for the alerts leaving its lane counts: the alert
  /// goes up once they are gone (the one that preempted them with policy cancel, say).
  mutating func endOverflow() {
    for index in input.lanes.indices where !input.lanes[index].waiting.isEmpty {
      let lane = input.lanes[index]
      let leaving = Set(
        lane.waiting.map(\.alert).filter { alert in
          names(alert, in: index) || waitsForLeaving(alert)
        })
      for alert in Arbiter.overflowing(lane, leaving: leaving) {
        decided.append((index, .end(alert, .cancelled(.overflow)), nil))
        // Ending an alert frees the alerts that wait on it: plan again once it has ended.
        plan.isFinal = false
      }
    }
  }

  /// Whether a decision of the lane at `index` puts `alert` up, takes it down or ends it.
  private func names(_ alert: AlertRef, in index: Int) -> Bool {
    decided.contains { $0.lane == index && $0.decision.names(alert) }
  }

  /// Whether the plan holds `alert` back only for the alerts leaving its lane: it goes up once
  /// they are gone.
  private func waitsForLeaving(_ alert: AlertRef) -> Bool {
    plan.waiting.contains { waiting in
      guard waiting.alert == alert, case .waitingForDismissal = waiting.reason else { return false }
      return true
    }
  }
}
