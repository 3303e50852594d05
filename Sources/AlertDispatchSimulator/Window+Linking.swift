extension Window {
  /// Makes the window one domain: its root screen and modals become children of its dispatch,
  /// and the topmost modal, else the root screen, is its active child. As in UIKit, where
  /// `presentedViewController` stays set until a dismissal ends, a modal being dismissed stays
  /// the active child until its transition ends, so nothing beneath comes back mid-animation.
  func link() {
    guard !isLinked else { return }
    isLinked = true
    dispatch.activeChildProvider = { [weak self] in
      guard let self else { return nil }
      return joinedDispatch(of: dismissingScreens.last ?? layers.last)
    }
    // The topmost layer is the active child: it joins first (see Screen.link()).
    for screen in layers.reversed() { screen.join(dispatch, linkedBy: name) }
  }

  /// Makes a screen that is becoming the root or a modal part of the window's domain when the
  /// window is linked. Call it before the screen is in the model.
  func adopt(_ screen: Screen) {
    guard isLinked else { return }
    screen.join(dispatch, linkedBy: name)
  }
}
