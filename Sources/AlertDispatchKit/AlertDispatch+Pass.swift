extension DispatchNode {
  /// How many passes every root of the process has run (the stress tool reports it).
  @exclusivity(unchecked)
  static var passCount = 0

  /// Runs one pass at this root: plan, carry the plan out, and again until nothing changes.
  func runPass() {
    // A released node's domain is gone: its children run passes of their own.
    guard !isReleased else { return }
    guard parent == nil else { return root.requestPass() }
    DispatchNode.passCount += 1
    // The chain is asked for once per pass: providers and visibility cannot change during one,
    // since every call made from a presenter waits until the pass ends.
    var buffer: [ActiveChain.Link] = []
    swap(&buffer, &domain.linkBuffer)
    var chain = ActiveChain(
      root: self, reusing: &buffer, cachedAs: &domain.chainKey, stamp: &domain.chainStamp)
    defer { domain.linkBuffer = chain.recycled() }
    if DispatchNode.checksInvariants && chain.isReused { checkReused(chain) }
    var settled = false
    for _ in 0..<10_000 {
      let (plan, snapshot) = planPass(over: chain, at: clock.now)
      // A plan simulates its own decisions (the alerts it puts up fill the lane for the next
      // candidates), so when every decision was carried out as planned, planning again would
      // decide nothing: the pass ends without that confirming plan.
      if plan.decisions.isEmpty || (apply(plan.decisions, snapshot) && plan.isFinal) {
        scheduleWake(at: plan.wakeAt)
        settled = true
        break
      }
    }
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

  /// Carries out decisions in order, on the alerts of the plan's snapshot; stops at a refused
  /// presentation, after which the domain must be planned again. Returns whether every
  /// decision was carried out.
  private func apply(_ decisions: [PassDecision], _ snapshot: Snapshot) -> Bool {
    func alert(_ ref: AlertRef) -> AlertHandle { snapshot.alert(ref) }
    for decision in decisions {
      switch decision {
      case .suspend(let ref):
        suspend(alert(ref))
      case .cover(let ref, let coverer):
        let covered = alert(ref)
        let coverer = alert(coverer)
        covered.coveredBy = coverer
        covered.emit(.covered(by: coverer.id))
      case .uncover(let ref):
        alert(ref).coveredBy = nil
      case .restore(let ref):
        restore(alert(ref))
      case .present(let ref):
        if !present(alert(ref)) { return false }
      case .dismiss(let ref, let outcome):
        alert(ref).beginDismissal(outcome)
      case .end(let ref, let outcome):
        let ended = alert(ref)
        if !ended.state.isEnded { ended.end(outcome) }
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
