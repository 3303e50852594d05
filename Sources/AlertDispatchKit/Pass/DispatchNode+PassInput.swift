/// The snapshot a pass decides from, built from the root's domain and the active chain.
extension DispatchNode {
  /// A snapshot of this root's domain over `chain`, and the alerts it names.
  struct Snapshot {
    var input: PassInput
    /// The alerts the snapshot names, for carrying the plan out.
    var alerts: [AlertRef: AlertHandle] = [:]
    /// How many candidates of each lane's line the snapshot holds.
    var depths: [Int] = []
  }

  /// Plans this root's domain over `chain` at `now`: the arbiter over a snapshot that holds the
  /// front of each lane's line, and more of a line whenever the arbiter asks for it.
  func planPass(over chain: ActiveChain, at now: AlertInstant) -> (PassPlan, Snapshot) {
    var snapshot = Snapshot(input: PassInput(now: now, lanes: []))
    for index in domain.lanes.indices {
      let capacity = domain.lanes[index].lane.capacity.limit
      // The front of the line: enough for a lane's plan unless candidates are held back.
      let depth = capacity == .max ? .max : capacity + domain.lanes[index].visible.count + 2
      snapshot.depths.append(depth)
      snapshot.input.lanes.append(laneInput(at: index, depth: depth, chain, &snapshot.alerts))
    }
    while true {
      do {
        return (try Arbiter.plan(snapshot.input), snapshot)
      } catch {
        let depth = snapshot.depths[error.lane] * 2
        snapshot.depths[error.lane] = depth
        snapshot.input.lanes[error.lane] = laneInput(
          at: error.lane, depth: depth, chain, &snapshot.alerts)
      }
    }
  }

  /// The lane at `index` of this root's domain, with its first `depth` candidates.
  func laneInput(
    at index: Int, depth: Int, _ chain: ActiveChain, _ alerts: inout [AlertRef: AlertHandle]
  ) -> PassInput.Lane {
    let state = domain.lanes[index]
    var lane = PassInput.Lane(
      capacity: state.lane.capacity.limit, minimumGap: state.lane.minimumGap,
      lastEnd: state.lastEnd)
    let visible = Array(state.visible)
    for alert in visible {
      alerts[alert.ref] = alert
      var cover = PassInput.Cover.none
      if let coverer = alert.coveredBy {
        let up = coverer.state.isVisible && visible.contains { $0 === coverer }
        cover = up ? .by(coverer.ref) : .byGone
      }
      lane.shown.append(
        PassInput.Shown(
          alert: alert.ref, priority: alert.priority, upStamp: alert.upStamp,
          isDismissing: alert.state.isDismissing, isOnChain: chain.contains(alert.owner),
          cover: cover, interruption: alert.request.interruption))
    }
    var merge = LaneMerge(chain, lane: state.lane.key)
    while lane.candidates.count < depth, let alert = merge.next() {
      alerts[alert.ref] = alert
      lane.candidates.append(candidate(alert))
    }
    lane.hasMoreCandidates = lane.candidates.count == depth && merge.next() != nil
    return lane
  }

  /// `alert`, queued or suspended, as a candidate; its placement and dependencies as the chain
  /// and the domain say (a pass's candidates are all on the chain and unblocked).
  func candidate(_ alert: AlertHandle, placement: PassInput.Placement = .onChain)
    -> PassInput.Candidate
  {
    let request = alert.request
    return PassInput.Candidate(
      alert: alert.ref, priority: alert.priority, isSuspended: alert.state.isSuspended,
      blockedBy: alert.hasGoneUp ? [] : alert.blockedBy.ids, placement: placement,
      notBefore: alert.notBefore,
      retry: alert.retryAt.map {
        PassInput.Retry(at: $0, reason: alert.refusalReason ?? "refused")
      },
      style: request.style, interruption: request.interruption,
      ledgerKeys: request.isCounted ? request.frequencyLedgerKeys : [],
      limits: alert.mayBeCapped ? frequencyLimits(for: request) : [])
  }
}

extension AlertHandle {
  /// The alert as a pass names it.
  var ref: AlertRef { AlertRef(id: id, sequence: seq) }
}
