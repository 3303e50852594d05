/// One decision of a pass. Decisions are plain values: a test can print and compare them.
///
/// A decision names its alerts unretained: each is an unfinished alert of the domain, which its
/// dispatch holds until it ends, and a decision lives only from its plan to the end of the
/// pass that carries it out. An alert ends during a pass only by a decision (`dismiss`, `end`)
/// that comes after every other decision naming it, and `apply` holds it for that call.
/// Retained, each decision cost four atomic operations: the retain of the alert the plan read,
/// and of its copy taken to carry the decision out, and their releases.
@MainActor
enum PassDecision: Equatable, CustomStringConvertible {
  /// Hide a visible alert (offstage, or preempted with the hide style).
  case suspend(Unmanaged<AlertHandle>)
  /// A higher alert goes up over this one, which stays visible beneath.
  case cover(Unmanaged<AlertHandle>, by: Unmanaged<AlertHandle>)
  /// The alert covering this one is gone; it is in front again.
  case uncover(Unmanaged<AlertHandle>)
  /// Call the presenter for a queued alert.
  case present(Unmanaged<AlertHandle>)
  /// Bring back a suspended alert.
  case restore(Unmanaged<AlertHandle>)
  /// Ask the presenter to close a visible alert; it ends with the outcome once gone.
  case dismiss(Unmanaged<AlertHandle>, AlertOutcome)
  /// End an alert that is not on screen, such as one whose frequency cap keeps it down.
  case end(Unmanaged<AlertHandle>, AlertOutcome)

  nonisolated static func == (lhs: PassDecision, rhs: PassDecision) -> Bool {
    switch (lhs, rhs) {
    case (.suspend(let a), .suspend(let b)), (.uncover(let a), .uncover(let b)),
      (.present(let a), .present(let b)), (.restore(let a), .restore(let b)):
      a.toOpaque() == b.toOpaque()
    case (.cover(let a, let x), .cover(let b, let y)):
      a.toOpaque() == b.toOpaque() && x.toOpaque() == y.toOpaque()
    case (.dismiss(let a, let x), .dismiss(let b, let y)), (.end(let a, let x), .end(let b, let y)):
      a.toOpaque() == b.toOpaque() && x == y
    default: false
    }
  }

  nonisolated var description: String {
    MainActor.assumeIsolated {
      @MainActor func id(_ alert: Unmanaged<AlertHandle>) -> AlertID {
        alert.takeUnretainedValue().id
      }
      return switch self {
      case .suspend(let alert): "suspend \(id(alert))"
      case .cover(let alert, let by): "cover \(id(alert)) by \(id(by))"
      case .uncover(let alert): "uncover \(id(alert))"
      case .present(let alert): "present \(id(alert))"
      case .restore(let alert): "restore \(id(alert))"
      case .dismiss(let alert, let outcome): "dismiss \(id(alert)) as \(outcome)"
      case .end(let alert, let outcome): "end \(id(alert)) as \(outcome)"
      }
    }
  }
}

/// What a pass decided, and when the domain must look again (a delay, a gap or a retry ends).
@MainActor
struct PassPlan {
  var decisions: [PassDecision] = []
  var wakeAt: AlertInstant?
  /// Whether the domain, once the decisions are carried out as planned, is settled: no plan made
  /// then would decide anything. A preemption that cancels stops a lane's planning before its
  /// end (the lane is planned again once the cancelled alert is gone), an alert ended by its
  /// frequency cap frees the alerts that wait on it, and an alert that steps back because its
  /// lane is over capacity may uncover another: all clear this.
  var isFinal = true

  mutating func wake(at instant: AlertInstant) {
    wakeAt = min(wakeAt ?? instant, instant)
  }
}

/// The deciding part of a pass: it reads the domain and returns decisions. It changes nothing
/// and calls no presenter or completion handler.
@MainActor
struct Arbiter {
  /// The root, not retained: the arbiter lives within a call on the root (a pass, an add, an
  /// explanation), and holding the root would retain and release it at every pass. Its methods
  /// hand the root on from ``withGuaranteed(_:_:)``.
  private let rootReference: Unmanaged<DispatchNode>
  /// The chain, moved in for the pass and moved out at its end (a copy would retain its storage).
  var chain: ActiveChain
  /// The time of the plan, read from the root's clock when the plan first needs it: most plans
  /// never do (only delays, retries after a refusal and lane gaps are timed), and each read is
  /// a call through the clock's protocol that retains the clock. A pass that plans again
  /// clears it, so that the next plan reads the clock anew.
  var planTime: AlertInstant?

  /// An arbiter for the domain of `root`, over `chain` (by default the chain built now), at
  /// `now` (by default the time the clock tells when a plan first needs it).
  init(root: DispatchNode, chain: ActiveChain? = nil, now: AlertInstant? = nil) {
    rootReference = .passUnretained(root)
    self.chain = chain ?? ActiveChain(root: root)
    planTime = now
  }

  /// Plans in `buffer`'s storage (empty), so that a pass allocates no array for its decisions;
  /// give the storage back once the decisions are carried out.
  mutating func plan(reusing buffer: inout [PassDecision]) -> PassPlan {
    var plan = PassPlan()
    swap(&plan.decisions, &buffer)
    withGuaranteed(rootReference) { root in
      for index in root.domain.lanes.indices {
        planLane(root, at: index, into: &plan)
      }
    }
    return plan
  }

  /// The time of the plan (see ``planTime``).
  private mutating func now(_ root: DispatchNode) -> AlertInstant {
    if let planTime { return planTime }
    let now = root.clock.now
    planTime = now
    return now
  }

  /// When `candidate`'s delay ends, if it has one that has not ended yet.
  private mutating func delay(of candidate: AlertHandle, _ root: DispatchNode) -> AlertInstant? {
    // Delays are kept in the extras, which most alerts never make.
    guard candidate.hasExtras else { return nil }
    return candidate.delayed(at: now(root))
  }

  /// When `candidate` is retried after a presenter refused it, if that is still to come.
  private mutating func retry(of candidate: AlertHandle, _ root: DispatchNode) -> AlertInstant? {
    guard candidate.hasExtras, let retry = candidate.retryAt, retry > now(root) else { return nil }
    return retry
  }

  /// The instant before which nothing new may go up in a lane because of its minimum gap.
  mutating func gapUntil(_ lane: LaneKey) -> AlertInstant? {
    withGuaranteed(rootReference) { root in
      guard let index = root.domain.index(of: lane) else { return nil }
      return gapUntil(root, laneAt: index)
    }
  }

  private mutating func gapUntil(_ root: DispatchNode, laneAt index: Int) -> AlertInstant? {
    guard root.domain.lanes[index].hasGap else { return nil }
    return root.domain.gapUntil(laneAt: index, now: now(root))
  }

  /// Plans the domain's lane at `index`.
  private mutating func planLane(_ root: DispatchNode, at index: Int, into plan: inout PassPlan) {
    guard let short = checkedShortPlan(root, at: index) else {
      return planLaneInFull(root, at: index, into: &plan)
    }
    if let alert = short.suspending { plan.decisions.append(.suspend(alert)) }
    if let alert = short.goingUp { plan.decisions.append(goUp(alert)) }
    if let wakeAt = short.wakeAt { plan.wake(at: wakeAt) }
  }

  /// The short plan of the domain's only lane, or `nil` when the domain has more lanes or the
  /// lane needs the full plan (see ``shortPlan(_:at:)``).
  mutating func onlyLaneShortPlan() -> ShortPlan? {
    withGuaranteed(rootReference) { root in
      root.domain.lanes.count == 1 ? checkedShortPlan(root, at: 0) : nil
    }
  }

  /// The lane's short plan, checked against its full plan when invariants are checked.
  @inline(__always)
  private mutating func checkedShortPlan(_ root: DispatchNode, at index: Int) -> ShortPlan? {
    guard let short = shortPlan(root, at: index) else { return nil }
    if DispatchNode.checksInvariants { check(short, root, at: index) }
    return short
  }

  /// Checks that a short cut decided what the full plan decides, wake-up included (kept out of
  /// line: only the tests and the stress tool check invariants).
  @inline(never)
  private mutating func check(_ short: ShortPlan, _ root: DispatchNode, at index: Int) {
    var full = PassPlan()
    planLaneInFull(root, at: index, into: &full)
    let decisions =
      (short.suspending.map { [PassDecision.suspend($0)] } ?? [])
      + (short.goingUp.map { [goUp($0)] } ?? [])
    if full.decisions != decisions || full.wakeAt != short.wakeAt || !full.isFinal {
      root.invariantViolations.append(
        "the full plan of a lane decided \(full.decisions), wake-up \(full.wakeAt.map(\.description) ?? "none"); its short cut decided \(decisions), wake-up \(short.wakeAt.map(\.description) ?? "none")"
      )
    }
  }

  /// What a short cut decided for a lane: at most one alert is suspended (first), at most one
  /// goes up, and when to look again. The alerts are not retained, as in the decisions.
  struct ShortPlan {
    var suspending: Unmanaged<AlertHandle>?
    var goingUp: Unmanaged<AlertHandle>?
    var wakeAt: AlertInstant?
  }

  /// The plan of the most common lanes, decided from the chain's first candidate alone, or
  /// `nil` when the lane needs the full plan. All are lanes of capacity 1:
  /// - an empty one whose first candidate may go up now, as after the alert in front ended;
  /// - one whose one alert, settled (not covered, not being dismissed), left the chain, as
  ///   when its screen disappeared: it is suspended, and the lane is planned as an empty one;
  /// - one that shows one settled alert on the chain, which nothing queued may replace now, as
  ///   after an alert is added below the one in front.
  ///
  /// Each decides what ``planLaneInFull(at:into:)`` decides there, which the tests and the stress
  /// tool check at every pass.
  private mutating func shortPlan(_ root: DispatchNode, at index: Int) -> ShortPlan? {
    let domain = root.domain
    guard domain.lanes[index].lane.capacity.limit == 1 else { return nil }
    switch domain.lanes[index].visible.count {
    case 0:
      return emptyLanePlan(root, at: index)
    case 1:
      // Neither the shown alert nor the candidate is retained: the lane's list and the queue
      // hold them.
      let shown = domain.visibleReference(inLaneAt: index, at: 0)
      let (settled, onChain, priority, interruptible) = withGuaranteed(shown) { shown in
        (
          !shown.state.isDismissing && shown.coveredBy == nil,
          chain.contains(shown.ownerReference), shown.priority,
          shown.request.interruption != .never
        )
      }
      guard settled else { return nil }
      guard onChain else {
        var plan = emptyLanePlan(root, at: index)
        plan?.suspending = shown
        return plan
      }
      guard let front = chain.frontReference(for: domain.lanes[index].lane.key) else {
        return ShortPlan()
      }
      return withGuaranteed(front) { candidate in
        // Whether the candidate could take the shown alert's place once it may go up.
        let outranks = priority < candidate.priority && interruptible
        if let until = delay(of: candidate, root) {
          return outranks ? nil : ShortPlan(wakeAt: until)
        }
        if let retry = retry(of: candidate, root) { return ShortPlan(wakeAt: retry) }
        if let gap = gapUntil(root, laneAt: index) { return ShortPlan(wakeAt: gap) }
        return outranks ? nil : ShortPlan()
      }
    default:
      return nil
    }
  }

  /// The short plan of a lane of capacity 1 that shows nothing (or nothing once the alert that
  /// left the chain is suspended): its first candidate goes up when it may now.
  @inline(__always)
  private mutating func emptyLanePlan(_ root: DispatchNode, at index: Int) -> ShortPlan? {
    let domain = root.domain
    guard let front = chain.frontReference(for: domain.lanes[index].lane.key) else {
      return ShortPlan()
    }
    return withGuaranteed(front) { candidate in
      // A delayed first candidate lets the full plan read on to the next one.
      if delay(of: candidate, root) != nil { return nil }
      if let retry = retry(of: candidate, root) { return ShortPlan(wakeAt: retry) }
      if let gap = gapUntil(root, laneAt: index) { return ShortPlan(wakeAt: gap) }
      // An alert that counts towards a cap or a budget is left to the full plan, which checks
      // it.
      if candidate.mayBeCapped { return nil }
      return ShortPlan(goingUp: front)
    }
  }

  /// Plans the domain's lane at `index` in full, reading its state field by field (a copy of the
  /// whole state would retain its name and its list of visible alerts once more).
  private mutating func planLaneInFull(
    _ root: DispatchNode, at index: Int, into plan: inout PassPlan
  ) {
    let domain = root.domain
    let capacity = domain.lanes[index].lane.capacity.limit
    let laneKey = domain.lanes[index].lane.key
    let visible = domain.lanes[index].visible
    // A lane shows a few alerts at most: a linear look-up beats hashing at every plan.
    var leaving: [AlertHandle] = []
    // The alerts in front, in storage the domain keeps from plan to plan (empty between plans).
    var front: [AlertHandle] = []
    swap(&front, &root.domain.frontBuffer)
    defer {
      front.empty()
      root.domain.frontBuffer = front
    }
    for alert in visible where !alert.state.isDismissing && !chain.contains(alert.owner) {
      leaving.append(alert)
      plan.decisions.append(.suspend(.passUnretained(alert)))
    }
    var uncovering: [AlertHandle] = []
    for alert in visible where !holds(leaving, alert) {
      if let coverer = alert.coveredBy {
        // The coverer must still be up in this lane of this domain: one whose dispatch left
        // the domain (a closed container detaches its children) covers nothing here.
        let covererUp =
          coverer.state.isVisible && !holds(leaving, coverer) && holds(visible, coverer)
        if covererUp { continue }
        uncovering.append(alert)
      } else {
        front.append(alert)
      }
    }
    // Joining two domains can leave a lane over capacity: the weakest step back.
    // Either way an alert that steps back may cover another, which this plan still counts as
    // covered: plan again once it is down (both cases are rare).
    while front.count > capacity, let weakest = weakestHideable(in: front) {
      front.removeIdentical(weakest)
      plan.decisions.append(.suspend(.passUnretained(weakest)))
      plan.isFinal = false
    }
    for alert in uncovering {
      if front.count < capacity {
        plan.decisions.append(.uncover(.passUnretained(alert)))
        front.append(alert)
      } else if alert.state.isDismissing, let top = front.last {
        // It cannot be hidden: it finishes animating out beneath the alert in front.
        plan.decisions.append(.cover(.passUnretained(alert), by: .passUnretained(top)))
      } else {
        plan.decisions.append(.suspend(.passUnretained(alert)))
        plan.isFinal = false
      }
    }
    let gap = gapUntil(root, laneAt: index)
    var buffer: [LaneQueue.Cursor] = []
    swap(&buffer, &root.domain.cursorBuffer)
    var merge = LaneMerge(chain, lane: laneKey, reusing: &buffer)
    defer { root.domain.cursorBuffer = merge.recycled() }
    // Candidates come in line order, so none ranks above the one before it: once the lane is
    // full and no front alert is below that one, no later candidate can go up. Stopping there
    // spares reading on (and a cursor per queue) at the end of most plans. A later candidate's
    // delay or retry then sets no wake-up: its pass would decide nothing in this lane, which
    // changes only on events. (Such a pass used to pick up, by accident, a provider change the
    // app had not announced with `setNeedsArbitration()`; see Decisions.md.)
    var ceiling: Int?
    while true {
      if front.count >= capacity, let ceiling,
        weakestInterruptible(in: front, below: ceiling) == nil
      {
        return
      }
      guard let candidate = merge.next() else { break }
      // The queues hold no visible alert (they are in the lane's visible list).
      ceiling = candidate.priority
      if let until = delay(of: candidate, root) {
        plan.wake(at: until)
        continue
      }
      if let retry = retry(of: candidate, root) {
        plan.wake(at: retry)
        return
      }
      if let gap {
        plan.wake(at: gap)
        return
      }
      if front.count < capacity {
        if let end = cappedEnd(candidate, plan, root) {
          plan.decisions.append(end)
          // Ending an alert frees the alerts that wait on it: plan again once it has ended.
          plan.isFinal = false
          continue
        }
        plan.decisions.append(goUp(.passUnretained(candidate)))
        front.append(candidate)
        continue
      }
      guard let victim = weakestInterruptible(in: front, below: candidate.priority) else {
        return
      }
      if let end = cappedEnd(candidate, plan, root) {
        plan.decisions.append(end)
        plan.isFinal = false
        continue
      }
      switch victim.request.interruption {
      case .cancel:
        plan.decisions.append(
          .dismiss(.passUnretained(victim), .cancelled(.preempted(by: candidate.id))))
        plan.isFinal = false
        return
      case .suspend, .never:
        if candidate.request.style == .cover {
          plan.decisions.append(.cover(.passUnretained(victim), by: .passUnretained(candidate)))
        } else {
          plan.decisions.append(.suspend(.passUnretained(victim)))
          for beneath in covered(by: victim, among: visible) {
            // An alert being dismissed cannot be hidden: it finishes animating out beneath
            // the newcomer.
            plan.decisions.append(
              beneath.state.isDismissing
                ? .cover(.passUnretained(beneath), by: .passUnretained(candidate))
                : .suspend(.passUnretained(beneath)))
          }
        }
        front.removeIdentical(victim)
        plan.decisions.append(goUp(.passUnretained(candidate)))
        front.append(candidate)
      }
    }
  }

  /// The alerts beneath `alert`: those it covers, and those they cover, top first.
  private func covered(by alert: AlertHandle, among visible: AlertList) -> [AlertHandle] {
    var result: [AlertHandle] = []
    var top = alert
    while true {
      var next: AlertHandle?
      for index in stride(from: visible.count - 1, through: 0, by: -1)
      where visible[index].coveredBy === top {
        next = visible[index]
        break
      }
      guard let next else { return result }
      result.append(next)
      top = next
    }
  }

  private func holds<List: Sequence<AlertHandle>>(_ list: List, _ alert: AlertHandle) -> Bool {
    for item in list where item === alert { return true }
    return false
  }

  private func goUp(_ alert: Unmanaged<AlertHandle>) -> PassDecision {
    withGuaranteed(alert) { $0.state.isSuspended } ? .restore(alert) : .present(alert)
  }

  /// The lowest-priority front alert that is not being dismissed (latest up first).
  private func weakestHideable(in front: [AlertHandle]) -> AlertHandle? {
    var weakest: AlertHandle?
    for alert in front where !alert.state.isDismissing {
      // As `min(by:)` would: lower priority first, then the latest up; the first on a tie.
      if let current = weakest,
        !((alert.priority, current.upStamp) < (current.priority, alert.upStamp))
      {
        continue
      }
      weakest = alert
    }
    return weakest
  }

  /// The lowest front alert below `priority` that may be interrupted (latest up first).
  private func weakestInterruptible(in front: [AlertHandle], below priority: Int)
    -> AlertHandle?
  {
    var weakest: AlertHandle?
    for alert in front
    where !alert.state.isDismissing && alert.request.interruption != .never
      && alert.priority < priority
    {
      if let current = weakest, current.priority < alert.priority { continue }
      weakest = alert
    }
    return weakest
  }
}
