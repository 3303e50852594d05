/// Why an alert is or is not on screen, from ``AlertDispatch/explain(_:)``.
public enum AlertExplanation: Sendable, Hashable, CustomStringConvertible {
  /// It is in front.
  case showing
  /// It is visible beneath a higher alert that covers it.
  case covered(by: AlertID)
  /// The presenter is animating it in.
  case presenting
  /// The framework asked the presenter to close it.
  case dismissing
  /// It waits for ``AlertHandle/markReady()``.
  case notReady
  /// It waits for these alerts to end.
  case waitingForDependencies([AlertID])
  /// Its screen (the named dispatch) is not visible.
  case ownerHidden(String)
  /// Its dispatch (named) is visible but not on the active chain, for example in another tab.
  case offstage(String)
  /// The named dispatch (its own or an ancestor) is paused.
  case paused(by: String)
  /// A pause of the named dispatch (its own or an ancestor) holds back its lane or its
  /// category (``AlertDispatch/pause(lane:)``, ``AlertDispatch/pause(category:)``).
  case scopePaused(AlertPauseScope, by: String)
  /// Its show-not-before delay runs until then.
  case delayed(until: AlertInstant)
  /// Its lane's minimum gap after the last alert runs until then.
  case gap(until: AlertInstant)
  /// The presenter could not present it; the next try is then.
  case retryingAfterRefusal(until: AlertInstant, reason: String)
  /// An alert ahead of it in its lane is waiting for a presenter retry.
  case waitingBehind(AlertID)
  /// Its lane is full with these alerts, which it may not preempt.
  case outranked(by: [AlertID])
  /// Its lane is full, and has room for it once these alerts, which the framework asked their
  /// presenter to close, are gone (an alert with its own id among them): it goes up then.
  case waitingForDismissal(of: [AlertID])
  /// Its lane is full with these alerts; it outranks one of them but does not interrupt
  /// (``PreemptionPolicy/wait``), so it goes up when there is room.
  case waitingForRoom([AlertID])
  /// It would take down the named alert in front (or hide an alert beneath it), which is
  /// inside its minimum display time (``AlertTiming/minimumDisplay``) until then: it preempts
  /// it then.
  case minimumDisplay(of: AlertID, until: AlertInstant)
  /// It would preempt an alert in front, but the named alert ahead of it in line does not
  /// interrupt and waits for room: nothing overtakes it.
  case queuedBehind(AlertID)
  /// The named alert ahead of it in its lane's line waits to go up (for a minimum display time
  /// to end, or for the alert it preempted to finish leaving), and nothing overtakes it.
  case behind(AlertID)
  /// Its frequency cap (or its category's budget), named in the text, would end it if its turn
  /// came now.
  case capped(String)
  /// Nothing holds it back; it goes up at the end of the running pass.
  case eligible
  /// No unfinished alert has this id in the domain (it ended, or was never added).
  case notFound

  /// A sentence a person can read.
  public var description: String {
    switch self {
    case .showing: "showing"
    case .covered(let id): "covered by \(id)"
    case .presenting: "presenting"
    case .dismissing: "being dismissed"
    case .notReady: "not ready"
    case .waitingForDependencies(let ids):
      "waiting for dependencies: \(ids.map(\.rawValue).joined(separator: ", "))"
    case .ownerHidden(let name): "owner '\(name)' is hidden"
    case .offstage(let name): "owner '\(name)' is offstage"
    case .paused(let name): "paused by '\(name)'"
    case .scopePaused(let scope, let name): "\(scope) paused by '\(name)'"
    case .delayed(let until): "delayed until \(until)"
    case .gap(let until): "gap until \(until)"
    case .retryingAfterRefusal(let until, let reason):
      "retrying after refusal (\(reason)) at \(until)"
    case .waitingBehind(let id): "waiting behind \(id), which the presenter refused"
    case .outranked(let ids): "outranked by \(ids.map(\.rawValue).joined(separator: ", "))"
    case .waitingForDismissal(let ids):
      "waiting for \(ids.map(\.rawValue).joined(separator: ", ")) to finish leaving"
    case .waitingForRoom(let ids):
      "waiting for room: does not interrupt \(ids.map(\.rawValue).joined(separator: ", "))"
    case .minimumDisplay(let id, let until):
      "waiting for \(id)'s minimum display time until \(until)"
    case .queuedBehind(let id): "waiting behind \(id), which waits for room"
    case .behind(let id): "waiting behind \(id) in line"
    case .capped(let cap): "capped: \(cap)"
    case .eligible: "eligible"
    case .notFound: "not found"
    }
  }
}

extension DispatchNode {
  /// Says why the alert with this id is or is not on screen.
  ///
  /// The id is looked up over the whole domain, like dependencies. For an alert that has ended,
  /// read ``AlertHandle/state`` on its handle.
  func explain(_ id: AlertID) -> AlertExplanation {
    guard let alert = root.domain.alert(withID: id) else { return .notFound }
    return root.explain(alert, chain: ActiveChain(root: root))
  }

  func explain(_ alert: AlertHandle, chain: ActiveChain) -> AlertExplanation {
    switch alert.state {
    case .showing:
      if let coverer = alert.coveredBy, coverer.state.isVisible { return .covered(by: coverer.id) }
      return .showing
    case .presenting: return .presenting
    case .dismissing: return .dismissing
    case .ended: return .notFound
    case .pending: return .notReady
    case .queued, .suspended: break
    }
    guard let owner = alert.owner, let index = domain.index(of: alert.laneKey) else {
      return .notFound
    }
    // The lane as a pass reads it, with its whole line: the arbiter plans it, and says why the
    // alert stays down, as it says it for the pass.
    var alerts: [AlertHandle] = []
    let lane = laneInput(domain.lanes[index], depth: .max, chain, &alerts)
    let placement: PassInput.Placement =
      !chain.contains(owner)
      ? (owner.isVisible ? .offstage(owner.name) : .hidden(owner.name))
      : chain.placement(of: alert)
    return Arbiter.reason(for: candidate(alert, placement: placement), in: lane, at: clock.now)
  }
}

extension Arbiter {
  /// Why `candidate` stays down: what rule 3 says of it alone (its dependencies, its dispatch off
  /// the chain or hidden, a pause, its delay, a refusal, its lane's gap), which a pass reads
  /// first too; else its cap, when it has reached it (what would end it if its turn came now);
  /// else what the plan of `lane`
  /// says of it: the arbiter plans the lane, whose candidates hold its whole line, and gives the
  /// reason it gives the candidate there (``PassPlan/reason(for:at:inLane:)``): the alerts in
  /// front it may not preempt, or the alert ahead of it in line that holds the line.
  static func reason(
    for candidate: PassInput.Candidate, in lane: PassInput.Lane, at now: AlertInstant
  ) -> AlertExplanation {
    if let hold = hold(on: candidate, in: lane, at: now) { return hold.reason }
    if let text = capBlock(of: candidate) { return .capped(text) }
    guard let place = lane.candidates.firstIndex(where: { $0.alert == candidate.alert }) else {
      return .eligible
    }
    // A lane's whole line leaves nothing more to read: the plan cannot ask for more.
    guard let plan = try? plan(PassInput(now: now, lanes: [lane])) else { return .eligible }
    return plan.reason(
      for: candidate.alert, priority: candidate.priority, at: place, inLane: 0)
  }
}
