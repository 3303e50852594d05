extension Screen {
  /// The outermost container of this screen: a window's root, a modal, or a free screen.
  var layerRoot: Screen {
    var screen = self
    while let container = screen.container { screen = container }
    return screen
  }

  /// This screen and, while it is on screen, its visible descendants, container first.
  var visibleSubtree: [Screen] {
    [self] + (visibleChild?.visibleSubtree ?? [])
  }

  /// This screen and every descendant, container first.
  var subtree: [Screen] {
    [self] + children.flatMap(\.subtree)
  }

  /// Why this screen cannot be placed in `simulator`'s screens now, or `nil` when it can.
  func placementProblem(in simulator: Simulator) -> String? {
    if isClosed { return "\(name) is closed" }
    if self.simulator !== simulator { return "\(name) belongs to another simulator" }
    if container != nil || hostWindow != nil { return "\(name) is already shown elsewhere" }
    return nil
  }

  /// Why `screen` cannot be put under this screen, or `nil` when it can.
  func insertionProblem(_ screen: Screen) -> String? {
    if let problem = screen.placementProblem(in: simulator) { return problem }
    return layerRoot === screen ? "\(screen.name) would contain itself" : nil
  }

  /// Runs a change of this screen's children: refused during a transition of its window;
  /// otherwise the screens that appear and disappear get their callbacks, and `mutate`'s
  /// removed screens are closed when the transition ends.
  func change(_ action: String, animated: Bool, _ mutate: () -> [Screen]) {
    if isClosed { return simulator.ignore(action, at: name, "\(name) is closed") }
    guard let window else {
      for removed in mutate() { removed.closeSubtree() }
      return
    }
    if window.isTransitioning {
      return simulator.ignore(action, at: name, "a transition is running")
    }
    let before = window.screensOnDisplay()
    let removed = mutate()
    window.transition(from: before, removing: removed, animated: animated, in: self)
  }

  /// Closes this screen and everything in it, innermost first, so that no child is left to
  /// become a root of its own while its container closes.
  func closeSubtree() {
    for child in children { child.closeSubtree() }
    if !isClosed { dispatch.close() }
  }
}
