/// Rule 3 (eligible), and the reasons a waiting candidate is given.
extension Arbiter {
  /// What keeps a candidate from going up now, other than its lane's fronts and its cap.
  struct Hold: Equatable {
    /// What ``AlertDispatch/explain(_:)`` says.
    var reason: AlertExplanation
    /// When the hold ends by itself (a delay, a retry, a gap); `nil` until an event ends it.
    var until: AlertInstant?
    /// Whether the candidates behind this one may still go up: a delay or an event-bound hold
    /// lets them; a retry (rule 7) and the lane's gap hold the lane.
    var lets: Bool
  }

  /// Rule 3 for one candidate, in the order `explain` reports: it waits for dependencies, its
  /// dispatch is off the chain or hidden, a pause holds it, its delay runs, it waits out a presenter
  /// refusal, or its lane's gap runs. `nil` when none holds it.
  static func hold(
    on candidate: PassInput.Candidate, in lane: PassInput.Lane, at now: AlertInstant
  ) -> Hold? {
    if !candidate.blockedBy.isEmpty {
      return Hold(reason: .waitingForDependencies(candidate.blockedBy.sorted()), lets: true)
    }
    switch candidate.placement {
    case .onChain: break
    case .paused(let name, let scope):
      let reason: AlertExplanation =
        scope == .all ? .paused(by: name) : .scopePaused(scope, by: name)
      return Hold(reason: reason, lets: true)
    case .offstage(let name): return Hold(reason: .offstage(name), lets: true)
    case .hidden(let name): return Hold(reason: .ownerHidden(name), lets: true)
    }
    if let notBefore = candidate.notBefore, notBefore > now {
      return Hold(reason: .delayed(until: notBefore), until: notBefore, lets: true)
    }
    if let retry = candidate.retry, retry.at > now {
      return Hold(
        reason: .retryingAfterRefusal(until: retry.at, reason: retry.reason), until: retry.at,
        lets: false)
    }
    if let gap = gapUntil(of: lane, at: now) {
      return Hold(reason: .gap(until: gap), until: gap, lets: false)
    }
    return nil
  }

  /// The instant before which nothing may go up in `lane` because of its minimum gap after the
  /// last alert ended; `nil` when that has passed or the lane has no gap.
  static func gapUntil(of lane: PassInput.Lane, at now: AlertInstant) -> AlertInstant? {
    guard lane.minimumGap > .zero, let lastEnd = lane.lastEnd else { return nil }
    let until = lastEnd + lane.minimumGap
    return until > now ? until : nil
  }

  /// The cap or budget that keeps `candidate` down, in words; `nil` when it may go up.
  /// `planned` counts, by ledger key, the shows that the running plan's presentations add.
  static func capBlock(of candidate: PassInput.Candidate, planned: [String: Int] = [:])
    -> String?
  {
    for limit in candidate.limits where limit.shows + planned[limit.key, default: 0] >= limit.limit
    {
      return limit.text
    }
    return nil
  }

  /// Why a candidate waits in a lane full with the alerts `front`, none of which it may
  /// preempt: the lane has room once those of them that are being dismissed (`leaving`) are
  /// gone, or they outrank it (or may not be interrupted).
  static func fullLane(_ front: [AlertID], leaving: [AlertID], capacity: Int) -> AlertExplanation {
    !leaving.isEmpty && front.count - leaving.count < capacity
      ? .waitingForDismissal(of: leaving) : .outranked(by: front)
  }

  /// Rule 5: whether a front alert of `priority`, with `interruption`, may give its place to a
  /// candidate of priority `candidate`: it is not being dismissed, its policy is not `never`,
  /// and the candidate's priority is strictly higher. Whether the candidate takes the place is
  /// its own ``PreemptionPolicy``'s to say.
  static func mayInterrupt(
    _ priority: Int, _ interruption: InterruptionPolicy, isDismissing: Bool, by candidate: Int
  ) -> Bool {
    !isDismissing && interruption != .never && priority < candidate
  }
}
