extension AlertHandle {
  private func diagnose(_ message: String) {
    if let dispatch = owner ?? formerDispatch?.node {
      dispatch.diagnose(message, alert: self)
    } else {
      let event = AlertEvent(
        time: .zero, kind: .diagnostic(message), alertID: id, dispatch: "released")
      Engine.shared.carryOut(.diagnoseUnheard(event), for: nil)
    }
  }

  /// Emits an event about this alert from its dispatch, to the observers of the dispatch and its
  /// ancestors; not for diagnostics, which always reach the diagnostic handler (`diagnose`).
  func emit(_ kind: AlertEvent.Kind) {
    owner?.emit(kind, alert: self)
  }

  func applyMarkReady(content: AlertContent?) {
    let call = content == nil ? "markReady()" : "markReady(content:)"
    if case .ended(let outcome) = state {
      return diagnose("\(call) on alert '\(id)' that already ended (\(outcome)); ignored")
    }
    if let content {
      if hasGoneUp {
        diagnose(
          "\(call) on alert '\(id)' that is \(state), already up; its content is not changed")
      } else {
        readyContent = ReadyContent(content)
      }
    }
    guard moveIfAble({ $0.markReady() }) else { return }
    stopReadinessDeadline()
    emit(.ready)
    updateQueueMembership()
    owner?.requestPass()
  }

  func applyDismiss(_ result: AlertResult) {
    switch state {
    case .presenting, .showing, .suspended:
      end(.dismissed(result))
    case .dismissing:
      end(life.dismissalOutcome ?? .dismissed(result))
    case .pending, .queued:
      diagnose(
        "didDismiss(result:) on alert '\(id)' that is \(state), not on screen; ignored (use cancel() to withdraw it)"
      )
    case .ended(let outcome):
      if !moveIfAble({ $0.absorbDismiss() }) {
        diagnose("didDismiss(result:) on alert '\(id)' that already ended (\(outcome)); ignored")
      }
    }
  }

  /// `cancel()` and `close(result:)`: the framework closes the alert with `outcome`.
  func applyClose(_ outcome: AlertOutcome, by call: String) {
    if case .ended(let ended) = state {
      diagnose("\(call) on alert '\(id)' that already ended (\(ended)); ignored")
    } else if state == .dismissing {
      diagnose("\(call) on alert '\(id)' that is already being dismissed; ignored")
    } else if case .dismissed = outcome, !hasGoneUp {
      diagnose("\(call) on alert '\(id)' that is \(state), not on screen; ignored (use cancel())")
    } else if let held = life.countdowns?.heldClose {
      diagnose(
        "\(call) on alert '\(id)' that already closes as \(held) once its minimum display time ends; ignored"
      )
    } else {
      closeAfterMinimumDisplay(outcome)
    }
  }

  func applyDidFinishPresenting() {
    guard moveIfAble({ $0.finishPresenting() }) else {
      return diagnose("didFinishPresenting() on alert '\(id)' that is \(state); ignored")
    }
    startAutoDismiss()
  }

  /// Asks the alert's presenter, if it has one, to take it down.
  private func askPresenterToDismiss() {
    guard let presenter = activePresenter else { return }
    Engine.shared.carryOut(.dismiss(self, by: presenter), for: owner)
  }

  /// Ends the alert by the framework's decision: at once when it is not on screen, otherwise by
  /// asking the presenter to dismiss it (and, unless `waitForPresenter` is false, waiting).
  func close(with outcome: AlertOutcome, waitForPresenter: Bool = true) {
    switch state {
    case .pending, .queued:
      end(outcome)
    case .suspended:
      askPresenterToDismiss()
      end(outcome, presenterAsked: true)
    case .presenting, .showing:
      if waitForPresenter {
        beginDismissal(outcome)
      } else {
        askPresenterToDismiss()
        end(outcome, presenterAsked: true)
      }
    case .dismissing:
      if !waitForPresenter { end(life.dismissalOutcome ?? outcome) }
    case .ended:
      break
    }
  }

  /// Asks the presenter to close a visible alert; the alert keeps its place until it is gone.
  func beginDismissal(_ outcome: AlertOutcome) {
    guard let dispatch = owner else { return end(outcome) }
    // Whatever waited for the minimum display time, the alert now leaves with this outcome: the
    // countdowns end with the stage that held them.
    guard moveIfAble({ $0.beginDismissal(outcome) }) else { return }
    dispatch.updateQueueMembership(self)
    dispatch.emit(.dismissing(outcome), alert: self)
    let root = dispatch.root
    let deadline = Engine.shared.schedule(
      at: root.clock.now + root.dismissalTimeout, on: root.clock, for: dispatch
    ) {
      [weak self] in
      guard let self, state == .dismissing else { return }
      diagnose(
        "presenter did not report alert '\(id)' dismissed within \(AlertInstant.format(root.dismissalTimeout)); ended anyway"
      )
      end(life.dismissalOutcome ?? outcome)
    }
    move("setDismissalDeadline") { $0.setDismissalDeadline(deadline) }
    askPresenterToDismiss()
  }

  /// Ends the alert: unindexes it, frees its lane, unblocks its dependents and reports the
  /// outcome once.
  func end(_ outcome: AlertOutcome, presenterAsked: Bool = false) {
    let wasVisible = state.isVisible
    let wasRegistered = life.isRegistered
    let wasRefused = life.refusals.count > 0
    guard moveIfAble({ $0.end(outcome, presenterAsked: presenterAsked) }) else {
      owner?.root.invariantViolations.append("alert '\(id)' ended twice")
      return
    }
    leaveScheduling(outcome)
    if let dispatch = owner {
      dispatch.updateQueueMembership(self)
      let root = dispatch.root
      let domain = root.domain
      if wasVisible {
        domain.removeVisible(self)
        domain.noteEnd(of: self, at: root.clock.now)
      }
      if wasRefused { domain.refused[ObjectIdentifier(self)] = nil }
      if wasRegistered { unindex(from: domain) }
      dispatch.rememberEnd(of: self)
      dispatch.alerts.remove(self)
      dispatch.emit(.ended(outcome), alert: self)
      root.emitDrainedIfEmpty()
      Engine.shared.markDirty(root)
      formerDispatch = dispatch.facade
      // An ended alert lets go of its dispatch: a presenter that still holds the alert, and
      // that the dispatch holds, would otherwise keep both alive.
      owner = nil
    }
    deliver(outcome)
  }

  /// Whether the alert's dispatch, or one above it, was released during the running pass: the
  /// alert ends as owner closed once the pass is over, and is not put on screen meanwhile.
  var isLeaving: Bool { owner?.isLeaving ?? false }

  /// Puts the alert in its dispatch's lane line, or takes it out, as its state says.
  func updateQueueMembership() {
    owner?.updateQueueMembership(self)
  }

  /// Whether the alert, animating out, gave its id to an alert added with it: one that replaced
  /// it, or one that came while it was leaving (a duplicate of a leaving alert is no duplicate).
  /// The id is the newcomer's. One being dismissed when it gave the id up keeps the outcome it
  /// was dismissed with.
  var hasGivenUpID: Bool { life.isReplaced }

  /// When a queued alert that a presenter refused may be tried again.
  var retryAt: AlertInstant? { life.refusals.retryAt }

  /// Whether the presenter has been called for the alert, which has not ended.
  var hasGoneUp: Bool { life.hasGoneUp }

  /// Whether the alert belongs in its dispatch's lane line: queued and not blocked, or
  /// suspended.
  var waitsInLine: Bool {
    switch life {
    case .queued: blockedBy.isEmpty
    case .suspended: true
    case .added, .pending, .presenting, .showing, .dismissing, .ended: false
    }
  }

  private func unindex(from domain: Domain) {
    if request.showNowOrDrop { domain.forgetShowNow(self) }
    for dependency in request.dependencies {
      domain.removeWaiter(self, for: dependency)
    }
    // The id may belong to an alert that replaced this one: then its waiters wait for that one.
    guard let waiters = domain.release(self) else { return }
    for waiter in waiters where !waiter.hasGoneUp {
      waiter.unblock(from: id)
      waiter.updateQueueMembership()
    }
  }

  private func deliver(_ outcome: AlertOutcome) {
    let handlers = completions
    completions = []
    let continuations = waiters
    waiters = []
    Engine.shared.carryOut(.deliver(outcome, handlers: handlers, waiters: continuations), for: nil)
  }

  /// Starts (or resumes) the auto-dismiss countdown with the time that is left.
  func startAutoDismiss() {
    guard let dispatch = owner else { return }
    let clock = dispatch.root.clock
    updateCountdowns { countdowns in
      countdowns.startAutoDismiss(at: clock.now) { end in
        Engine.shared.schedule(at: end, on: clock, for: dispatch) { [weak self] in
          guard let self, state == .showing || state == .presenting else { return }
          updateCountdowns { $0.finishAutoDismiss() }
          closeAfterMinimumDisplay(.dismissed(.autoDismissed))
        }
      }
    }
  }
}
