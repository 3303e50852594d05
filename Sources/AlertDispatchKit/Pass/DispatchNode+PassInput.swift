/// The snapshot a pass decides from, built from the root's domain and the active chain.
extension DispatchNode {
  /// A snapshot of this root's domain over a chain, and the alerts it names.
  struct Snapshot {
    var input: PassInput
    /// The alerts the input names, for carrying the plan out.
    var alerts: [AlertHandle] = []

    /// The alert `ref` names. Every decision names an alert of its snapshot.
    func alert(_ ref: AlertRef) -> AlertHandle {
      for alert in alerts where alert.seq == ref.sequence { return alert }
      preconditionFailure("a decision names \(ref), which its snapshot does not hold")
    }
  }

  /// Plans this root's domain over `chain` at `now`: the arbiter over a snapshot that holds the
  /// front of each lane's line, and more of a line whenever the arbiter asks for it.
  func planPass(over chain: ActiveChain, at now: AlertInstant) -> (PassPlan, Snapshot) {
    var snapshot = Snapshot(input: PassInput(now: now, lanes: []))
    // A pass most often names a few alerts per lane: one allocation holds them, where growing
    // one alert at a time allocated again for the second and the third.
    snapshot.alerts.reserveCapacity(4 * domain.lanes.count)
    snapshot.input.lanes.reserveCapacity(domain.lanes.count)
    domain.forgetNotWaiting()
    for state in domain.lanes {
      // The first candidate alone decides most lanes: the arbiter asks for more when not.
      let depth = state.lane.capacity == .unlimited ? Int.max : 1
      let lane = laneInput(state, depth: depth, chain, &snapshot.alerts)
      snapshot.input.lanes.append(lane)
    }
    while true {
      do {
        return (try Arbiter.plan(snapshot.input), snapshot)
      } catch {
        // The arbiter read every candidate of the lane, and its line goes on: read twice as
        // many. The alerts named again are the same alerts.
        let depth = 2 * snapshot.input.lanes[error.lane].candidates.count
        let lane = laneInput(domain.lanes[error.lane], depth: depth, chain, &snapshot.alerts)
        snapshot.input.lanes[error.lane] = lane
      }
    }
  }

  /// A lane of this root's domain, with at most `depth` candidates; the alerts it names are
  /// appended to `alerts`.
  func laneInput(
    _ state: Domain.LaneState, depth: Int, _ chain: ActiveChain, _ alerts: inout [AlertHandle]
  ) -> PassInput.Lane {
    var lane = PassInput.Lane(
      capacity: state.lane.capacity.limit, minimumGap: state.lane.minimumGap,
      lastEnd: state.lastEnd)
    let now = clock.now
    for alert in state.visible {
      alerts.append(alert)
      var cover = PassInput.Cover.none
      if let coverer = alert.coveredBy {
        let up = coverer.state.isVisible && state.visible.contains { $0 === coverer }
        cover = up ? .by(coverer.ref) : .byGone
      }
      lane.shown.append(
        PassInput.Shown(
          alert: alert.ref, priority: alert.priority, upStamp: alert.upStamp,
          isDismissing: alert.state.isDismissing, isOnChain: chain.contains(alert.owner),
          cover: cover, interruption: alert.request.interruption,
          offstage: alert.request.offstage,
          minimumUntil: alert.state.isDismissing ? nil : alert.minimumDisplayEnd(at: now),
          beneath: hiddenBeneath(alert, chain, &alerts)))
    }
    if let limit = state.lane.maximumWaiting {
      lane.maximumWaiting = limit
      lane.overflow = state.lane.overflow
      if state.waiting.count > limit {
        for alert in state.waiting {
          alerts.append(alert)
          lane.waiting.append(PassInput.Waiting(alert: alert.ref, priority: alert.priority))
        }
      }
    }
    // In line order: the plan ends the first of them it must, and decides the others again.
    let due = domain.showNow.filter { $0.laneKey == state.lane.key && $0.state == .queued }
    for alert in due.sorted(by: { $0.ranksBefore($1) }) {
      alerts.append(alert)
      lane.showNow.append(candidate(alert, placement: chain.placement(of: alert)))
    }
    var merge = LaneMerge(lane: state.lane.key)
    while lane.candidates.count < depth, let alert = merge.next(in: chain) {
      alerts.append(alert)
      let beneath = hiddenBeneath(alert, chain, &alerts)
      lane.candidates.append(
        candidate(alert, placement: chain.placement(of: alert), beneath: beneath))
    }
    // Not looked for: reading on would cost a cursor per dispatch of the chain, and the
    // arbiter most often stops at the first candidate.
    lane.hasMoreCandidates = lane.candidates.count == depth
    return lane
  }

  /// The suspended alerts hidden beneath `alert` that may come back beneath it now (their
  /// dispatches on the chain and no pause holding them), bottom first; they are appended to
  /// `alerts`.
  func hiddenBeneath(_ alert: AlertHandle, _ chain: ActiveChain, _ alerts: inout [AlertHandle])
    -> [PassInput.Beneath]
  {
    var result: [PassInput.Beneath] = []
    for covered in alert.hiddenBeneath where covered.state.isSuspended {
      guard chain.contains(covered.owner), chain.pause(holding: covered) == nil else { continue }
      result += hiddenBeneath(covered, chain, &alerts)
      alerts.append(covered)
      result.append(
        PassInput.Beneath(alert: covered.ref, upStamp: covered.upStamp, coverer: alert.ref))
    }
    return result
  }

  /// `alert`, queued or suspended, as a candidate; its placement and dependencies as the chain
  /// and the domain say (a pass's candidates are all on the chain and unblocked, some paused).
  func candidate(
    _ alert: AlertHandle, placement: PassInput.Placement = .onChain,
    beneath: [PassInput.Beneath] = []
  ) -> PassInput.Candidate {
    let request = alert.request
    return PassInput.Candidate(
      alert: alert.ref, priority: alert.priority, isSuspended: alert.state.isSuspended,
      upStamp: alert.upStamp,
      blockedBy: alert.hasGoneUp ? [] : alert.blockedBy.ids, placement: placement,
      notBefore: alert.notBefore,
      retry: alert.retryAt.map {
        PassInput.Retry(at: $0, reason: alert.life.refusals.reason ?? "refused")
      },
      style: request.style, interruption: request.interruption, preemption: request.preemption,
      minimumDisplay: alert.minimumDisplayLeft,
      ledgerKeys: request.isCounted ? request.frequencyLedgerKeys : [],
      limits: alert.mayBeCapped ? frequencyLimits(for: request) : [], beneath: beneath)
  }
}

extension AlertHandle {
  /// The alert as a pass names it.
  var ref: AlertRef { AlertRef(id: id, sequence: seq) }
}
