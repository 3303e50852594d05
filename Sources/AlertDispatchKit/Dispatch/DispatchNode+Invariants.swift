extension DispatchNode {
  /// Every unfinished alert in this dispatch's subtree.
  var subtreeAlerts: [AlertHandle] {
    var result: [AlertHandle] = []
    var stack: [DispatchNode] = [self]
    while let node = stack.popLast() {
      result.append(contentsOf: node.alerts.values)
      stack.append(contentsOf: node.children)
    }
    return result.sorted { $0.seq < $1.seq }
  }

  /// Checks the invariants over this root's domain by brute force: the rules of the
  /// check after a pass on every alert and lane, with the best alert that could go up found
  /// among all the alerts rather than the lines, then the indexes as wholes. One line per
  /// violation.
  func checkInvariants() -> [String] {
    guard parent == nil else { return root.checkInvariants() }
    var violations: [String] = []
    let chain = ActiveChain(root: self)
    let all = subtreeAlerts
    // The table of ids holds none but the domain's unfinished alerts, each under its own id.
    let known = Set(all.map(ObjectIdentifier.init))
    if domain.holders.values.contains(where: { !known.contains(ObjectIdentifier($0)) }) {
      violations.append(
        "the table of ids holds an alert that is not an unfinished alert of the domain")
    }
    let holding = all.count { domain.alert(withID: $0.id) === $0 }
    if holding != domain.holders.count {
      violations.append(
        "the table of ids holds \(domain.holders.count) alerts; \(holding) hold their ids")
    }
    // The lists of waiters name only unfinished alerts of the domain (`checkPlaces` counts
    // each alert's places in them).
    if !domain.waitersAreAmong(all) {
      return ["a list of waiters names an alert that is not an unfinished alert of the domain"]
    }
    for alert in all {
      if alert.state.isEnded { violations.append("ended alert '\(alert.id)' is still indexed") }
      // A visible alert is checked with its lane's visible alerts (a visible alert its lane
      // does not list is reported by `checkPlaces`).
      if !alert.state.isVisible { violations += checkAlert(alert, chain) }
      if let owner = alert.owner { violations += checkPlaces(of: alert, owner: owner) }
    }
    var byLane: [LaneKey: [AlertHandle]] = [:]
    for alert in all { byLane[alert.laneKey, default: []].append(alert) }
    for lane in domain.lanes {
      let best = bestEligible(in: byLane[lane.lane.key] ?? [], chain: chain)
      violations += checkLaneFront(lane, chain, best: best)
    }
    var stack: [DispatchNode] = [self]
    while let node = stack.popLast() {
      stack.append(contentsOf: node.children)
      // A closed dispatch has let go of its children, and a join that waited in line behind
      // its close is refused: a child under it would be out of every chain for good. (A
      // released one lets go of them once the running pass ends.)
      if node.isClosed && !node.isReleased && !node.children.isEmpty {
        violations.append(
          "closed dispatch '\(node.name)' has children \(node.children.map(\.name))")
      }
      // Each lane line holds only the dispatch's alerts of its lane that wait to go up, each
      // once and in line order, and the lines hold every such alert.
      if node.lines.isEmpty && node.alerts.isEmpty { continue }
      var queued = 0
      for (lane, line) in node.lines.entries {
        var previous: AlertHandle?
        if line.isEmpty {
          violations.append("dispatch '\(node.name)' keeps an empty line for lane \(lane.rawValue)")
        }
        for alert in line.alerts {
          queued += 1
          if alert.laneKey != lane || !alert.waitsInLine || alert.owner !== node
            || previous.map({ !$0.ranksBefore(alert) }) == true
          {
            violations.append(
              "dispatch '\(node.name)' queues '\(alert.id)' out of place in lane \(lane.rawValue)")
            break
          }
          previous = alert
        }
      }
      let waiting = node.alerts.count(where: \.waitsInLine)
      if queued != waiting {
        violations.append(
          "dispatch '\(node.name)' queues \(queued) alerts, but \(waiting) wait to go up")
      }
    }
    return violations
  }

  /// The rules on one unfinished alert of this root's domain: no running timer while
  /// suspended, on the chain while visible, indexed by its id, and no unfinished blocker while
  /// visible.
  func checkAlert(_ alert: AlertHandle, _ chain: ActiveChain) -> [String] {
    var violations: [String] = []
    if alert.state == .suspended && alert.life.countdowns?.autoDismiss?.timer != nil {
      violations.append("suspended alert '\(alert.id)' has a running auto-dismiss timer")
    }
    if alert.state.isVisible && alert.state != .dismissing && !chain.contains(alert.owner)
      && !alert.isLeaving
    {
      violations.append("visible alert '\(alert.id)' is not on the active chain")
    }
    // Every unfinished alert's id is held, by it or by an alert it shares the id with after
    // a join; an alert that gave its id up while animating out has given it to a newcomer.
    if !alert.hasGivenUpID {
      let holder = domain.alert(withID: alert.id)
      if holder == nil || holder?.state.isEnded == true
        || (holder !== alert && domain.sharers[alert.id]?.position(of: alert) == nil)
      {
        violations.append("unfinished alert '\(alert.id)' is not indexed by its id")
      }
    }
    // One that does not interrupt goes up only into room, never over an alert.
    if let coverer = alert.coveredBy, coverer.state.isVisible, alert.state != .dismissing,
      coverer.request.preemption == .wait
    {
      violations.append("'\(coverer.id)', which does not interrupt, covers '\(alert.id)'")
    }
    if alert.state.isVisible {
      for dependency in alert.request.dependencies {
        // A blocker counts only if it was in this domain when the alert first went up: one
        // added later (even by a call made during that pass), or whose dispatch joined
        // later, does not pull the alert down.
        if let blocker = domain.alert(withID: dependency), blocker !== alert,
          max(blocker.joinedStamp, alert.joinedStamp) < alert.firstUpStamp,
          !blocker.hasGoneUp || blocker.state.isVisible
        {
          violations.append("visible alert '\(alert.id)' depends on unfinished '\(dependency)'")
        }
      }
    }
    return violations
  }

  /// The rules on a lane's front alerts, given `best`, the best alert that could go up now.
  func checkFront(of lane: AlertLane, _ front: [AlertHandle], best: AlertHandle?) -> [String] {
    let capacity = lane.capacity.limit
    var violations: [String] = []
    // Joining two domains can put more alerts in front than the lane holds; the arbiter hides
    // the extra ones, except those already being dismissed, which finish animating out.
    if front.count > capacity && front.contains(where: { $0.state != .dismissing }) {
      violations.append("lane '\(lane)' has \(front.count) alerts in front, capacity \(capacity)")
    }
    guard let best else { return violations }
    if front.count < capacity {
      violations.append("lane '\(lane)' has room but eligible '\(best.id)' is not up")
    }
    // One that does not interrupt waits for room, and so does everything behind it; a front
    // alert inside its minimum display time is not taken down.
    let now = clock.now
    for alert in front
    where best.request.preemption == .preempt && alert.state != .dismissing
      && alert.request.interruption != .never && alert.request.priority < best.request.priority
      && alert.minimumDisplayEnd(at: now) == nil
    {
      violations.append("eligible '\(best.id)' outranks interruptible front alert '\(alert.id)'")
    }
    return violations
  }

  /// Whether a dispatch of this root's domain was released and waits for the running pass to
  /// end before it leaves the tree.
  var hasLeavingNode: Bool {
    var stack: [DispatchNode] = [root]
    while let node = stack.popLast() {
      if node.isReleased { return true }
      stack.append(contentsOf: node.children)
    }
    return false
  }

  /// The best alert that could go up now, by brute force; `nil` behind a refused alert.
  ///
  /// `nil` too while a dispatch released during the pass waits to leave the tree: the pass went
  /// on with the chain it began with, which still holds that dispatch (`chain` here, built
  /// afresh, does not), and the pass that follows its leaving is checked again.
  func bestEligible(in alerts: [AlertHandle], chain: ActiveChain) -> AlertHandle? {
    if hasLeavingNode { return nil }
    let now = clock.now
    if let key = alerts.first?.request.lane.key, let index = domain.index(of: key) {
      let state = domain.lanes[index]
      let lane = PassInput.Lane(
        capacity: state.lane.capacity.limit, minimumGap: state.lane.minimumGap,
        lastEnd: state.lastEnd)
      if Arbiter.gapUntil(of: lane, at: now) != nil { return nil }
    }
    let waiting = alerts.filter { alert in
      guard alert.state == .queued || alert.state == .suspended,
        chain.contains(alert.owner), chain.pause(holding: alert) == nil,
        alert.delayed(at: now) == nil
      else { return false }
      if alert.hasGoneUp { return true }
      return !alert.request.dependencies.contains { holds(alert, dependency: $0) }
    }.sorted { $0.ranksBefore($1) }
    guard let first = waiting.first else { return nil }
    if let retry = first.retryAt, retry > now { return nil }
    return first
  }
}
