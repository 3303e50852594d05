import AlertDispatchKit
import AlertDispatchSimulator

extension StressWorld {
  func report(_ kind: StressViolation.Kind, _ message: String) {
    violations.append(StressViolation(kind: kind, message: message, step: stepIndex))
  }

  /// The checks after every operation: the invariants recorded after each pass (over what the
  /// pass touched), exactly-once delivery, and agreement with what the presenter shows; and,
  /// every ``StressRunner/fullCheckInterval`` operations and whenever `full` is set, a fresh
  /// brute-force check of every domain and the explanations of the waiting alerts.
  ///
  /// A domain whose root waits for a pass that coalesced scheduling deferred to the end of the
  /// turn is unsettled until it runs (a screen popped meanwhile still shows its alert), so its
  /// fresh invariant check, its presenter check and its explanations wait for the end of the
  /// turn; exactly-once delivery and the invariants recorded after each pass that ran are
  /// checked after every operation all the same.
  func checkAfterStep(full: Bool = false) {
    let full = full || (stepIndex + 1) % max(StressRunner.fullCheckInterval, 1) == 0
    checkDomains(full: full)
    checkDeliveries()
    checkPresenter()
    checkShowNowWaits()
    if full {
      checkExplanations()
      checkWaitingLimits()
    }
  }

  private func checkDomains(full: Bool) {
    var seen: Set<ObjectIdentifier> = []
    for dispatch in checkedRoots {
      let root = dispatch.root
      guard seen.insert(ObjectIdentifier(root)).inserted else { continue }
      if !root.invariantViolations.isEmpty {
        for violation in root.invariantViolations {
          report(.invariant, "\(root.name): \(violation)")
        }
        root.invariantViolations = []
      }
      guard full, !root.awaitsDeferredPass else { continue }
      for violation in root.checkInvariants() { report(.invariant, "\(root.name): \(violation)") }
    }
    // A closed dispatch has no parent, no children and no unfinished alerts, and cannot get
    // any: once checked, it needs no more checks.
    checkedRoots.removeAll { $0.isClosed }
  }

  private func checkDeliveries() {
    var problems: [String] = []
    open.removeAll { entry in
      let state = entry.handle.state
      guard case .ended(let outcome) = state else {
        if let delivered = entry.delivered {
          problems.append("alert \(entry.name) delivered \(delivered) but is \(state)")
          return true
        }
        return false
      }
      if entry.deliveries == 0 {
        problems.append("alert \(entry.name) is \(state) but its completion was not called")
      } else if entry.delivered != outcome {
        problems.append(
          "alert \(entry.name) is \(state) but its completion got \(entry.delivered.map { "\($0)" } ?? "nothing")"
        )
      }
      return true
    }
    for problem in problems { report(.exactlyOnce, problem) }
  }

  private func checkPresenter() {
    var seen: Set<ObjectIdentifier> = []
    for alert in sim.presenter.onScreen {
      let key = ObjectIdentifier(alert)
      guard seen.insert(key).inserted else {
        report(.presenter, "alert \(alert.id) is on the presenter's screen twice")
        continue
      }
      if alert.dispatch?.awaitsDeferredPass == true { continue }
      switch alert.state {
      // The recording presenter drops ended alerts lazily (a tapped alert it was asked to
      // restore while it animated out); it never reports them on screen.
      case .presenting, .showing, .ended: continue
      default:
        if dismissedByApp.contains(key) { continue }
        report(.presenter, "alert \(alert.id) is on the presenter's screen but \(alert.state)")
      }
    }
  }

  /// After every dispatch of a launch closed: each of its alerts ended, and its completion ran
  /// exactly once with the outcome.
  func verifyLaunchEnded() {
    checkAfterStep(full: true)
    for entry in tracked where entry.launch == launch {
      if !entry.handle.state.isEnded {
        report(.unended, "alert \(entry.name) is \(entry.handle.state) after its dispatch closed")
      } else if entry.deliveries != 1 {
        report(.exactlyOnce, "alert \(entry.name) ended \(entry.deliveries) times")
      }
    }
  }

  /// Ends the episode as an app would end: time runs on until animations and timeouts are
  /// over, every dispatch closes, and then every alert must have ended exactly once.
  ///
  /// The turn ends after time ran on, and after each round of closing: the checks at the end
  /// see every domain settled. The passes that taking the screens off the windows defers wait
  /// until the runner has let go of the world (``StressRunner/run(_:)``), so that those roots
  /// are freed by the deferred passes themselves.
  func finish() {
    stepIndex = episode.operations.count
    sim.presenter.refusal = nil
    sim.advance(by: .seconds(60))
    AlertDispatch.runDeferredPasses()
    checkAfterStep(full: true)
    closedAtEnd =
      created.reversed().filter { !$0.isClosed }.map(\.name)
      + sim.windows.filter { !$0.dispatch.isClosed }.map(\.name)
      + StressTables.rawNames.filter { raws[$0].map { !$0.isClosed } ?? false }
    closeLaunch()
    verifyLaunchEnded()
    dismantle()
  }

  /// Whether `dispatch`'s domain has unfinished alerts with `id`, every one of them being
  /// dismissed: a newcomer with the id is then no duplicate.
  func hasOnlyLeavingAlerts(withID id: AlertID, in dispatch: AlertDispatch) -> Bool {
    let root = dispatch.root
    let same = open.map(\.handle).filter {
      $0.id == id && !$0.state.isEnded && $0.dispatch?.root === root
    }
    return !same.isEmpty && same.allSatisfy { $0.state == .dismissing }
  }

  /// An alert preempted with policy cancel names its preempter (rule 5): one that does not
  /// interrupt never is (every alert declared with that id waits for room), nor one that is not
  /// strictly higher, however it was placed in line (every alert declared with that id is of
  /// its victim's priority or below: one placed next only goes ahead of those that wait).
  func checkPreempter(of name: String, _ outcome: AlertOutcome) {
    guard case .cancelled(.preempted(let id)) = outcome else { return }
    let declared = record.alerts.filter { $0.id == id.rawValue }
    if !declared.isEmpty && declared.allSatisfy({ $0.request.preemption == .wait }) {
      report(.policy, "alert \(name) was preempted by \(id), which does not interrupt")
    }
    guard let index = alertIndex[name] else { return }
    let priority = record.alerts[index].request.priority
    if !declared.isEmpty && declared.allSatisfy({ $0.request.priority <= priority }) {
      report(.policy, "alert \(name) was preempted by \(id), which is not of a higher priority")
    }
  }

  /// An alert that ends as owner left asked for it (``OffstagePolicy/end``) and was up.
  func checkOwnerLeftEnd(of name: String, _ alert: AlertHandle, _ outcome: AlertOutcome) {
    guard outcome == .cancelled(.ownerLeft) else { return }
    endedOffstage += 1
    if alert.request.offstage != .end {
      report(.policy, "alert \(name) ended as owner left, but its offstage policy is suspend")
    } else if !alert.hasBeenShown {
      report(.policy, "alert \(name) ended as owner left, but it never went up")
    }
  }

  /// An alert that ends as not shown at once never went up.
  func checkShowNowEnd(of name: String, _ alert: AlertHandle, _ outcome: AlertOutcome) {
    if outcome == .cancelled(.notShownAtOnce) && alert.hasBeenShown {
      report(.policy, "alert \(name) went up, and ended as not shown at once")
    }
  }

  /// Once the passes have settled, an alert that shows now or drops, ready and not yet up,
  /// waits for nothing but the alerts leaving its lane: the pass after its add put it up or
  /// ended it, but for those.
  private func checkShowNowWaits() {
    for entry in open where entry.handle.request.showNowOrDrop {
      let alert = entry.handle
      guard alert.state == .queued, !alert.hasBeenShown, let dispatch = alert.dispatch,
        !dispatch.awaitsDeferredPass, dispatch.alert(withID: alert.id) === alert
      else { continue }
      let explanation = dispatch.explain(alert.id)
      if case .waitingForDismissal = explanation { continue }
      // `explain` names a cap before the lane: a capped alert behind alerts that are leaving
      // says so, and ends as capped once they are gone.
      if case .capped = explanation { continue }
      report(
        .policy,
        "alert \(entry.name) shows now or drops, and still waits after its pass: '\(explanation)'"
      )
    }
  }
}
