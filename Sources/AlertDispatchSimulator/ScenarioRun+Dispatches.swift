import AlertDispatchKit
import AlertDispatchScenarioFormat

extension ScenarioRun {
  /// Makes a bare dispatch (`dispatch`) on the simulator's clock, with the scripted presenter
  /// or the simulator's, under its parent; as a root it writes the ends of its domain's alerts
  /// to the transcript, as the simulator's dispatches do.
  func makeDispatch(_ name: String, parent: String?, isVisible: Bool) {
    let presenter: any AlertPresenter = scripted ?? sim.presenter
    let made = AlertDispatch(
      name: name, isVisible: isVisible, clock: sim.clock, presenter: presenter)
    if let settings = sim.settings { made.settings = settings }
    let transcript = sim.transcript
    // With a scripted presenter, only the recorded domain's ends are written (see
    // `ScriptedPresenter`).
    let writesEnds = scripted == nil || bareOrder.isEmpty
    if bareOrder.isEmpty, let scripted {
      scripted.recordedRoot = made
      // `after-timers N` counts the recorded domain's timers, as its recording did.
      made.inputHook = { [weak self] input, _ in
        if case .timerFired = input { self?.recordedTimers += 1 }
      }
    }
    made.observe { [weak made, transcript] event in
      guard writesEnds, let made, made.parent == nil, case .ended(let outcome) = event.kind,
        let id = event.alertID
      else { return }
      transcript.record(
        ScenarioTranscriptLine.end(alert: "\(id)", outcome: "\(outcome)").description)
    }
    bareDispatches[name] = made
    bareOrder.append(made)
    observe(made)
    if let parent { setParent(name, parent) }
  }

  /// Carries out an action on the tree of bare dispatches.
  func performOnTree(_ action: ScenarioAction) {
    switch action {
    case .setParent(let name, let parent): setParent(name, parent)
    case .activeChild(let name, let child):
      dispatch(name).activeChild = child.map(dispatch)
    case .setProvider(let name, let child):
      providerAnswers[name] = child
      dispatch(name).activeChildProvider = { [weak self] in
        guard let self, let answer = self.providerAnswers[name], let answer else { return nil }
        return self.dispatch(answer)
      }
    case .removeProvider(let name):
      dispatch(name).activeChildProvider = nil
    case .provider(let name, let child):
      providerAnswers[name] = child
    case .appear(let name): dispatch(name).appear()
    case .disappear(let name): dispatch(name).disappear()
    case .arbitrate(let name): dispatch(name).setNeedsArbitration()
    default: break
    }
  }

  private func setParent(_ name: String, _ parent: String?) {
    do {
      try dispatch(name).setParent(parent.map(dispatch))
    } catch {
      sim.transcript.record("ignored set-parent \(name) \(parent ?? "none"): \(error)")
      stamp()
    }
  }
}
