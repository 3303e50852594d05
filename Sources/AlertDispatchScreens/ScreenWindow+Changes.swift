import AlertDispatchKit

/// What one change of a window's screens did: the screens that left the display, those that
/// came on it, and those it removed, which are closed when the change ends.
@MainActor
public final class ScreenChange {
  /// The screens that left the display, in display order; they are hidden already.
  public let leaving: [ScreenNode]
  /// The screens that came on display, in display order; they appear when the change ends.
  public let arriving: [ScreenNode]
  /// The screens the change removed (popped, dismissed, replaced); closed when it ends.
  public let removed: [ScreenNode]
  /// The window the change happened in.
  public private(set) weak var window: ScreenWindow?
  /// Whether the change has ended (see ``ScreenWindow/end(_:)``); a change ends once.
  public internal(set) var isEnded = false

  init(
    leaving: [ScreenNode], arriving: [ScreenNode], removed: [ScreenNode],
    window: ScreenWindow? = nil
  ) {
    self.leaving = leaving
    self.arriving = arriving
    self.removed = removed
    self.window = window
  }

  /// A change that changed nothing on display, and is over.
  static func nothing() -> ScreenChange {
    let change = ScreenChange(leaving: [], arriving: [], removed: [])
    change.isEnded = true
    return change
  }

  /// Whether the change moved no screen on or off display.
  public var isInvisible: Bool { leaving.isEmpty && arriving.isEmpty }
}

extension ScreenWindow {
  /// Presents `modal` over `screen`'s layer (`present(_:animated:)`, `.sheet`,
  /// `.fullScreenCover`). With ``ModalStyle/fullScreen`` every screen beneath leaves the
  /// display; with ``ModalStyle/pageSheet`` they stay.
  ///
  /// - Parameter endsAtOnce: Whether the change is over now (the default), or the caller ends
  ///   it with ``end(_:)`` when its animation ends.
  /// - Throws: ``ScreenGraphError`` when `screen` is not in this window, the window is busy,
  ///   `modal` cannot be placed, a modal is already presented over `screen`'s layer, or
  ///   `screen` has not appeared.
  @discardableResult
  public func present(
    _ modal: ScreenNode, from screen: ScreenNode, style: ModalStyle = .pageSheet,
    endsAtOnce: Bool = true
  ) throws -> ScreenChange {
    let action = "present \(modal.name)"
    guard screen.window === self else {
      throw ScreenGraphError(action, at: screen.name, "\(screen.name) is not in \(name)")
    }
    if let problem = busyReason ?? modal.placementProblem(in: graph) {
      throw ScreenGraphError(action, at: screen.name, problem)
    }
    if let top = layers.last, screen.layerRoot !== top {
      throw ScreenGraphError(action, at: screen.name, "\(top.name) is presented over it")
    }
    if !screen.hasAppeared {
      throw ScreenGraphError(action, at: screen.name, "\(screen.name) is not on screen")
    }
    let before = screensOnDisplay()
    adopt(modal)
    modal.modalStyle = style
    modal.hostWindow = self
    modals.append(modal)
    let change = begin(from: before, removing: [], in: isLinked ? dispatch : nil)
    if endsAtOnce { end(change) }
    return change
  }

  /// Dismisses as `dismiss(animated:)` does: the modals presented over `screen`'s layer if
  /// there are any, otherwise the modal `screen` is (or is inside). They are closed when the
  /// change ends; until then the topmost of them stays the window's active child, so nothing
  /// beneath comes back mid-animation.
  ///
  /// - Throws: ``ScreenGraphError`` when nothing is presented or the window is busy.
  @discardableResult
  public func dismiss(from screen: ScreenNode, endsAtOnce: Bool = true) throws -> ScreenChange {
    let layers = self.layers
    guard let index = layers.firstIndex(where: { $0 === screen.layerRoot }) else {
      throw ScreenGraphError("dismiss", at: screen.name, "\(screen.name) is not in \(name)")
    }
    // The modals over this screen's layer; else the layer itself, when it is a modal.
    let first = index < layers.count - 1 ? index + 1 : index
    guard first > 0 else {
      throw ScreenGraphError("dismiss", at: screen.name, "nothing is presented")
    }
    if let busyReason { throw ScreenGraphError("dismiss", at: screen.name, busyReason) }
    let before = screensOnDisplay()
    let removed = Array(layers[first...])
    modals.removeLast(removed.count)
    for modal in removed { modal.hostWindow = nil }
    dismissing += removed
    let change = begin(from: before, removing: removed, in: isLinked ? dispatch : nil)
    if endsAtOnce { end(change) }
    return change
  }

  /// Starts a change of what is on display: the screens that leave it are announced and
  /// hidden, those that arrive are announced, and the domain whose active child may have
  /// changed is asked for a pass.
  func begin(
    from before: [ScreenNode], removing removed: [ScreenNode], in container: AlertDispatch?
  ) -> ScreenChange {
    let after = screensOnDisplay()
    let leaving = before.filter { old in !after.contains { $0 === old } }
    let arriving = after.filter { new in !before.contains { $0 === new } }
    for screen in leaving {
      graph?.send(.willDisappear(screen))
      screen.disappear()
    }
    for screen in arriving { graph?.send(.willAppear(screen)) }
    container?.setNeedsArbitration()
    return ScreenChange(leaving: leaving, arriving: arriving, removed: removed, window: self)
  }

  /// Ends a change begun with `endsAtOnce: false`, when its animation is over: a dismissal is
  /// over, the screens that arrived appear (unless the scene is in the background, where they
  /// appear when it comes back), the removed screens are closed, and every domain of the window
  /// gets a pass. Ending a change that has ended does nothing.
  public func end(_ change: ScreenChange) {
    guard !change.isEnded else { return }
    change.isEnded = true
    dismissing.removeAll { modal in change.removed.contains { $0 === modal } }
    for screen in change.leaving { graph?.send(.didDisappear(screen)) }
    for screen in change.arriving where !screen.isClosed {
      graph?.send(.didAppear(screen))
      screen.appear()
    }
    for screen in change.removed { screen.closeSubtree() }
    requestPass()
  }
}
