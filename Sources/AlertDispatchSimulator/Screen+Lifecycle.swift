extension Screen {
  func willAppear() {
    appearance = .appearing
    simulator.transcript.record("viewWillAppear @\(name)")
  }

  func didAppear(inForeground: Bool) {
    appearance = .appeared
    simulator.transcript.record("viewDidAppear @\(name)")
    if inForeground { dispatch.appear() }
  }

  func willDisappear() {
    appearance = .disappearing
    simulator.transcript.record("viewWillDisappear @\(name)")
    if dispatch.isVisible { dispatch.disappear() }
  }

  func didDisappear() {
    appearance = .disappeared
    simulator.transcript.record("viewDidDisappear @\(name)")
  }
}
