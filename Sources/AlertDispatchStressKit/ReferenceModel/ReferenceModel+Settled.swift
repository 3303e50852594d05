import AlertDispatchKit

/// What must hold once a domain has settled, recomputed from every alert of the domain: the
/// best alert that may go up is up when its lane has room, or when it may preempt a front alert;
/// timers that are due have fired; a lane's waiting limit holds.
extension ReferenceModel {
  /// Judges the settled domain of `root` (`domain` are its records) at `now`.
  func judgeSettled(
    _ domain: [Int], _ root: ObjectIdentifier, _ chain: Chain, at now: AlertInstant
  ) -> [String] {
    var problems: [String] = []
    var lanes: [String: [Int]] = [:]
    for slot in domain where records[slot].phase != .ended {
      lanes[records[slot].lane.name, default: []].append(slot)
      problems += overdueTimers(of: records[slot], at: now)
      problems += staysBeneath(slot, chain)
    }
    for (name, slots) in lanes.sorted(by: { $0.key < $1.key }) {
      let lane = records[slots[0]].lane
      guard slots.allSatisfy({ records[$0].lane == lane }),
        !slots.contains(where: { records[$0].refused && records[$0].phase == .waiting })
      else { continue }
      problems += judgeLane(name, lane, slots, domain, root, chain, now)
    }
    return problems
  }

  /// Judges the domain of `root` once the clock has moved on to `now` with no pass the model has
  /// not judged yet: every timer due has fired, so the domain must be settled at `now` (an alert
  /// whose wait ended without a timer to wake the domain up is seen here). A domain with events
  /// or changes no pass reported yet is left to that pass.
  package func judgeQuiet(of root: AlertDispatch, at now: AlertInstant) -> [String] {
    let rootKey = ObjectIdentifier(root)
    guard !seen.contains(where: { $0.root == rootKey }) else { return [] }
    let domain = members(of: root, at: now)
    guard domain.allSatisfy({ Self.phase(of: records[$0].handle) == records[$0].phase }) else {
      return []
    }
    return judgeSettled(domain, rootKey, Chain(root: root), at: now)
  }

  /// Rules 3 to 5 over one lane: the best eligible waiting alert, and whether the lane could
  /// take it.
  private func judgeLane(
    _ name: String, _ lane: AlertLane, _ slots: [Int], _ domain: [Int], _ root: ObjectIdentifier,
    _ chain: Chain, _ now: AlertInstant
  ) -> [String] {
    var problems: [String] = []
    let leaving = slots.contains { records[$0].phase == .leaving }
    if let limit = lane.maximumWaiting, !leaving {
      let waiting = slots.filter { records[$0].phase == .waiting && !records[$0].everShown }
      if waiting.count > limit {
        problems.append("lane \(name) has \(waiting.count) alerts waiting, over its limit \(limit)")
      }
    }
    let fronts = slots.filter { [.up, .leaving].contains(records[$0].phase) }
    let up = fronts.filter { records[$0].phase == .up }
    if up.count > Self.capacity(of: lane) {
      problems.append("lane \(name) has \(up.count) alerts up in front, over its capacity")
    }
    let line = slots.filter { slot in
      records[slot].phase == .waiting
        || (records[slot].phase == .suspended && !records[slot].hiddenBeneath)
    }.sorted { records[$0].isAhead(of: records[$1]) }
    var best: Int?
    for slot in line {
      let verdict = eligibility(
        of: slot, in: domain, root: root, chain: chain, at: now,
        firstShow: !records[slot].everShown)
      if verdict == .unknown { return problems }
      if verdict == .eligible {
        best = slot
        break
      }
    }
    guard let best else { return problems }
    let candidate = records[best]
    if fronts.count < Self.capacity(of: lane) {
      problems.append(
        "lane \(name) has room (\(fronts.count) in front) but \(candidate.id) may go up and waits")
      return problems
    }
    guard candidate.request.preemption != .wait else { return problems }
    for slot in fronts where records[slot].phase == .up {
      let front = records[slot]
      if front.priority < candidate.priority, front.request.interruption != .never,
        !front.isProtected(at: now)
      {
        problems.append(
          "\(candidate.id) waits in lane \(name), but may preempt \(front.id), which is lower")
      }
    }
    return problems
  }

  /// Rules 2 and 6: an alert hidden beneath an alert that is up comes back beneath it once its
  /// screen is back on the chain and no pause holds it.
  private func staysBeneath(_ slot: Int, _ chain: Chain) -> [String] {
    let record = records[slot]
    guard record.phase == .suspended, let coverer = record.beneath,
      records[coverer].phase == .up,
      let place = chain.place(of: record.handle.dispatch),
      chain.pause(holding: record.request, at: place) == nil
    else { return [] }
    return [
      "\(record.id) stays hidden, but its screen is back and \(records[coverer].id), which it was hidden beneath, is up"
    ]
  }

  /// The time limits of a waiting alert that passed without ending it.
  private func overdueTimers(of record: Record, at now: AlertInstant) -> [String] {
    guard record.phase == .waiting else { return [] }
    let timing = record.request.timing
    if record.handle.state == .pending, let deadline = timing.readinessDeadline,
      now > record.addedAt + deadline
    {
      return ["\(record.id) is still pending after its readiness deadline"]
    }
    if !record.everShown, let expiry = timing.expiry, now > record.addedAt + expiry {
      return ["\(record.id) still waits after its expiry"]
    }
    return []
  }
}
