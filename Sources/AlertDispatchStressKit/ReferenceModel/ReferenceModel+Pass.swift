import AlertDispatchKit

/// The judgement after a pass: what changed since the model last looked at the domain, checked
/// against the rules, and then taken as the model's new view of it.
extension ReferenceModel {
  /// One alert whose state the pass (or the calls since the last pass) changed.
  struct Change {
    let slot: Int
    let before: Phase
    let after: Phase
  }

  /// Judges the pass that `root` just ran, at `now`; returns one sentence per disagreement.
  package func judgePass(of root: AlertDispatch, at now: AlertInstant) -> [String] {
    passesJudged += 1
    let rootKey = ObjectIdentifier(root)
    let events = seen.filter { $0.root == rootKey }.map(\.event)
    seen.removeAll { $0.root == rootKey }
    endedAfterDeciding = Set(
      events.compactMap { event in
        switch event.kind {
        case .ended(.cancelled(.notShownAtOnce)), .ended(.cancelled(.overflow)): event.alertID
        default: nil
        }
      })
    let domain = members(of: root, at: now)
    let chain = Chain(root: root)
    let changes = domain.compactMap { slot -> Change? in
      let after = Self.phase(of: records[slot].handle)
      return after == records[slot].phase
        ? nil : Change(slot: slot, before: records[slot].phase, after: after)
    }
    var problems: [String] = []
    if domain.contains(where: { records[$0].root != nil && records[$0].root != rootKey }) {
      reshaped()
    }
    problems += judgeGoingUp(changes, domain, rootKey, chain, now)
    problems += judgeTakingDown(changes, domain, chain, events, now)
    problems += judgeOrderOfReturn(events, domain, chain)
    problems += judgeEnds(changes, domain, rootKey, chain, events, now)
    problems += apply(events, changes, domain, rootKey, chain, now)
    problems += judgeSettled(domain, rootKey, chain, at: now)
    decisionsJudged += changes.count
    return problems
  }

  /// Every record of the domain of `root`: its unfinished alerts (recorded on first sight), and
  /// the records that have ended since the model last saw them in it, or in a domain that has
  /// joined it since (their dispatch is in its tree now).
  func members(of root: AlertDispatch, at now: AlertInstant) -> [Int] {
    let rootKey = ObjectIdentifier(root)
    var result = root.subtreeAlerts.map { record(of: $0, at: now) }
    let known = Set(result)
    for slot in live where !known.contains(slot) && records[slot].handle.state.isEnded {
      if records[slot].root == rootKey || records[slot].handle.dispatch?.root === root {
        result.append(slot)
      }
    }
    return result
  }

  /// The domain changed shape: the gaps the model knows may no longer be the domain's.
  package func reshaped() {
    gapsUncertain = true
    for root in lastEnd.keys {
      for lane in lastEnd[root, default: [:]].keys { lastEnd[root]?[lane] = .some(nil) }
    }
  }

  /// Rules 3 and 4 for the alerts that went up: each was eligible, and none waits that stands
  /// before it in its lane's line and could have gone up.
  private func judgeGoingUp(
    _ changes: [Change], _ domain: [Int], _ root: ObjectIdentifier, _ chain: Chain,
    _ now: AlertInstant
  ) -> [String] {
    var problems: [String] = []
    for change in changes where [.waiting, .suspended].contains(change.before) {
      guard change.after == .up || change.after == .covered else { continue }
      let record = records[change.slot]
      let beneath = change.before == .suspended && change.after == .covered
      let first = !record.everShown
      if case .held(let why) = eligibility(
        of: change.slot, in: domain, root: root, chain: chain, at: now, firstShow: first),
        !(beneath && why.contains("gap"))
      {
        problems.append("\(record.id) went up (\(change.after)) but \(why)")
      }
      guard !beneath else { continue }
      for other in domain where records[other].lane.name == record.lane.name {
        let waiting = records[other]
        let phase = Self.phase(of: waiting.handle)
        guard phase == .waiting || (phase == .suspended && !waiting.hiddenBeneath),
          waiting.isAhead(of: record),
          // Freed when the pass ended its dependency after deciding: the plan that read it
          // again found its place taken.
          !waiting.request.dependencies.contains(where: endedAfterDeciding.contains),
          // Rule 7: one that waits out a refusal holds its lane as one that could go up.
          eligibility(
            of: other, in: domain, root: root, chain: chain, at: now,
            firstShow: !waiting.everShown, ignoringRefusal: true) == .eligible
        else { continue }
        let why = waiting.refused ? "waits out a refusal, which holds the lane" : "could go up"
        problems.append(
          "\(record.id) went up in lane \(record.lane.name), but \(waiting.id), before it in line, waits and \(why)"
        )
      }
    }
    return problems
  }

  /// Rule 5: a preemption takes down the weakest interruptible front alert that no minimum
  /// display time protects (the lowest, and of equals the one up last); a domain that joined
  /// over its capacity steps back its weakest alerts.
  private func judgeTakingDown(
    _ changes: [Change], _ domain: [Int], _ chain: Chain, _ events: [AlertEvent],
    _ now: AlertInstant
  ) -> [String] {
    let cancelled = Set(
      events.compactMap { event -> AlertID? in
        if case .dismissing(.cancelled(.preempted)) = event.kind { return event.alertID }
        if case .ended(.cancelled(.preempted)) = event.kind { return event.alertID }
        return nil
      })
    var victims: [(slot: Int, how: String)] = []
    var problems = judgeOffstage(changes, chain)
    for change in changes where change.before == .up {
      let record = records[change.slot]
      if change.after == .covered {
        victims.append((change.slot, "covered"))
      } else if change.after == .suspended, chain.place(of: record.handle.dispatch) != nil {
        victims.append((change.slot, "hidden"))
      } else if [.leaving, .ended].contains(change.after), cancelled.contains(record.id) {
        victims.append((change.slot, "cancelled"))
      }
    }
    guard !victims.isEmpty else { return problems }
    for (slot, how) in victims {
      let victim = records[slot]
      let lane = victim.lane.name
      let fronts = domain.filter { records[$0].lane.name == lane && records[$0].phase == .up }
      let staying = fronts.filter { front in
        switch Self.phase(of: records[front].handle) {
        case .up, .covered: return true
        case .suspended: return chain.place(of: records[front].handle.dispatch) != nil
        // An alert animating out still takes its place in the lane until it is gone.
        case .leaving: return true
        default: return cancelled.contains(records[front].id)
        }
      }
      let overFull = staying.count > Self.capacity(of: victim.lane)
      if !overFull {
        let policy = victim.request.interruption
        if policy == .never {
          problems.append("\(victim.id) was \(how) but may not be interrupted")
        }
        if how == "hidden" && policy == .cancel {
          problems.append("\(victim.id) was hidden but its policy is cancel")
        }
        if how == "cancelled" && policy != .cancel {
          problems.append("\(victim.id) was cancelled as preempted but its policy is \(policy)")
        }
        if victim.isProtected(at: now) {
          problems.append("\(victim.id) was \(how) inside its minimum display time")
        }
        problems += judgeStyle(of: slot, how, changes)
      }
      for other in fronts where other != slot && Self.phase(of: records[other].handle) == .up {
        let front = records[other]
        let mayGo =
          overFull
          || (front.request.interruption != .never && !front.isProtected(at: now))
        if mayGo && front.isWeaker(than: victim) {
          problems.append(
            "\(victim.id) was \(how) in lane \(lane), but \(front.id), weaker, stayed in front")
        }
      }
    }
    return problems
  }

  /// Rule 2: an alert up whose dispatch left the chain in this pass is hidden, unless its
  /// policy is to end (``OffstagePolicy/end``): then it is taken down to end as owner left.
  private func judgeOffstage(_ changes: [Change], _ chain: Chain) -> [String] {
    changes.compactMap { change in
      let record = records[change.slot]
      guard [.up, .covered].contains(change.before), change.after == .suspended,
        record.request.offstage == .end, chain.place(of: record.handle.dispatch) == nil
      else { return nil }
      return "\(record.id) left the chain and was hidden, but its policy is to end as owner left"
    }
  }

  /// Rule 5's style: the alert a preemption takes down is covered when the alerts that went up
  /// over it in its lane cover, and hidden when they hide.
  private func judgeStyle(of victim: Int, _ how: String, _ changes: [Change]) -> [String] {
    let record = records[victim]
    let over = changes.filter { change in
      let other = records[change.slot]
      return [.waiting, .suspended].contains(change.before) && change.after == .up
        && other.lane.name == record.lane.name && other.priority > record.priority
    }
    let styles = Set(over.map { records[$0.slot].request.style })
    guard styles.count == 1, let style = styles.first else { return [] }
    let names = over.map { "\(records[$0.slot].id)" }.joined(separator: ", ")
    if how == "hidden" && style == .cover && record.request.interruption == .suspend {
      return ["\(record.id) was hidden, but \(names), which went up over it, covers"]
    }
    if how == "covered" && style == .hideOthers {
      return ["\(record.id) was covered, but \(names), which went up over it, hides"]
    }
    return []
  }

  /// Rule 6 and screens that come back: alerts that come back, or leave with their screen, in
  /// one pass do so in the order they last went up, within a lane and across lanes (one beneath
  /// a coverer follows its coverer).
  private func judgeOrderOfReturn(_ events: [AlertEvent], _ domain: [Int], _ chain: Chain)
    -> [String]
  {
    var problems: [String] = []
    for kind in [AlertEvent.Kind.restored, .suspended] {
      var last: (id: AlertID, stamp: Int)?
      for event in events where event.kind == kind {
        // Of the alerts with the id (one leaving may share it with its replacement, two may
        // share it after a join), the one of the event's lane and dispatch in the state the
        // event leaves it in; the model abstains when that still names two.
        let states: [Phase] = kind == .suspended ? [.suspended] : [.up, .covered]
        guard let id = event.alertID else { continue }
        let matching = candidates(named: event, in: domain).filter {
          records[$0].stamp > 0 && states.contains(Self.phase(of: records[$0].handle))
        }
        guard matching.count == 1, let slot = matching.first else { continue }
        if kind == .suspended && chain.place(of: records[slot].handle.dispatch) != nil { continue }
        // One that comes back beneath its coverer comes back right after it.
        if kind == .restored && Self.phase(of: records[slot].handle) == .covered { continue }
        let stamp = records[slot].stamp
        if let last, last.stamp > stamp {
          problems.append(
            "\(id) was \(kind) after \(last.id) in one pass, but went up before it")
        }
        last = (id, stamp)
      }
    }
    return problems + judgeRestoredBeneath(events)
  }

  /// An alert that comes back beneath its coverer in the pass that brings the coverer back
  /// comes back before it, so that the screen stacks it beneath (bottom first).
  private func judgeRestoredBeneath(_ events: [AlertEvent]) -> [String] {
    let restored = events.filter { $0.kind == .restored }
    var problems: [String] = []
    for (place, event) in restored.enumerated() {
      guard let id = event.alertID,
        let handle = records.last(where: { $0.id == id && $0.phase != .ended })?.handle,
        let coverer = handle.coverer,
        let covererPlace = restored.firstIndex(where: { $0.alertID == coverer.id }),
        covererPlace < place
      else { continue }
      problems.append("\(id) came back after \(coverer.id), which covers it, so over it")
    }
    return problems
  }
}
