extension DispatchNode {
  /// How many passes every root of the process has run (the stress tool reports it).
  static var passCount = 0
  /// Runs one pass at this root: plan, carry the plan out, and again until nothing changes.
  func runPass() {
    // A released node's domain is gone: its children run passes of their own.
    guard !isReleased else { return }
    guard parent == nil else { return root.requestPass() }
    DispatchNode.passCount += 1
    // The chain is asked for once per pass: providers and visibility cannot change during one,
    // since every call made from a presenter waits until the pass ends.
    let chain = ActiveChain(root: self)
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
    // The invariants the pass left broken, when the checks are on (see `checkPassInvariants()`).
    if checksInvariantsHere { invariantViolations += checkPassInvariants() }
    if let passObserver, let facade {
      Engine.shared.carryOut(.tellPassObserver(facade, observer: passObserver), for: self)
    }
    report(.passSettled(isQuiet: Engine.shared.isQuiet))
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
      case .suspendBeneath(let ref, let coverer):
        let covered = alert(ref)
        suspend(covered)
        alert(coverer).holdBeneath(covered)
      case .cover(let ref, let coverer):
        let covered = alert(ref)
        let coverer = alert(coverer)
        // Restored beneath its coverer while its dispatch was being released: it ends soon.
        guard covered.state.isVisible else { break }
        covered.cover(by: coverer)
        covered.emit(.covered(by: coverer.id))
      case .uncover(let ref):
        alert(ref).uncover()
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
    let now = clock.now
    guard alert.moveIfAble({ $0.suspend(at: now) }) else { return }
    alert.uncover()
    domain.removeVisible(alert)
    alert.updateQueueMembership()
    alert.emit(.suspended)
    if let presenter = alert.activePresenter {
      Engine.shared.carryOut(.hide(alert, by: presenter), for: self)
    }
    // A take-down that waited for the minimum display time is carried out now: nothing of the
    // alert is left on screen to keep up.
    alert.closeHeld()
  }

  /// Brings back a suspended alert.
  private func restore(_ alert: AlertHandle) {
    // Its dispatch was released during this pass (see `ownerReleased()`): it ends soon.
    if alert.isLeaving { return }
    guard alert.moveIfAble({ $0.restore() }) else { return }
    alert.forgetRestoredBeneath()
    alert.stampUp()
    domain.addVisible(alert)
    alert.updateQueueMembership()
    alert.emit(.restored)
    if let presenter = alert.activePresenter {
      Engine.shared.carryOut(.restore(alert, by: presenter), for: self)
    }
    alert.startMinimumDisplay()
    alert.startAutoDismiss()
  }

  /// Calls the presenter; returns false when it refused.
  private func present(_ alert: AlertHandle) -> Bool {
    guard let owner = alert.owner, !alert.isLeaving else { return true }
    guard let presenter = alert.presenterOverride ?? owner.nearestPresenter() else {
      let reason = "no presenter for dispatch '\(owner.name)' or its ancestors"
      // Heard as a presenter's refusal: a replay's presenter answers the same.
      report(.presented(alert, .cannotPresentNow(reason)))
      refuse(alert, reason, after: alert.life.refusals)
      return false
    }
    let earlier = alert.life.refusals
    let countdowns = Countdowns(alert.request.timing)
    guard alert.moveIfAble({ $0.present(countdowns) }) else { return true }
    alert.startMinimumDisplay()
    alert.stampUp()
    domain.addVisible(alert)
    owner.updateQueueMembership(alert)
    let answer = Engine.shared.present(alert, by: presenter, for: self)
    alert.presented(by: presenter)
    switch answer {
    case .presented:
      markShown(alert, after: earlier)
      alert.move("finishPresenting") { $0.finishPresenting() }
      alert.startAutoDismiss()
    case .presenting:
      markShown(alert, after: earlier)
    case .cannotPresentNow(let reason):
      domain.removeVisible(alert)
      refuse(alert, reason, after: earlier)
      return false
    }
    return true
  }

  /// Records that the presenter put up an alert it had refused `earlier.count` times.
  private func markShown(_ alert: AlertHandle, after earlier: Refusals) {
    alert.markShown()
    if alert.request.showNowOrDrop { domain.forgetShowNow(alert) }
    if earlier.count > 0 { domain.refused[ObjectIdentifier(alert)] = nil }
    alert.emit(.shown)
    recordFrequencyShow(alert)
  }

  /// Keeps a refused alert queued, refused `earlier.count` times before this one, and schedules
  /// a retry with a bounded backoff (see ``Refusals/adding(_:at:)``).
  private func refuse(_ alert: AlertHandle, _ reason: String, after earlier: Refusals) {
    let now = clock.now
    alert.move("refuse") { $0.refuse(earlier.adding(reason, at: now)) }
    alert.updateQueueMembership()
    domain.refused[ObjectIdentifier(alert)] = alert
    alert.emit(.refused(reason))
  }

  /// The presenter of this dispatch, or of its nearest ancestor that has one.
  func nearestPresenter() -> (any AlertPresenter)? {
    var node: DispatchNode? = self
    while let current = node {
      if let presenter = current.presenter { return presenter }
      node = current.parent
    }
    return nil
  }

  /// Sets the domain's wake-up to `instant`.
  private func scheduleWake(at instant: AlertInstant?) {
    guard domain.wakeAt != instant else { return }
    Engine.shared.cancel(domain.wakeTimer)
    domain.wakeTimer = nil
    domain.wakeAt = instant
    guard let instant else { return }
    // The timer holds the node until the next pass changes the wake-up or the app releases
    // the dispatch, which cancel it.
    domain.wakeTimer = Engine.shared.schedule(at: instant, on: clock, for: self) {
      // A wake-up that waited in line behind a pass that set another one leaves that one be.
      if self.domain.wakeAt == instant {
        self.domain.wakeTimer = nil
        self.domain.wakeAt = nil
      }
      self.requestPass()
    }
  }
}
