import AlertDispatchKit

extension Window {
  /// The screens that are on display: the layers from the topmost full-screen one up (the
  /// root counts as full screen; a page sheet leaves what is beneath it on display), each
  /// container followed by its visible child.
  func screensOnDisplay() -> [Screen] {
    let layers = self.layers
    let base = layers.lastIndex { $0 === rootScreen || $0.modalStyle == .fullScreen } ?? 0
    return layers.indices.contains(base) ? layers[base...].flatMap(\.visibleSubtree) : []
  }

  /// Sends UIKit's callbacks for a change of what is on display, in UIKit's order: will-disappear
  /// for the screens that leave, will-appear for those that arrive, then (when the transition
  /// ends, at once if not animated) did-disappear and did-appear. Removed screens are closed at
  /// the end, and every domain of the window is asked for a pass.
  ///
  /// `container` is the screen or window whose children changed: when it is linked, its
  /// active child may have changed, so it asks for a pass once the will-callbacks are sent.
  func transition(
    from before: [Screen], removing removed: [Screen], animated: Bool, in container: any Linkable
  ) {
    let after = screensOnDisplay()
    let leaving = before.filter { old in !after.contains { $0 === old } }
    let arriving = after.filter { new in !before.contains { $0 === new } }
    for screen in leaving { screen.willDisappear() }
    for screen in arriving { screen.willAppear() }
    if container.isLinked { container.dispatch.setNeedsArbitration() }
    let finish: @MainActor () -> Void = { [self] in
      isTransitioning = false
      dismissingScreens = []
      for screen in leaving { screen.didDisappear() }
      for screen in arriving { screen.didAppear(inForeground: isForeground) }
      for screen in removed { screen.closeSubtree() }
      rearbitrate()
    }
    guard animated, !leaving.isEmpty || !arriving.isEmpty else { return finish() }
    isTransitioning = true
    let clock = simulator.clock
    _ = clock.schedule(at: clock.now + simulator.transitionDuration, finish)
  }

  /// Asks every domain of the window for a pass, so that alerts refused during a transition
  /// or for want of a host go up now rather than at their next retry.
  private func rearbitrate() {
    let dispatches = [dispatch] + layers.flatMap(\.subtree).map(\.dispatch)
    var roots: [AlertDispatch] = []
    for dispatch in dispatches where !roots.contains(where: { $0 === dispatch.root }) {
      roots.append(dispatch.root)
    }
    for root in roots { root.setNeedsArbitration() }
  }
}
