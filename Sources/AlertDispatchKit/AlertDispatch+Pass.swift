extension DispatchNode {
  /// How many passes every root of the process has run (the stress tool reports it).
  @exclusivity(unchecked)
  static var passCount = 0
  /// How many adds ran no pass, since they could change no decision (the stress tool reports it).
  @exclusivity(unchecked)
  static var addsWithoutPass = 0

  /// Runs one pass at this root: plan, apply, and again until nothing changes.
  func runPass() {
    // A released node's domain is gone: its children run passes of their own.
    guard !isReleased else { return }
    // The stored parent, compared without taking a reference to it.
    guard storedParent == nil else { return root.requestPass() }
    DispatchNode.passCount += 1
    var settled = false
    var confirmed = false
    // The chain is asked for once per pass: providers and visibility cannot change during one,
    // since every call made from a presenter waits until the pass ends.
    // Taken out of the domain first, so that no access to it stays open while providers run.
    var buffer: [ActiveChain.Link] = []
    swap(&buffer, &domain.linkBuffer)
    // The arbiter holds the chain for the whole pass (moved in and out, never copied).
    var arbiter = Arbiter(
      root: self,
      chain: ActiveChain(
        root: self, reusing: &buffer, cachedAs: &domain.chainKey, stamp: &domain.chainStamp))
    defer { domain.linkBuffer = arbiter.chain.recycled() }
    if DispatchNode.checksInvariants && arbiter.chain.isReused { checkReused(arbiter.chain) }
    var firstRound = 0
    // A domain of one lane, which its short cut plans (most passes): its decisions are carried
    // out as they are made, with no list of decisions and no round of plans.
    if let short = arbiter.onlyLaneShortPlan() {
      if applyShortPlan(short) {
        domain.isSettled = short.suspending == nil && short.goingUp == nil
        if DispatchNode.checksInvariants { recordInvariantViolations() }
        return
      }
      // The presenter refused: the domain is planned again, as after any refusal.
      firstRound = 1
    }
    var decisions: [PassDecision] = []
    swap(&decisions, &domain.decisionBuffer)
    defer { domain.decisionBuffer = decisions }
    for round in firstRound..<10_000 {
      if round > 0 { arbiter.planTime = nil }
      var plan = arbiter.plan(reusing: &decisions)
      if plan.decisions.isEmpty {
        swap(&decisions, &plan.decisions)
        scheduleWake(at: plan.wakeAt)
        settled = true
        // Only a plan that decided nothing says for sure what a plan made now decides (nothing)
        // and asks for (this wake-up): a pass that ends on a plan whose decisions were all
        // carried out skips that confirming plan, whose wake-ups may differ.
        confirmed = true
        break
      }
      // A plan simulates its own decisions (the alerts it puts up fill the lane for the next
      // candidates), so when every decision was carried out as planned, planning again would
      // decide nothing: the pass ends without that confirming plan.
      let done = apply(plan.decisions) && plan.isFinal
      swap(&decisions, &plan.decisions)
      decisions.empty()
      if done {
        scheduleWake(at: plan.wakeAt)
        settled = true
        break
      }
    }
    domain.isSettled = confirmed
    if !settled {
      diagnose("pass at '\(name)' did not settle after 10000 rounds; stopped")
    }
    if DispatchNode.checksInvariants { recordInvariantViolations() }
  }

  // The checks the tests and the stress tool turn on, kept out of line so that the pass the
  // apps run carries none of their code.

  /// Records a difference between a reused chain and the chain built afresh.
  @inline(never)
  private func checkReused(_ chain: ActiveChain) {
    let fresh = ActiveChain(root: self)
    if !chain.isSame(as: fresh) {
      invariantViolations.append(
        "reused chain \(chain.names) differs from the chain built afresh \(fresh.names)")
    }
  }

  /// Records the invariants a pass left broken.
  @inline(never)
  private func recordInvariantViolations() {
    invariantViolations.append(contentsOf: checkInvariants())
  }

  /// Carries out a short plan as ``apply(_:)`` carries out its decisions, and asks for its
  /// wake-up; returns false when the presenter refused the alert going up (the domain must then
  /// be planned again, and no wake-up is asked for).
  private func applyShortPlan(_ short: Arbiter.ShortPlan) -> Bool {
    // Whether the alert going up comes back, read before anything changes, as the plan's
    // decision was (not with `goingUp.map { … }`: a closure made on the main actor and handed
    // to the standard library checks at run time that it runs there).
    var restoring = false
    if let alert = short.goingUp { restoring = withGuaranteed(alert) { $0.state.isSuspended } }
    if let alert = short.suspending { withGuaranteed(alert) { suspend($0) } }
    if let alert = short.goingUp {
      if restoring {
        withGuaranteed(alert) { restore($0) }
      } else if !withGuaranteed(alert, { present($0) }) {
        return false
      }
    }
    scheduleWake(at: short.wakeAt)
    return true
  }

  /// Carries out decisions in order; stops at a refused presentation, after which the domain
  /// must be planned again. Returns whether every decision was carried out.
  private func apply(_ decisions: [PassDecision]) -> Bool {
    // By index: `for decision in decisions` would copy each decision out. The decisions name
    // their alerts unretained (see `PassDecision`): the alerts that stay unfinished are reached
    // with `withGuaranteed`, and one that may end in its call is held for the call.
    for index in decisions.indices {
      switch decisions[index] {
      case .suspend(let alert):
        withGuaranteed(alert) { suspend($0) }
      case .cover(let alert, let coverer):
        withGuaranteed(alert) { alert in
          let coverer = coverer.takeUnretainedValue()
          alert.coveredBy = coverer
          alert.emit(.covered(by: coverer.id))
        }
      case .uncover(let alert):
        withGuaranteed(alert) { $0.coveredBy = nil }
      case .restore(let alert):
        withGuaranteed(alert) { restore($0) }
      case .present(let alert):
        if !withGuaranteed(alert, { present($0) }) { return false }
      case .dismiss(let alert, let outcome):
        let held = alert.takeUnretainedValue()
        held.beginDismissal(outcome)
        withExtendedLifetime(held) {}
      case .end(let alert, let outcome):
        let held = alert.takeUnretainedValue()
        if !held.state.isEnded { held.end(outcome) }
        withExtendedLifetime(held) {}
      }
    }
    return true
  }

  /// Hides a visible alert whose screen left the chain, or that a higher one preempted.
  private func suspend(_ alert: AlertHandle) {
    guard alert.state.isVisible else { return }
    alert.pauseAutoDismiss()
    alert.state = .suspended
    alert.coveredBy = nil
    domain.removeVisible(alert)
    alert.updateQueueMembership()
    alert.emit(.suspended)
    alert.callActivePresenter { $0.hide(alert) }
  }

  /// Brings back a suspended alert.
  private func restore(_ alert: AlertHandle) {
    // Its dispatch was released during this pass (see `ownerReleased()`): it ends soon.
    if alert.isLeaving { return }
    alert.state = .showing
    alert.upStamp = Engine.shared.nextStamp()
    domain.addVisible(alert)
    alert.updateQueueMembership()
    alert.emit(.restored)
    alert.callActivePresenter { $0.restore(alert) }
    alert.startAutoDismiss()
  }

  /// Calls the presenter; returns false when it refused.
  private func present(_ alert: AlertHandle) -> Bool {
    // The alert's dispatch, not retained (the alert holds it).
    guard let owner = alert.ownerReference, !alert.isLeaving else { return true }
    return withGuaranteed(owner) { present(alert, of: $0) }
  }

  private func present(_ alert: AlertHandle, of owner: DispatchNode) -> Bool {
    guard let presenter = alert.presenterOverride ?? owner.nearestPresenter() else {
      refuse(alert, "no presenter for dispatch '\(owner.name)' or its ancestors")
      return false
    }
    alert.state = .presenting
    alert.upStamp = Engine.shared.nextStamp()
    domain.addVisible(alert)
    owner.updateQueueMembership(alert)
    let answer = presenter.present(alert)
    // Kept once the presenter answered: the alert then takes the reference over, where keeping
    // it before the call retained it once more. Nothing reads it meanwhile (every call made
    // from a presenter waits until the pass ends).
    alert.activePresenter = consume presenter
    switch answer {
    case .presented:
      markShown(alert)
      alert.state = .showing
      alert.startAutoDismiss()
    case .presenting:
      markShown(alert)
    case .cannotPresentNow(let reason):
      domain.removeVisible(alert)
      alert.state = .queued
      alert.updateQueueMembership()
      refuse(alert, reason)
      return false
    }
    return true
  }

  @inline(__always)
  private func markShown(_ alert: AlertHandle) {
    alert.hasGoneUp = true
    alert.firstUpStamp = alert.upStamp
    if alert.hasExtras {
      alert.retryAt = nil
      if alert.refusals > 0 { domain.refused[ObjectIdentifier(alert)] = nil }
      alert.refusals = 0
      alert.refusalReason = nil
      alert.expiryTimer?.cancel()
      alert.expiryTimer = nil
    }
    alert.emit(.shown)
    recordFrequencyShow(alert)
  }

  /// Keeps a refused alert queued and schedules a retry with a bounded backoff
  /// (0.1 s, 0.2 s, 0.4 s, … at most 2 s).
  private func refuse(_ alert: AlertHandle, _ reason: String) {
    alert.refusals += 1
    let backoff = min(Duration.milliseconds(100) * (1 << min(alert.refusals - 1, 5)), .seconds(2))
    alert.retryAt = clock.now + backoff
    alert.refusalReason = reason
    domain.refused[ObjectIdentifier(alert)] = alert
    alert.emit(.refused(reason))
  }

  func nearestPresenter() -> (any AlertPresenter)? {
    if let presenter = storedPresenter { return presenter }
    if cachedPresenterGeneration == DispatchNode.treeGeneration {
      // Read through the cached node unretained (see `cachedRoot`).
      guard let owner = cachedPresenterOwner else { return nil }
      return withGuaranteed(owner) { $0.storedPresenter }
    }
    var node = parent
    while let current = node, current.storedPresenter == nil { node = current.parent }
    if let node {
      cachedPresenterOwner = .passUnretained(node)
    } else {
      cachedPresenterOwner = nil
    }
    cachedPresenterGeneration = DispatchNode.treeGeneration
    return node?.storedPresenter
  }

  /// Sets the domain's wake-up to `instant`. Most passes ask for none and had none: that case
  /// is decided inline, without a call, and without the optional's `==`.
  @inline(__always)
  private func scheduleWake(at instant: AlertInstant?) {
    if instant == nil && domain.wakeAt == nil { return }
    changeWake(to: instant)
  }

  private func changeWake(to instant: AlertInstant?) {
    guard domain.wakeAt != instant else { return }
    domain.wakeTimer?.cancel()
    domain.wakeTimer = nil
    domain.wakeAt = instant
    guard let instant else { return }
    // The node is captured strongly, so that it is never weakly referenced: the timer is
    // cancelled when the next pass changes the wake-up or the app releases the dispatch.
    domain.wakeTimer = clock.schedule(at: instant) {
      self.domain.wakeTimer = nil
      self.domain.wakeAt = nil
      Engine.shared.perform { self.requestPass() }
    }
  }
}
