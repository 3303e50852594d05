import AlertDispatchKit

/// Why alerts ended, and how the model takes in what a pass did.
extension ReferenceModel {
  /// Every outcome with its reason: the rule that ends an alert for that reason held.
  func judgeEnds(
    _ changes: [Change], _ domain: [Int], _ root: ObjectIdentifier, _ chain: Chain,
    _ events: [AlertEvent], _ now: AlertInstant
  ) -> [String] {
    var problems: [String] = []
    for change in changes where change.after == .ended {
      let record = records[change.slot]
      guard case .cancelled(let reason) = record.handle.endedOutcome else { continue }
      let time = endTime(of: record, in: events) ?? now
      let timing = record.request.timing
      switch reason {
      case .expired:
        if record.everShown { problems.append("\(record.id) expired after it went up") }
        if let expiry = timing.expiry, time < record.addedAt + expiry {
          problems.append("\(record.id) expired before its expiry")
        }
      case .readinessTimedOut:
        if let deadline = timing.readinessDeadline, time < record.addedAt + deadline {
          problems.append("\(record.id) timed out before its readiness deadline")
        }
      case .ownerLeft where record.request.offstage != .end:
        problems.append("\(record.id) ended as owner left, but its policy is to be suspended")
      case .notShownAtOnce where !record.request.showNowOrDrop:
        problems.append("\(record.id) ended as not shown at once, but did not ask to")
      case .notShownAtOnce:
        // A presenter's refusal in the pass is a reason of its own: it could not show at once.
        let refused = events.contains { event in
          guard event.alertID == record.id, case .refused = event.kind else { return false }
          return true
        }
        if !refused { problems += judgeNotShownAtOnce(change.slot, domain, root, chain, now) }
      case .overflow:
        problems += judgeOverflow(of: change.slot, domain)
      default: break
      }
    }
    return problems + judgeOverflowCount(changes, domain)
  }

  /// Show now or drop: an alert kept down only by the alerts leaving its lane waits for them
  /// to be gone. One that ends although it is eligible, first in its lane's line, and the lane
  /// has room once they are gone, was ended too soon.
  private func judgeNotShownAtOnce(
    _ slot: Int, _ domain: [Int], _ root: ObjectIdentifier, _ chain: Chain, _ now: AlertInstant
  ) -> [String] {
    let record = records[slot]
    let lane = domain.filter { records[$0].lane.name == record.lane.name && $0 != slot }
    let leaving = lane.filter { Self.phase(of: records[$0].handle) == .leaving }
    let staying = lane.filter { Self.phase(of: records[$0].handle) == .up }
    guard !leaving.isEmpty, staying.count < Self.capacity(of: record.lane) else { return [] }
    let inTheWay = lane.contains { other in
      let phase = Self.phase(of: records[other].handle)
      return (phase == .waiting || phase == .suspended)
        && (records[other].isAhead(of: record) || records[other].refused)
    }
    guard !inTheWay,
      eligibility(of: slot, in: domain, root: root, chain: chain, at: now, firstShow: true)
        == .eligible
    else { return [] }
    let names = leaving.map { "\(records[$0].id)" }.joined(separator: ", ")
    return ["\(record.id) ended as not shown at once, but only \(names), leaving, kept it down"]
  }

  /// A lane that ended alerts as overflow in the pass ended no more than waited over its limit:
  /// of the alerts that waited to go up for the first time, those still waiting, with those
  /// that went up or ended otherwise in the pass, are at least the limit.
  private func judgeOverflowCount(_ changes: [Change], _ domain: [Int]) -> [String] {
    var dropped: [String: (limit: Int, count: Int)] = [:]
    for change in changes where change.after == .ended {
      let record = records[change.slot]
      guard case .cancelled(.overflow) = record.handle.endedOutcome,
        let limit = record.lane.maximumWaiting
      else { continue }
      dropped[record.lane.name, default: (limit, 0)].count += 1
    }
    return dropped.sorted { $0.key < $1.key }.compactMap { name, entry in
      let kept = domain.filter { slot in
        let record = records[slot]
        guard record.lane.name == name, !record.everShown, record.phase == .waiting else {
          return false
        }
        if case .cancelled(.overflow) = record.handle.endedOutcome { return false }
        return true
      }.count
      guard kept < entry.limit else { return nil }
      return
        "lane \(name) ended \(entry.count) as overflow, which leaves \(kept) of those that waited, under its limit \(entry.limit)"
    }
  }

  /// When the record's alert ended, by its event.
  private func endTime(of record: Record, in events: [AlertEvent]) -> AlertInstant? {
    events.last { event in
      guard event.alertID == record.id, case .ended(let outcome) = event.kind else { return false }
      return outcome == record.handle.endedOutcome
    }?.time
  }

  /// Lane overflow: the alert ended is the one its lane's policy picks among those that wait to
  /// go up for the first time (unless an alert leaves the lane: one waiting for it only does
  /// not count, and the model does not tell which those are).
  private func judgeOverflow(of slot: Int, _ domain: [Int]) -> [String] {
    let loser = records[slot]
    let lane = loser.lane.name
    let inLane = domain.filter { records[$0].lane.name == lane && $0 != slot }
    if inLane.contains(where: { Self.phase(of: records[$0].handle) == .leaving }) { return [] }
    var problems: [String] = []
    for other in inLane where !records[other].everShown {
      let survivor = records[other]
      guard Self.phase(of: survivor.handle) == .waiting else { continue }
      let right: Bool
      switch loser.lane.overflow {
      case .refuseNewcomer: right = loser.sequence > survivor.sequence
      case .dropOldest: right = loser.sequence < survivor.sequence
      case .dropLowestPriority:
        right = (loser.priority, -loser.sequence) < (survivor.priority, -survivor.sequence)
      }
      if !right {
        problems.append(
          "\(loser.id) ended as overflow of lane \(lane) (\(loser.lane.overflow)), but \(survivor.id) should have"
        )
      }
    }
    return problems
  }

  /// Takes in the events and the changes of a pass: stamps of the alerts that went up, time up,
  /// the lane's last end, refusals; returns what the timers got wrong (an auto-dismissal before
  /// the alert was up that long).
  func apply(
    _ events: [AlertEvent], _ changes: [Change], _ domain: [Int], _ root: ObjectIdentifier,
    _ chain: Chain, _ now: AlertInstant
  ) -> [String] {
    var problems: [String] = []
    var stamped: Set<Int> = []
    var wasUp = Set(domain.filter { [.up, .covered, .leaving].contains(records[$0].phase) })
    for event in events {
      guard let id = event.alertID else { continue }
      let matching = candidates(named: event, in: domain)
      let after = { (slot: Int) in Self.phase(of: self.records[slot].handle) }
      switch event.kind {
      case .shown, .restored:
        guard
          let slot = matching.first(where: {
            !stamped.contains($0) && [.up, .covered].contains(after($0))
          }) ?? matching.first
        else { continue }
        stamped.insert(slot)
        wasUp.insert(slot)
        nextStamp += 1
        if !records[slot].everShown { countShow(of: records[slot]) }
        records[slot].stamp = nextStamp
        records[slot].everShown = true
        records[slot].upSince = records[slot].upSince ?? event.time
        records[slot].refused = false
        records[slot].hiddenBeneath = false
        records[slot].beneath = nil
      case .suspended:
        // One that ends later in the pass (a take-down that waited for its minimum display
        // time) ends hidden: its end keeps no gap.
        guard
          let slot = matching.first(where: { after($0) == .suspended })
            ?? matching.first(where: { after($0) == .ended && wasUp.contains($0) })
        else { continue }
        wasUp.remove(slot)
        records[slot].hiddenBeneath =
          records[slot].handle.coverer != nil || records[slot].phase == .covered
        records[slot].beneath = hiddenBeneath(slot, chain)
        stopClock(of: slot, at: event.time)
      case .dismissing(let outcome):
        guard let slot = matching.first(where: { [.leaving, .ended].contains(after($0)) }) else {
          continue
        }
        let up = records[slot].up(at: event.time)
        if outcome == .dismissed(.autoDismissed),
          let limit = records[slot].request.timing.autoDismiss,
          up < limit
        {
          problems.append(
            "\(id) was auto-dismissed after \(AlertInstant.format(up)) up, before its \(AlertInstant.format(limit))"
          )
        }
        stopClock(of: slot, at: event.time)
      case .ended(let outcome):
        guard let slot = matching.first(where: { records[$0].handle.endedOutcome == outcome })
        else {
          continue
        }
        stopClock(of: slot, at: event.time)
        if wasUp.contains(slot) {
          lastEnd[root, default: [:]][records[slot].lane.name] = event.time
        }
      case .refused:
        for slot in matching { records[slot].refused = true }
      default: break
      }
    }
    for change in changes {
      records[change.slot].phase = change.after
      if change.after == .ended { live.removeAll { $0 == change.slot } }
    }
    for slot in domain where records[slot].phase != .ended {
      records[slot].root = root
      if let coverer = records[slot].handle.coverer {
        records[slot].coverer = ObjectIdentifier(coverer)
      } else if records[slot].phase != .suspended {
        records[slot].coverer = nil
      }
    }
    return problems
  }

  /// Rule 2: a covered alert hidden with its screen is hidden beneath its coverer when the
  /// coverer stays (up, or leaving as the user closed it) or is hidden with it; not when the
  /// coverer left the chain to end as owner left. The coverer's record, or `nil`.
  private func hiddenBeneath(_ slot: Int, _ chain: Chain) -> Int? {
    guard records[slot].phase == .covered,
      chain.place(of: records[slot].handle.dispatch) == nil,
      let key = records[slot].coverer, let coverer = index[key]
    else { return nil }
    let left =
      records[coverer].phase != .leaving
      && chain.place(of: records[coverer].handle.dispatch) == nil
    return left && records[coverer].request.offstage == .end ? nil : coverer
  }

  /// The unended records an alert's event may name, of two or more with its id: those of its
  /// lane, and of those, the ones of the dispatch it names, if any.
  func candidates(named event: AlertEvent, in domain: [Int]) -> [Int] {
    let sameID = domain.filter { slot in
      records[slot].id == event.alertID && records[slot].phase != .ended
        && records[slot].lane.name == event.lane
    }
    let named = sameID.filter { records[$0].handle.dispatch?.name == event.dispatch }
    return named.isEmpty ? sameID : named
  }

  /// Adds the time up since the record last went up, and stops counting.
  private func stopClock(of slot: Int, at time: AlertInstant) {
    records[slot].upTime = records[slot].up(at: time)
    records[slot].upSince = nil
  }
}
