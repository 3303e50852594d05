import AlertDispatchKit

/// Rules 1 and 3, from the words of the design: the active chain, and whether an alert may go
/// up, by brute force over the domain.
extension ReferenceModel {
  /// The active chain of a root, and the pauses along it.
  @MainActor
  struct Chain {
    /// The dispatches on the chain, root first.
    var members: [ObjectIdentifier] = []
    /// The pause scopes of each member and of every member before it.
    var pausesAbove: [[AlertPauseScope]] = []

    /// The chain from `root`: down the active children (a provider's answer, else the set
    /// child; only a child whose parent is the dispatch counts) while each is visible and open.
    init(root: AlertDispatch) {
      var next: AlertDispatch? = root
      var scopes: [AlertPauseScope] = []
      while let node = next, node.isVisible, !node.isClosed, members.count < 1000 {
        scopes += node.pauses.filter { !$0.isReleased }.map(\.scope)
        members.append(ObjectIdentifier(node))
        pausesAbove.append(scopes)
        var child = node.activeChild
        if let provider = node.activeChildProvider { child = provider() }
        next = child?.parent === node ? child : nil
      }
    }

    /// The place of `dispatch` on the chain, if it is on it.
    func place(of dispatch: AlertDispatch?) -> Int? {
      guard let dispatch else { return nil }
      return members.firstIndex(of: ObjectIdentifier(dispatch))
    }

    /// The pause on the path to an alert on the chain at `place` that holds `request`.
    func pause(holding request: AlertRequest, at place: Int) -> AlertPauseScope? {
      guard !request.ignoresPause else { return nil }
      return pausesAbove[place].first { scope in
        switch scope {
        case .all: true
        case .lane(let name): name == request.lane.name
        case .category(let name): name == request.category
        }
      }
    }
  }

  /// What rule 3 says of an alert: it may go up, a rule holds it (in words), or the model
  /// cannot tell (a rule it does not model applies).
  enum Eligibility: Equatable {
    case eligible
    case held(String)
    case unknown
  }

  /// Rule 3 for the record at `slot`, a member of the domain of `root`, at `now`.
  /// `firstShow` adds what only a first show must pass: dependencies, delay and cap.
  func eligibility(
    of slot: Int, in domain: [Int], root: ObjectIdentifier, chain: Chain, at now: AlertInstant,
    firstShow: Bool, ignoringRefusal: Bool = false
  ) -> Eligibility {
    let record = records[slot]
    if record.handle.state == .pending { return .held("it is not ready") }
    // Rule 7's retry times are the presenter's and the library's: not modelled, unless the
    // caller asks whether the alert could go up but for its refusal.
    if record.refused && !ignoringRefusal { return .unknown }
    guard let place = chain.place(of: record.handle.dispatch) else {
      return .held("its screen is off the chain")
    }
    if let scope = chain.pause(holding: record.request, at: place) {
      return .held("a pause (\(scope)) holds it")
    }
    if firstShow {
      let blockers = domain.filter { other in
        other != slot && !records[other].handle.state.isEnded
          && record.request.dependencies.contains(records[other].id)
          && !gaveUpID(other, in: domain)
      }
      if let blocker = blockers.first {
        return .held("it depends on \(records[blocker].id), not ended")
      }
      let delay = record.request.timing.delay
      if delay > .zero, now < record.addedAt + delay { return .held("its delay runs") }
    }
    if let gap = gapHold(of: record, root: root, at: now) { return gap }
    if firstShow { return capHold(of: record, at: now) }
    return .eligible
  }

  /// Whether the alert of `slot`, animating out, gave its id up to a newcomer with the id that
  /// its domain took (the model marks it when it binds the newcomer, or sees the newcomer in
  /// `domain` in the same pass): it no longer holds back the alerts that wait for the id.
  func gaveUpID(_ slot: Int, in domain: [Int]) -> Bool {
    let record = records[slot]
    guard record.handle.state == .dismissing else { return false }
    if record.gaveUpID { return true }
    return domain.contains { other in
      guard records[other].id == record.id, records[other].sequence > record.sequence else {
        return false
      }
      return Self.tookItsID(records[other].handle)
    }
  }

  /// Whether a newcomer took its id in its domain when it was added: unless it ended then, as a
  /// duplicate, an invalid request, on a closed dispatch or for a dependency cycle.
  static func tookItsID(_ handle: AlertHandle) -> Bool {
    switch handle.endedOutcome {
    case .cancelled(.duplicate), .cancelled(.invalidRequest), .cancelled(.ownerClosed),
      .cancelled(.dependencyCycle):
      false
    default: true
    }
  }

  /// The lane's minimum gap after the last end of an alert that was up.
  func gapHold(of record: Record, root: ObjectIdentifier, at now: AlertInstant) -> Eligibility? {
    let gap = record.lane.minimumGap
    guard gap > .zero else { return nil }
    guard let known = lastEnd[root]?[record.lane.name] else {
      return gapsUncertain ? .unknown : nil
    }
    guard let end = known else { return .unknown }
    return now < end + gap ? .held("its lane's gap runs") : nil
  }

  /// The cap and category budget of a record at `now`, from the shows the model counted.
  func capHold(of record: Record, at now: AlertInstant) -> Eligibility {
    guard let policy = record.handle.dispatch?.root.frequencyPolicy else {
      return record.request.cap == nil && record.request.category == nil ? .eligible : .unknown
    }
    for (key, limit, window) in limits(of: record) {
      guard let window else { return .unknown }
      if count(key, window, ledger(of: policy)) >= limit {
        return .held("its cap \(key) is reached")
      }
    }
    return .eligible
  }

  /// The keys, limits and windows (`nil`: not modelled) that a show of `record` counts against.
  func limits(of record: Record) -> [(String, Int, FrequencyWindow?)] {
    var result: [(String, Int, FrequencyWindow?)] = []
    if let cap = record.request.cap {
      let modelled = cap.countsWhen == .shown ? Self.modelled(cap.window) : nil
      result.append((cap.key ?? record.id.rawValue, cap.limit, modelled))
    }
    if let category = record.request.category, let budget = budgets[category] {
      result.append(("budget " + category, budget.limit, Self.modelled(budget.window)))
    }
    return result
  }

  /// The windows the model counts: ever (and per version, one version in a run), per launch and
  /// rolling; a calendar day is not modelled.
  static func modelled(_ window: FrequencyWindow) -> FrequencyWindow? {
    switch window {
    case .ever, .version, .launch, .rolling: window
    case .day: nil
    }
  }

  /// The shows counted under `key` in `window` at `now`.
  func count(_ key: String, _ window: FrequencyWindow, _ policy: String) -> Int {
    let now = elapsed()
    return shows.filter { show in
      guard show.key == key, show.policy == policy else { return false }
      switch window {
      case .launch: return show.launch == launch
      case .rolling(let period): return now - show.at < period
      default: return true
      }
    }.count
  }

  /// Counts the first show of `record` at `now` against its cap and budget.
  func countShow(of record: Record) {
    guard let policy = record.handle.dispatch?.root.frequencyPolicy else { return }
    for (key, _, _) in limits(of: record) {
      shows.append(
        Show(key: key, policy: ledger(of: policy), at: elapsed(), launch: launch))
    }
  }

  /// The ledger a policy counts in: the run's, which lasts across launches, or one of its own.
  func ledger(of policy: FrequencyPolicy) -> String {
    if policy === runPolicy { return "run" }
    if let known = policyNames.first(where: { $0.policy === policy }) { return known.name }
    // A policy's address may be reused by a later one, which counts from nothing: each is named
    // once, and held weakly so that a freed one is never taken for a new one.
    policyNames.removeAll { $0.policy == nil }
    nextPolicyName += 1
    policyNames.append(PolicyName(policy: policy, name: "policy#\(nextPolicyName)"))
    return "policy#\(nextPolicyName)"
  }

  /// The capacity of a lane as a number.
  static func capacity(of lane: AlertLane) -> Int {
    switch lane.capacity {
    case .unlimited: Int.max
    case .limited(let count): count
    }
  }
}
