import AlertDispatchKit

/// The explanations of the waiting alerts, checked against the world they describe: `explain`
/// must never name a reason that is not so.
extension StressWorld {
  /// Once every pass has settled, each waiting alert's explanation must hold: an alert it names
  /// as in front is up in the alert's lane, one it says the alert waits behind is itself held
  /// for the reason that holds the line, a pause it names holds the alert, a time it names is
  /// still to come, and no waiting alert is eligible (the pass would have left it behind).
  func checkExplanations() {
    for entry in open {
      let alert = entry.handle
      guard alert.state == .queued || alert.state == .suspended, let dispatch = alert.dispatch,
        dispatch.alert(withID: alert.id) === alert, !dispatch.awaitsDeferredPass
      else { continue }
      let explanation = dispatch.explain(alert.id)
      if let problem = problem(with: explanation, of: alert, in: dispatch) {
        report(
          .explain,
          "alert \(entry.name) is \(alert.state) and explained as '\(explanation)', but \(problem)")
      }
    }
  }

  /// What is not so in `explanation` of `alert`, or `nil`.
  private func problem(
    with explanation: AlertExplanation, of alert: AlertHandle, in dispatch: AlertDispatch
  ) -> String? {
    let lane = alert.request.lane.name
    // The unfinished alerts of the domain, those that gave their id up while leaving included.
    let domain = dispatch.root.subtreeAlerts
    /// The unfinished alerts of the domain with this id in the alert's lane.
    func inLane(_ id: AlertID) -> [AlertHandle] {
      domain.filter { $0.id == id && $0.request.lane.name == lane }
    }
    func onScreen(_ ids: [AlertID]) -> String? {
      if ids.isEmpty { return "it names no alert" }
      for id in ids where !inLane(id).contains(where: { $0.state.isVisible }) {
        return "\(id) is not up in lane '\(lane)'"
      }
      return nil
    }
    func future(_ instant: AlertInstant) -> String? {
      instant > sim.now ? nil : "\(instant) has passed (now \(sim.now))"
    }
    /// Whether an alert with this id waits in the lane for the reason `expected` accepts (two
    /// alerts of a domain may share an id: one replaced while leaving, or one of two joined
    /// domains).
    func ahead(_ id: AlertID, heldFor expected: (AlertExplanation) -> Bool) -> String? {
      let waiting = inLane(id).filter { !$0.state.isVisible }
      if waiting.isEmpty { return "\(id) is not waiting in lane '\(lane)'" }
      let reasons = waiting.map { dispatch.explain(handle: $0) }
      if reasons.contains(where: expected) { return nil }
      return "\(id) is explained as '\(reasons.map(\.description).joined(separator: "', '"))'"
    }
    switch explanation {
    case .eligible:
      return "a settled pass leaves no alert eligible"
    case .outranked(let ids), .waitingForRoom(let ids):
      return onScreen(ids)
    case .waitingForDismissal(let ids):
      if ids.isEmpty { return "it names no alert" }
      for id in ids where !inLane(id).contains(where: { $0.state == .dismissing }) {
        return "\(id) is not being dismissed in lane '\(lane)'"
      }
      return nil
    case .minimumDisplay(let id, let until):
      return onScreen([id]) ?? future(until)
    case .delayed(let until), .gap(let until), .retryingAfterRefusal(let until, _):
      return future(until)
    case .waitingBehind(let id):
      return ahead(id) { if case .retryingAfterRefusal = $0 { true } else { false } }
    case .queuedBehind(let id):
      let couldInterrupt = domain.contains {
        $0.request.lane.name == lane && $0.state.isVisible && $0.state != .dismissing
          && $0.request.interruption != .never
          && $0.request.priority.rawValue < alert.request.priority.rawValue
      }
      if !couldInterrupt { return "it could interrupt no alert in front" }
      return ahead(id) { if case .waitingForRoom = $0 { true } else { false } }
    case .behind(let id):
      return ahead(id) {
        switch $0 {
        case .minimumDisplay, .waitingForDismissal, .behind: true
        default: false
        }
      }
    case .ownerHidden(let name):
      var current: AlertDispatch? = dispatch
      while let node = current {
        if node.name == name && !node.isVisible { return nil }
        current = node.parent
      }
      return "no hidden dispatch '\(name)' holds it"
    case .paused(let name):
      return holdingPause(named: name, scope: .all, of: alert)
        ? nil : "no pause of '\(name)' holds it"
    case .scopePaused(let scope, let name):
      return holdingPause(named: name, scope: scope, of: alert)
        ? nil : "no \(scope) pause of '\(name)' holds it"
    case .offstage(let name):
      return dispatch.name == name && dispatch.isVisible
        ? nil : "'\(name)' is not its visible dispatch"
    case .waitingForDependencies(let ids):
      for id in ids where dispatch.alert(withID: id) == nil { return "\(id) is not unfinished" }
      return nil
    default:
      return nil
    }
  }

  /// Whether a pause of `scope` taken on the dispatch named `name`, the alert's own or one above
  /// it, is held.
  private func holdingPause(named name: String, scope: AlertPauseScope, of alert: AlertHandle)
    -> Bool
  {
    var current = alert.dispatch
    while let dispatch = current {
      if dispatch.name == name,
        dispatch.pauses.contains(where: { $0.scope == scope && !$0.isReleased })
      {
        return true
      }
      current = dispatch.parent
    }
    return false
  }
}
