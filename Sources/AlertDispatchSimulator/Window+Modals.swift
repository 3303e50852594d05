extension Window {
  /// The root screen and the modals, bottom first.
  var layers: [Screen] {
    (rootScreen.map { [$0] } ?? []) + presentedScreens
  }

  func present(_ modal: Screen, from screen: Screen, style: ModalStyle, animated: Bool) {
    let action = "present \(modal.name)"
    let top = layers.last
    if let problem = transitionProblem ?? modal.placementProblem(in: simulator) {
      return simulator.ignore(action, at: screen.name, problem)
    }
    if let top, screen.layerRoot !== top {
      return simulator.ignore(action, at: screen.name, "\(top.name) is presented over it")
    }
    if screen.appearance != .appeared {
      return simulator.ignore(action, at: screen.name, "\(screen.name) is not on screen")
    }
    let before = screensOnDisplay()
    adopt(modal)
    modal.modalStyle = style
    modal.hostWindow = self
    presentedScreens.append(modal)
    transition(from: before, removing: [], animated: animated, in: self)
  }

  func dismiss(from screen: Screen, animated: Bool) {
    let layers = self.layers
    guard let index = layers.firstIndex(where: { $0 === screen.layerRoot }) else { return }
    // The modals over this screen's layer; else the layer itself, when it is a modal.
    let first = index < layers.count - 1 ? index + 1 : index
    guard first > 0 else {
      return simulator.ignore("dismiss", at: screen.name, "nothing is presented")
    }
    if let problem = transitionProblem {
      return simulator.ignore("dismiss", at: screen.name, problem)
    }
    let before = screensOnDisplay()
    let removed = Array(layers[first...])
    presentedScreens.removeLast(removed.count)
    for modal in removed { modal.hostWindow = nil }
    dismissingScreens = removed
    transition(from: before, removing: removed, animated: animated, in: self)
  }

  /// Why no navigation may start now, or `nil`.
  var transitionProblem: String? {
    isTransitioning ? "a transition is running" : nil
  }
}
