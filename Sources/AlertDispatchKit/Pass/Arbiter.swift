/// The deciding part of a pass: a pure function from a ``PassInput`` to a ``PassPlan``.
///
/// It is the only place where the rules of a pass are written (the DocC article "The rules of a
/// pass" points at each). It calls no presenter, no provider
/// and no user code, and reads nothing but its input: the dispatches build the input
/// (`DispatchNode.passInput`) and carry the plan out (`DispatchNode.runPass`).
///
/// - Rule 1 (chain) is the input's: each alert comes with its dispatch's place on the chain.
/// - Rule 2 (offstage): ``planLane(_:)``, first step; a covered alert hidden with its coverer
///   is hidden beneath it; one whose offstage policy is `end` is taken down for good.
/// - Rule 3 (eligible): ``hold(on:in:)`` and ``capBlock(of:)``, in Arbiter+Eligibility.swift.
/// - Rule 4 (order): the input's candidates come in line order; ``planLane(_:)`` reads them so.
/// - Rule 5 (preemption): ``weakestInterruptible(in:below:unprotected:)`` and ``preempt(_:by:in:)``; a
///   candidate that does not interrupt (``PreemptionPolicy/wait``) waits in ``readCandidates``,
///   and so does one whose victims are all inside their minimum display time
///   (``Front/protectedUntil``, in Arbiter+Fronts.swift).
/// - Rule 6 (restore): a suspended candidate goes up as any other, in its place, and brings
///   back beneath it the alerts hidden beneath it (``goUp(_:)``); alerts that go up again and
///   that leave the screen in one plan do so in the order they last went up, within a lane
///   (``restoreInUpOrder()``) and across lanes (``interleaveLanes()``).
/// - Rule 7 (refusal): a candidate waiting out a retry stops its lane (``planLane(_:)``).
/// - Show now or drop: the plan that settles a pass ends the alerts that had to go up in it and
///   does not put up (``endNotShownAtOnce()``, in Arbiter+Settle.swift).
struct Arbiter {
  // The input, the plan and the decisions are read and changed by the arbiter's other files.
  let input: PassInput
  var plan = PassPlan()
  /// The shows the plan's presentations add, by ledger key (caps count them).
  private var plannedShows: [String: Int] = [:]
  /// The decisions of every lane, each with its lane and the stamp that orders it across lanes
  /// (``interleaveLanes()``); a lane's in the order its plan makes them. The lanes are planned
  /// one after another, so the lane being planned has the last ones; the ends decided once every
  /// lane is planned come after all of them.
  var decided: [(lane: Int, decision: PassDecision, stamp: UInt64?)] = []
  /// The index of the lane being planned.
  private var planning = 0
  /// The suspended alerts the plan brings back beneath their coverers: read again in their own
  /// place in line, they are already up.
  private var broughtBack: Set<AlertRef> = []
  /// The restores of the lane being planned, in line order: where the decisions of each are in
  /// ``decided``, and when its alert last went up (``restoreInUpOrder()``).
  private var restores: [(decisions: Range<Int>, stamp: UInt64)] = []

  private init(_ input: PassInput) { self.input = input }

  /// Plans every lane of `input`.
  ///
  /// - Throws: ``MoreCandidatesNeeded`` when a lane's plan reads past the candidates the input
  ///   holds while its line goes on: plan again over more of that line.
  static func plan(_ input: PassInput) throws(MoreCandidatesNeeded) -> PassPlan {
    var arbiter = Arbiter(input)
    for index in input.lanes.indices {
      arbiter.planning = index
      arbiter.restores = []
      guard arbiter.planLane(input.lanes[index]) else { throw MoreCandidatesNeeded(lane: index) }
      arbiter.restoreInUpOrder()
    }
    if arbiter.plan.isFinal {
      arbiter.endNotShownAtOnce()
      arbiter.endOverflow()
    }
    arbiter.interleaveLanes()
    return arbiter.plan
  }

  /// Adds `decision` to the plan of the lane being planned; `stamp`, for an alert that goes up
  /// again or leaves the screen, is when it last went up.
  private mutating func decide(_ decision: PassDecision, stamp: UInt64? = nil) {
    decided.append((planning, decision, stamp))
  }

  /// Puts the restores of the lane just planned in the order their alerts last went up, so that
  /// a lane showing several alerts stacks them as before (the one that was on top is on top
  /// again). Which alerts come back is still the line's to decide (rules 4 to 6); the order
  /// they went up decides only the order in which they do: the restores, each with the alerts
  /// it brings back beneath it, take the places the line gave restores, and every other
  /// decision keeps its place.
  private mutating func restoreInUpOrder() {
    guard let first = restores.first, restores.count > 1 else { return }
    let decisions = decided
    let inUpOrder = restores.sorted {
      ($0.stamp, $0.decisions.lowerBound) < ($1.stamp, $1.decisions.lowerBound)
    }
    // What comes before the first restore keeps its place.
    var reordered: [(lane: Int, decision: PassDecision, stamp: UInt64?)] = []
    var next = first.decisions.lowerBound
    for (place, restore) in zip(restores, inUpOrder) {
      reordered += decisions[next..<place.decisions.lowerBound]
      reordered += decisions[restore.decisions]
      next = place.decisions.upperBound
    }
    reordered += decisions[next...]
    decided.replaceSubrange(first.decisions.lowerBound..., with: reordered)
  }

  /// Joins the lanes' decisions into the plan. Each lane keeps its own order; across lanes, the
  /// alerts that come back, and those that leave the chain, go in the order they last went up,
  /// so that the screen stacks them as before (a toast that was above a modal alert comes
  /// back above it). A decision without a stamp (an alert going up for the first time, an
  /// end) binds no order across lanes, so the first lane whose next decision has none goes
  /// next; when every lane's next decision has a stamp, the earliest goes. Each lane's stamped
  /// decisions being in up order, the plan's are too.
  private mutating func interleaveLanes() {
    // Most plans decide in one lane at most, whose order they keep.
    guard let first = decided.first else { return }
    if decided.allSatisfy({ $0.lane == first.lane }) {
      return plan.decisions = decided.map(\.decision)
    }
    // Each lane's decisions, as places in `decided`, in the lane's order.
    var lanes = Array(repeating: [Int](), count: input.lanes.count)
    for place in decided.indices { lanes[decided[place].lane].append(place) }
    var next = Array(repeating: 0, count: lanes.count)
    func stamp(of lane: Int) -> UInt64? { decided[lanes[lane][next[lane]]].stamp }
    while true {
      let open = lanes.indices.filter { next[$0] < lanes[$0].count }
      let unstamped = open.first { stamp(of: $0) == nil }
      guard let lane = unstamped ?? open.min(by: { (stamp(of: $0) ?? 0) < (stamp(of: $1) ?? 0) })
      else { return }
      plan.decisions.append(decided[lanes[lane][next[lane]]].decision)
      next[lane] += 1
    }
  }

  /// Plans `lane`, the lane being planned; returns false when it read past the input's
  /// candidates.
  private mutating func planLane(_ lane: PassInput.Lane) -> Bool {
    let capacity = lane.capacity
    // Rule 2: a visible alert whose dispatch left the chain is hidden (one being dismissed
    // finishes animating out where it is), or taken down for good when its offstage policy
    // says so. One covered by an alert hidden with it, or by one that stays up, is hidden
    // beneath it, and comes back beneath it.
    let leaving = lane.shown.filter { !$0.isDismissing && !$0.isOnChain }
    func isLeaving(_ alert: AlertRef) -> Bool { leaving.contains { $0.alert == alert } }
    func isHidden(_ alert: AlertRef) -> Bool {
      leaving.contains { $0.alert == alert && $0.offstage == .suspend }
    }
    for shown in leaving {
      if shown.offstage == .end {
        decide(.dismiss(shown.alert, .cancelled(.ownerLeft)), stamp: shown.upStamp)
        plan.isFinal = false
      } else if case .by(let coverer) = shown.cover, isHidden(coverer) || !isLeaving(coverer) {
        decide(.suspendBeneath(shown.alert, coverer: coverer), stamp: shown.upStamp)
      } else {
        decide(.suspend(shown.alert), stamp: shown.upStamp)
      }
    }
    var front: [Front] = []
    var uncovering: [PassInput.Shown] = []
    // What was hidden beneath an alert that stayed up comes back beneath it with its screen,
    // once the lane is planned, unless the plan takes that alert down: it is not read as a
    // candidate meanwhile.
    let stayedUp = lane.shown.filter { !isLeaving($0.alert) && !$0.isDismissing }
    for shown in stayedUp {
      for beneath in shown.beneath { broughtBack.insert(beneath.alert) }
    }
    for shown in lane.shown where !isLeaving(shown.alert) {
      switch shown.cover {
      case .none:
        front.append(Front(shown))
      case .by(let coverer) where !isLeaving(coverer):
        continue
      case .by, .byGone:
        uncovering.append(shown)
      }
    }
    // Joining two domains can leave a lane over capacity: the weakest step back. Either way an
    // alert that steps back may cover another, which this plan still counts as covered: plan
    // again once it is down.
    while front.count > capacity, let weakest = Arbiter.weakestHideable(in: front) {
      decide(.suspend(front.remove(at: weakest).alert))
      plan.isFinal = false
    }
    for shown in uncovering {
      if front.count < capacity {
        decide(.uncover(shown.alert))
        front.append(Front(shown))
      } else if shown.isDismissing, let top = front.last {
        // It cannot be hidden: it finishes animating out beneath the alert in front.
        decide(.cover(shown.alert, by: top.alert))
      } else {
        decide(.suspend(shown.alert))
        plan.isFinal = false
      }
    }
    guard readCandidates(of: lane, front: &front) else { return false }
    for shown in stayedUp where !shown.beneath.isEmpty && !takesDown(shown.alert) {
      for beneath in shown.beneath {
        decide(.restore(beneath.alert), stamp: beneath.upStamp)
        decide(.cover(beneath.alert, by: beneath.coverer))
      }
    }
    return true
  }

  /// Whether the plan of the lane being planned hides `alert` or takes it down.
  private func takesDown(_ alert: AlertRef) -> Bool {
    decided.contains { entry in
      guard entry.lane == planning else { return false }
      switch entry.decision {
      case .suspend(let ref), .suspendBeneath(let ref, _), .dismiss(let ref, _), .end(let ref, _):
        return ref == alert
      default:
        return false
      }
    }
  }

  /// Rules 3 to 7 over the lane's candidates, in line order, with `front` the alerts in front.
  /// Every candidate it reads and does not put up gets its reason; when it stops before the end
  /// of the line, those it did not read are behind the one it stopped at, and get the reason
  /// that holds the line there. Returns false when it read past the input's candidates while
  /// the line goes on.
  private mutating func readCandidates(of lane: PassInput.Lane, front: inout [Front]) -> Bool {
    let capacity = lane.capacity
    /// The reason of the candidates from `next` on, which the plan does not read; with
    /// `ifCouldPreempt`, that reason only for those that could take a front alert's place, and
    /// the full lane's for the others.
    func stop(from next: Int, _ reason: AlertExplanation, ifCouldPreempt: Bool = false) -> Bool {
      guard next < lane.candidates.count else { return true }
      var unread = PassPlan.Unread(lane: planning, from: next, reason: reason)
      if ifCouldPreempt {
        unread.front = front
        unread.otherwise = fullLane()
      }
      plan.unread.append(unread)
      return true
    }
    /// Why a candidate waits in the lane, full with `front`, none of which it may preempt.
    func fullLane() -> AlertExplanation {
      Arbiter.fullLane(
        front.map(\.alert.id), leaving: front.filter(\.isDismissing).map(\.alert.id),
        capacity: capacity)
    }
    /// In a lane that the alerts leaving it will free, a candidate that cannot go up now waits
    /// for them rather than for room or a minimum display time: whether it does, with its reason.
    func waitsForLeaving(_ candidate: PassInput.Candidate) -> Bool {
      let reason = fullLane()
      guard case .waitingForDismissal = reason else { return false }
      plan.waiting.append(PassPlan.Waiting(alert: candidate.alert, reason: reason))
      return true
    }
    // Candidates come in line order, so none ranks above the one before it: once the lane is
    // full and no front alert is below that one, no later candidate can go up, and the plan
    // reads no further (a later candidate's delay or retry sets no wake-up: a pass then would
    // decide nothing in this lane).
    var ceiling: Int?
    var next = 0
    // An alert that must show now, which nothing of its own holds, waits only for the alerts
    // leaving the lane if it is next in line: the plan reads on to it rather than stop.
    let showNowIsDue = lane.showNow.contains {
      Arbiter.hold(on: $0, in: lane, at: input.now) == nil
    }
    while true {
      if front.count >= capacity, let ceiling,
        Arbiter.weakestInterruptible(in: front, below: ceiling) == nil
      {
        let reason = fullLane()
        let readsOn = if showNowIsDue, case .waitingForDismissal = reason { true } else { false }
        if !readsOn { return stop(from: next, reason) }
      }
      guard next < lane.candidates.count else { return !lane.hasMoreCandidates }
      let candidate = lane.candidates[next]
      next += 1
      if broughtBack.contains(candidate.alert) { continue }
      ceiling = candidate.priority
      if let hold = Arbiter.hold(on: candidate, in: lane, at: input.now) {
        plan.waiting.append(PassPlan.Waiting(alert: candidate.alert, reason: hold.reason))
        guard let until = hold.until else { continue }
        plan.wake(at: until)
        // A delay lets the line go on; a retry (rule 7) and a gap hold the whole lane.
        if hold.lets { continue }
        if case .gap = hold.reason { return stop(from: next, hold.reason) }
        return stop(from: next, .waitingBehind(candidate.alert.id))
      }
      if front.count < capacity {
        if endsCapped(candidate) { continue }
        front.append(goUp(candidate))
        continue
      }
      guard Arbiter.weakestInterruptible(in: front, below: candidate.priority) != nil else {
        let reason = fullLane()
        plan.waiting.append(PassPlan.Waiting(alert: candidate.alert, reason: reason))
        return stop(from: next, reason)
      }
      // A candidate that does not interrupt waits for room, first in line: what comes after it
      // in line does not overtake it (the lane is full, as for a front alert it may not
      // preempt).
      if candidate.preemption == .wait {
        if waitsForLeaving(candidate) {
          return stop(from: next, .behind(candidate.alert.id), ifCouldPreempt: true)
        }
        plan.waiting.append(
          PassPlan.Waiting(alert: candidate.alert, reason: .waitingForRoom(front.map(\.alert.id))))
        return stop(from: next, .queuedBehind(candidate.alert.id), ifCouldPreempt: true)
      }
      if endsCapped(candidate) { continue }
      // Rule 5 waits for the minimum display time of the alerts it would take down: when none
      // it may interrupt is free, the candidate waits, first in line, until the first is; or,
      // when the alerts leaving the lane free a place, until they are gone, without taking
      // anything down.
      guard
        let victim = Arbiter.weakestInterruptible(
          in: front, below: candidate.priority, unprotected: true)
      else {
        if !waitsForLeaving(candidate),
          let freed = Arbiter.firstFreed(in: front, below: candidate.priority)
        {
          plan.waiting.append(
            PassPlan.Waiting(
              alert: candidate.alert, reason: .minimumDisplay(of: freed.alert, until: freed.until)))
          plan.wake(at: freed.until)
        }
        return stop(from: next, .behind(candidate.alert.id), ifCouldPreempt: true)
      }
      guard preempt(front[victim], by: candidate, in: lane) else {
        // It goes up once its victim is gone: the lane is planned again then.
        plan.waiting.append(
          PassPlan.Waiting(
            alert: candidate.alert, reason: .waitingForDismissal(of: [front[victim].alert.id])))
        return stop(from: next, .behind(candidate.alert.id))
      }
      front.remove(at: victim)
      front.append(goUp(candidate))
    }
  }

  /// Rule 5: `candidate` takes `victim`'s place as `victim`'s policy says. Returns false when
  /// the victim is cancelled: the lane is planned again once it is gone.
  private mutating func preempt(
    _ victim: Front, by candidate: PassInput.Candidate, in lane: PassInput.Lane
  ) -> Bool {
    switch victim.interruption {
    case .cancel:
      decide(.dismiss(victim.alert, .cancelled(.preempted(by: candidate.alert.id))))
      plan.isFinal = false
      return false
    case .suspend, .never:
      if candidate.style == .cover {
        decide(.cover(victim.alert, by: candidate.alert))
      } else {
        decide(.suspend(victim.alert))
        for beneath in Arbiter.covered(by: victim.alert, among: lane.shown) {
          // An alert being dismissed cannot be hidden: it finishes animating out beneath the
          // newcomer.
          decide(
            beneath.isDismissing
              ? .cover(beneath.alert, by: candidate.alert) : .suspend(beneath.alert))
        }
      }
      return true
    }
  }

  /// Ends `candidate` when its cap or budget keeps it down (rule 3); returns whether it did.
  private mutating func endsCapped(_ candidate: PassInput.Candidate) -> Bool {
    guard let text = Arbiter.capBlock(of: candidate, planned: plannedShows) else { return false }
    decide(.end(candidate.alert, .cancelled(.frequencyCapped(text))))
    // Ending an alert frees the alerts that wait on it: plan again once it has ended.
    plan.isFinal = false
    return true
  }

  /// Puts `candidate` up (rule 6: a suspended one comes back, with the alerts hidden beneath
  /// it, beneath it) and returns it as a front alert.
  private mutating func goUp(_ candidate: PassInput.Candidate) -> Front {
    if candidate.isSuspended {
      let start = decided.count
      for beneath in candidate.beneath {
        decide(.restore(beneath.alert), stamp: beneath.upStamp)
        decide(.cover(beneath.alert, by: beneath.coverer))
        broughtBack.insert(beneath.alert)
      }
      decide(.restore(candidate.alert), stamp: candidate.upStamp)
      let end = decided.count
      restores.append((start..<end, candidate.upStamp))
    } else {
      decide(.present(candidate.alert))
      for key in candidate.ledgerKeys { plannedShows[key, default: 0] += 1 }
    }
    return Front(candidate, at: input.now)
  }
}
