import AlertDispatchKit

/// The reference model beside the real dispatches: it is told every add and the events of the
/// world's roots, judges every pass they run, and each disagreement is a violation of kind
/// `model`, shrunk and emitted like the others.
extension StressWorld {
  /// Gives the model the world's clock and frequency policy.
  func installModel() {
    model.elapsed = { [weak self] in self?.now ?? .zero }
    model.runPolicy = policy
  }

  /// Feeds the model the events of `dispatch` while it is a root, and has every pass it runs as
  /// a root judged by the model: only this world's dispatches are, whatever else runs at once.
  func observeForModel(_ dispatch: AlertDispatch) {
    dispatch.passObserver = { [weak self] root in
      guard let self else { return }
      for problem in model.judgePass(of: root, at: sim.clock.now) {
        report(.model, "\(root.name): \(problem)")
      }
    }
    dispatch.observe { [weak self, weak dispatch] event in
      guard let self, let dispatch, dispatch.parent == nil else { return }
      model.note(event, root: dispatch)
    }
  }

  /// Once the clock has moved on, has the model judge every root of the world that no pass
  /// is deferred on: the timers due have fired, so each domain must be settled.
  func judgeQuietRoots(after step: StressStep) {
    guard case .advance = step else { return }
    for root in checkedRoots where root.parent == nil && !root.isClosed {
      guard !root.awaitsDeferredPass else { continue }
      for problem in model.judgeQuiet(of: root, at: sim.clock.now) {
        report(.model, "\(root.name), at rest: \(problem)")
      }
    }
  }

  /// Tells the model that a step may change the shape of a domain (a gap it knows may then
  /// belong to another domain).
  func noteReshaping(_ step: StressStep) {
    switch step {
    case .link, .close, .setParent, .release: model.reshaped()
    default: break
    }
  }

  /// The unfinished alert with `id` in the domain of `dispatch` that is not leaving the screen:
  /// the one a newcomer with that id is a duplicate of, or replaces.
  func stayingAlert(withID id: AlertID, in dispatch: AlertDispatch) -> AlertHandle? {
    guard !dispatch.isClosed else { return nil }
    return dispatch.root.subtreeAlerts.first { alert in
      alert.id == id && alert.state != .dismissing && !alert.state.isEnded
    }
  }

  /// Dedup, as the model sees it: a newcomer whose id a staying alert of its domain has ends as
  /// a duplicate of it, or replaces it; one whose id none has is neither.
  func checkDuplicates(
    of name: String, _ handle: AlertHandle, against staying: AlertHandle?,
    in dispatch: AlertDispatch
  ) {
    let outcome = handle.endedOutcome
    switch outcome {
    case .cancelled(.invalidRequest), .cancelled(.ownerClosed), .cancelled(.dependencyCycle):
      return
    default: break
    }
    let isDuplicate: Bool
    if case .cancelled(.duplicate) = outcome { isDuplicate = true } else { isDuplicate = false }
    guard let staying else {
      if isDuplicate {
        report(.model, "alert \(name) ended as a duplicate, but no staying alert has its id")
      }
      return
    }
    switch handle.request.duplicates {
    case .keepExisting where !isDuplicate:
      report(.model, "alert \(name) is \(handle.state), but \(staying.id) keeps its id")
    case .replaceExisting where isDuplicate:
      report(.model, "alert \(name) ended as a duplicate, but replaces \(staying.id)")
    case .replaceExisting
    where staying !== handle && !staying.state.isEnded && staying.state != .dismissing:
      report(.model, "alert \(name) replaces \(staying.id), which is still \(staying.state)")
    default: break
    }
  }
}
