extension ScreenNode {
  /// Pushes `screen` on a navigation stack (`pushViewController(_:animated:)`): the top screen
  /// disappears and `screen` comes on display.
  ///
  /// - Parameter endsAtOnce: Whether the change is over now (the default), or the caller ends
  ///   it with ``ScreenWindow/end(_:)`` when its animation ends.
  /// - Throws: ``ScreenGraphError`` when this is not a navigation stack, when `screen` cannot
  ///   be pushed (closed, shown elsewhere, a navigation stack, this stack's own container), when
  ///   this screen is closed or its window busy.
  @discardableResult
  public func push(_ screen: ScreenNode, endsAtOnce: Bool = true) throws -> ScreenChange {
    let action = "push \(screen.name)"
    try requireKind(.navigation, action)
    if let problem = pushProblem(screen) { throw ScreenGraphError(action, at: name, problem) }
    return try change(action, endsAtOnce: endsAtOnce) {
      adopt(screen)
      screen.container = self
      stack.append(screen)
      return []
    }
  }

  /// Pops the top screen of a navigation stack (`popViewController(animated:)`); it is closed
  /// when the change ends.
  ///
  /// - Throws: ``ScreenGraphError`` when only the root is on the stack, or as ``push(_:endsAtOnce:)``.
  @discardableResult
  public func pop(endsAtOnce: Bool = true) throws -> ScreenChange {
    try requireKind(.navigation, "pop")
    guard stack.count > 1 else {
      throw ScreenGraphError("pop", at: name, "only the root screen is on the stack")
    }
    return try change("pop", endsAtOnce: endsAtOnce) { detach([stack.removeLast()]) }
  }

  /// Pops every screen above the root (`popToRootViewController(animated:)`).
  ///
  /// - Throws: ``ScreenGraphError`` as ``pop(endsAtOnce:)``.
  @discardableResult
  public func popToRoot(endsAtOnce: Bool = true) throws -> ScreenChange {
    try requireKind(.navigation, "popToRoot")
    guard stack.count > 1 else {
      throw ScreenGraphError("popToRoot", at: name, "only the root screen is on the stack")
    }
    return try change("popToRoot", endsAtOnce: endsAtOnce) {
      let popped = Array(stack.dropFirst())
      stack.removeLast(popped.count)
      return detach(popped)
    }
  }

  /// Replaces a navigation stack's screens (`setViewControllers(_:animated:)`, a
  /// `NavigationStack` path): screens that were on the stack may stay, the others must be new;
  /// those that leave are closed when the change ends.
  ///
  /// - Throws: ``ScreenGraphError`` for an empty stack, a screen twice, or a screen that cannot
  ///   be pushed.
  @discardableResult
  public func setStack(_ screens: [ScreenNode], endsAtOnce: Bool = true) throws -> ScreenChange {
    let action = "setStack [\(screens.map(\.name).joined(separator: ", "))]"
    try requireKind(.navigation, action)
    if let problem = stackProblem(screens) { throw ScreenGraphError(action, at: name, problem) }
    return try change(action, endsAtOnce: endsAtOnce) {
      let removed = stack.filter { old in !screens.contains { $0 === old } }
      for screen in screens where screen.container !== self {
        adopt(screen)
        screen.container = self
      }
      stack = screens
      return detach(removed)
    }
  }

  /// Selects the tab at `index` of a tab container (`selectedIndex`): the old tab disappears
  /// and the new one comes on display. Selecting the selected tab changes nothing.
  ///
  /// - Throws: ``ScreenGraphError`` when this is not a tab container or there is no such tab.
  @discardableResult
  public func select(_ index: Int, endsAtOnce: Bool = true) throws -> ScreenChange {
    try requireKind(.tabs, "select \(index)")
    guard tabs.indices.contains(index) else {
      throw ScreenGraphError("select \(index)", at: name, "there is no tab \(index)")
    }
    guard index != selectedIndex else { return ScreenChange.nothing() }
    return try change("select \(tabs[index].name)", endsAtOnce: endsAtOnce) {
      selectedIndex = index
      return []
    }
  }

  /// Selects `tab` (`selectedViewController`, a `TabView` selection).
  ///
  /// - Throws: ``ScreenGraphError`` when `tab` is not a tab of this container.
  @discardableResult
  public func select(_ tab: ScreenNode, endsAtOnce: Bool = true) throws -> ScreenChange {
    guard let index = tabs.firstIndex(where: { $0 === tab }) else {
      throw ScreenGraphError("select \(tab.name)", at: name, "\(tab.name) is not a tab here")
    }
    return try select(index, endsAtOnce: endsAtOnce)
  }

  private func requireKind(_ kind: Kind, _ action: String) throws {
    guard self.kind != kind else { return }
    let what = kind == .navigation ? "a navigation stack" : "a tab container"
    throw ScreenGraphError(action, at: name, "\(name) is not \(what)")
  }

  private func pushProblem(_ screen: ScreenNode) -> String? {
    if screen.kind == .navigation { return "a navigation container cannot be pushed" }
    return insertionProblem(screen)
  }

  private func stackProblem(_ screens: [ScreenNode]) -> String? {
    if screens.isEmpty { return "a stack needs a root screen" }
    for (index, screen) in screens.enumerated() {
      if screens[..<index].contains(where: { $0 === screen }) {
        return "\(screen.name) is in the stack twice"
      }
      if screen.container === self { continue }
      if let problem = pushProblem(screen) { return problem }
    }
    return nil
  }

  private func detach(_ screens: [ScreenNode]) -> [ScreenNode] {
    for screen in screens { screen.container = nil }
    return screens
  }
}
