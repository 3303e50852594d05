/// An alert whose state changed since its root's last pass, and the dispatch that owned it
/// then (an ended alert lets go of its dispatch).
///
/// Both are weak: the list must not keep alive what the app let go of.
@MainActor
struct TouchedAlert {
  weak var alert: AlertHandle?
  weak var owner: DispatchNode?
}

/// The check after a pass: what the pass (and the calls since the last one) touched, rather
/// than the whole domain, which `checkInvariants()` checks by brute force. It looks at
/// - every alert whose state changed: the rules on one alert (`checkAlert`), and its places in
///   the indexes, which only a change of state moves it in or out of;
/// - the waiters of an alert that ended, whose dependencies may have cleared;
/// - every lane: its visible alerts, and the best alert that could go up, read from the lines
///   of the chain's dispatches.
///
/// After the domain was re-indexed (the tree changed shape) it checks in full.
extension DispatchNode {
  /// Records that `alert`, owned by `owner`, changed state: the check after this root's next
  /// pass looks at it.
  func touch(_ alert: AlertHandle, owner: DispatchNode) {
    touched.append(TouchedAlert(alert: alert, owner: owner))
  }

  /// Checks the invariants over what changed since this root's last pass; one line per
  /// violation, worded as `checkInvariants()` words them.
  func checkPassInvariants() -> [String] {
    guard parent == nil else { return root.checkPassInvariants() }
    let entries = touched
    touched = []
    if needsFullCheck {
      needsFullCheck = false
      return checkInvariants()
    }
    var violations: [String] = []
    let chain = ActiveChain(root: self)
    var seen: Set<ObjectIdentifier> = []
    for entry in entries {
      guard let alert = entry.alert, seen.insert(ObjectIdentifier(alert)).inserted else {
        continue
      }
      if alert.state.isEnded {
        violations += checkEnded(alert, formerOwner: entry.owner)
      } else if let owner = alert.owner, owner.root === self {
        violations += checkAlert(alert, chain)
        violations += checkPlaces(of: alert, owner: owner)
      }
    }
    for lane in domain.lanes {
      violations += checkLaneFront(lane, chain, best: bestInLine(lane, chain))
    }
    return violations
  }

  /// An ended alert is in none of the domain's indexes, and the alerts that waited for its id
  /// are in line as their state says.
  private func checkEnded(_ alert: AlertHandle, formerOwner: DispatchNode?) -> [String] {
    var violations: [String] = []
    if formerOwner?.alerts.contains(alert) == true
      || formerOwner?.lines[alert.laneKey]?.contains(alert) == true
    {
      violations.append("ended alert '\(alert.id)' is still indexed")
    }
    if domain.holders[alert.id] === alert
      || domain.sharers[alert.id]?.contains(where: { $0 === alert }) == true
    {
      violations.append(
        "the table of ids holds an alert that is not an unfinished alert of the domain")
    }
    for dependency in alert.request.dependencies
    where domain.waiters(for: dependency).contains(where: { $0 === alert }) {
      return ["a list of waiters names an alert that is not an unfinished alert of the domain"]
    }
    for waiter in domain.waiters(for: alert.id) {
      guard let owner = waiter.owner, owner.root === self else { continue }
      violations += checkPlaces(of: waiter, owner: owner)
    }
    return violations
  }

  /// An unfinished alert's places in the indexes: its lane's list of visible alerts while it is
  /// visible, its dispatch's line while it waits to go up, the table of ids, and the lists of
  /// waiters once for each of its dependencies.
  func checkPlaces(of alert: AlertHandle, owner: DispatchNode) -> [String] {
    var violations: [String] = []
    if !owner.alerts.contains(alert) {
      violations.append("unfinished alert '\(alert.id)' is not indexed by its dispatch")
    }
    if let holder = domain.alert(withID: alert.id),
      holder.state.isEnded || holder.owner?.root !== self
    {
      violations.append(
        "the table of ids holds an alert that is not an unfinished alert of the domain")
    }
    if domain.alert(withID: alert.id) === alert && alert.hasGivenUpID {
      violations.append("alert '\(alert.id)' gave its id up and still holds it")
    }
    for dependency in Set(alert.request.dependencies) {
      let expected = alert.request.dependencies.count { $0 == dependency }
      let listed = domain.waiters(for: dependency).count { $0 === alert }
      if listed != expected {
        violations.append(
          "the lists of waiters name '\(alert.id)' \(listed) times for '\(dependency)'; it depends on it \(expected) times"
        )
      }
    }
    if let index = domain.index(of: alert.laneKey) {
      let lane = domain.lanes[index]
      let listed = lane.visible.count { $0 === alert }
      if listed != (alert.state.isVisible ? 1 : 0) {
        violations.append(
          "lane '\(lane.lane)' lists '\(alert.id)' \(listed) times, but it is \(alert.state)")
      }
    }
    // It waits in its dispatch's line exactly when its state says it competes: queued with
    // no unfinished blocker, or suspended.
    let blocked =
      !alert.hasGoneUp && alert.request.dependencies.contains { holds(alert, dependency: $0) }
    let competes = alert.state == .suspended || (alert.state == .queued && !blocked)
    let inLine = owner.lines[alert.laneKey]?.contains(alert) == true
    if competes != inLine || alert.waitsInLine != inLine {
      violations.append(
        "dispatch '\(owner.name)' queues '\(alert.id)' out of place in lane \(alert.laneKey.rawValue)"
      )
    }
    return violations
  }

  /// A lane's visible alerts are visible, of this lane and domain, each listed once, and keep
  /// the rules of each alert and of the front, given `best`, the best alert that could go up.
  func checkLaneFront(_ lane: Domain.LaneState, _ chain: ActiveChain, best: AlertHandle?)
    -> [String]
  {
    var violations: [String] = []
    var listed: Set<ObjectIdentifier> = []
    for alert in lane.visible {
      guard alert.state.isVisible, alert.laneKey == lane.lane.key, alert.owner?.root === self,
        listed.insert(ObjectIdentifier(alert)).inserted
      else {
        violations.append(
          "lane '\(lane.lane)' lists visible \(lane.visible.map(\.id)), but '\(alert.id)' is \(alert.state)"
        )
        continue
      }
      violations += checkAlert(alert, chain)
    }
    let front = lane.visible.filter { alert in
      guard let coverer = alert.coveredBy, coverer.state.isVisible else { return true }
      return !listed.contains(ObjectIdentifier(coverer))
    }
    return violations + checkFront(of: lane.lane, front, best: best)
  }

  /// The best alert that could go up now in `lane`, from the lines of the chain's dispatches,
  /// passing over alerts a pause holds; `nil` behind a refused alert (see `bestEligible`).
  private func bestInLine(_ lane: Domain.LaneState, _ chain: ActiveChain) -> AlertHandle? {
    if hasLeavingNode { return nil }
    let now = clock.now
    let input = PassInput.Lane(
      capacity: lane.lane.capacity.limit, minimumGap: lane.lane.minimumGap,
      lastEnd: lane.lastEnd)
    if Arbiter.gapUntil(of: input, at: now) != nil { return nil }
    var best: AlertHandle?
    for link in chain.links {
      guard var reader = link.node.lines[lane.lane.key]?.reader() else { continue }
      while let alert = reader.next() {
        if let best, !alert.ranksBefore(best) { break }
        if alert.delayed(at: now) != nil || chain.pause(holding: alert) != nil { continue }
        best = alert
        break
      }
    }
    if let retry = best?.retryAt, retry > now { return nil }
    return best
  }
}
