import AlertDispatchKit
import AlertDispatchScenarioFormat
import AlertDispatchSimulator

extension StressWorld {
  /// Takes a pause of `scope` on `dispatch`, kept under `token`, as `ScenarioRun` does.
  func pause(_ dispatch: AlertDispatch, _ scope: ScenarioPauseScope, as token: String) {
    let taken: AlertPauseToken
    switch scope {
    case .all: taken = dispatch.pause()
    case .lane(let name): taken = dispatch.pause(lane: StressTables.writableLane(named: name))
    case .category(let category): taken = dispatch.pause(category: category)
    }
    pauses[token] = TakenPause(token: taken, dispatch: dispatch)
  }

  /// The waiting alerts that a pause holds back, each with the pauses that hold it, as the
  /// world reads the pauses it took: one of its own dispatch or of a dispatch above it, whose
  /// scope takes the alert, that is not released, unless the alert ignores pauses.
  func alertsHeldByPauses() -> [ObjectIdentifier: [ObjectIdentifier]] {
    let held = pauses.values.filter { !$0.token.isReleased }
    guard !held.isEmpty else { return [:] }
    var result: [ObjectIdentifier: [ObjectIdentifier]] = [:]
    for entry in open {
      let alert = entry.handle
      guard alert.state == .queued || alert.state == .suspended else { continue }
      let holding = pauses(holding: alert, among: held)
      if !holding.isEmpty { result[ObjectIdentifier(alert)] = holding }
    }
    return result
  }

  /// After a step: an alert that a pause held back when the step began, and that the same pause
  /// still holds, did not go up (a paused lane, category or dispatch shows nothing new).
  func checkPauses(heldBefore: [ObjectIdentifier: [ObjectIdentifier]]) {
    guard !heldBefore.isEmpty else { return }
    pauseHolds += heldBefore.count
    let held = pauses.values.filter { !$0.token.isReleased }
    for entry in open {
      let alert = entry.handle
      guard alert.state == .presenting || alert.state == .showing,
        let before = heldBefore[ObjectIdentifier(alert)]
      else { continue }
      let still = pauses(holding: alert, among: held).filter(before.contains)
      guard !still.isEmpty else { continue }
      let names = pauses.filter { still.contains(ObjectIdentifier($0.value.token)) }.keys.sorted()
      report(
        .pause, "alert \(entry.name) went up while pause \(names.joined(separator: ", ")) held it")
    }
  }

  /// The pauses among `held` that hold `alert` back.
  private func pauses(holding alert: AlertHandle, among held: [TakenPause])
    -> [ObjectIdentifier]
  {
    let request = alert.request
    guard !request.ignoresPause else { return [] }
    var line: Set<ObjectIdentifier> = []
    var dispatch = alert.dispatch
    while let current = dispatch {
      line.insert(ObjectIdentifier(current))
      dispatch = current.parent
    }
    return held.filter { taken in
      guard let paused = taken.dispatch, line.contains(ObjectIdentifier(paused)) else {
        return false
      }
      switch taken.token.scope {
      case .all: return true
      case .lane(let lane): return request.lane.name == lane
      case .category(let category): return request.category == category
      }
    }.map { ObjectIdentifier($0.token) }
  }
}
