/// A simulated `UINavigationController`: a stack of screens of which the top one is on screen.
///
/// ```swift
/// let nav = sim.window.setRoot(sim.navigation("nav", root: sim.screen("home")))
/// nav.push(sim.screen("detail"), animated: true)
/// // viewWillDisappear @home, viewWillAppear @detail
/// sim.advance(by: sim.transitionDuration)
/// // viewDidDisappear @home, viewDidAppear @detail
/// ```
///
/// When linked, each screen of the stack is a child of the container's dispatch, and the
/// container's active-child provider answers the top screen. Popped and removed screens are
/// closed when their transition ends.
public final class NavigationContainer: Screen {
  /// The screens, bottom first; the last one is on screen.
  public private(set) var stack: [Screen] = []

  init(_ name: String, root: Screen, simulator: Simulator) {
    super.init(name, simulator: simulator)
    setStack([root], animated: false)
  }

  /// The stack, bottom first.
  override public var children: [Screen] { stack }

  override var visibleChild: Screen? { stack.last }

  override var isContainer: Bool { true }

  /// The screen on top of the stack.
  public var topScreen: Screen? { stack.last }

  /// Pushes `screen` (`pushViewController(_:animated:)`): the top screen disappears and
  /// `screen` appears.
  public func push(_ screen: Screen, animated: Bool = true) {
    let action = "push \(screen.name)"
    if let problem = pushProblem(screen) { return simulator.ignore(action, at: name, problem) }
    change(action, animated: animated) {
      adopt(screen)
      screen.container = self
      stack.append(screen)
      return []
    }
  }

  /// Pops the top screen (`popViewController(animated:)`); it is closed when the transition
  /// ends. Does nothing but an `ignored` line when only the root is on the stack.
  public func pop(animated: Bool = true) {
    guard stack.count > 1 else {
      return simulator.ignore("pop", at: name, "only the root screen is on the stack")
    }
    change("pop", animated: animated) {
      detach([stack.removeLast()])
    }
  }

  /// Pops every screen above the root (`popToRootViewController(animated:)`).
  public func popToRoot(animated: Bool = true) {
    guard stack.count > 1 else {
      return simulator.ignore("popToRoot", at: name, "only the root screen is on the stack")
    }
    change("popToRoot", animated: animated) {
      let popped = Array(stack.dropFirst())
      stack.removeLast(popped.count)
      return detach(popped)
    }
  }

  /// Replaces the whole stack (`setViewControllers(_:animated:)`). Screens that were on the
  /// stack may stay; the others must be new. Screens that leave the stack are closed when the
  /// transition ends.
  public func setStack(_ screens: [Screen], animated: Bool = true) {
    let action = "setStack [\(screens.map(\.name).joined(separator: ", "))]"
    if let problem = stackProblem(screens) { return simulator.ignore(action, at: name, problem) }
    change(action, animated: animated) {
      let removed = stack.filter { old in !screens.contains { $0 === old } }
      for screen in screens where screen.container !== self {
        adopt(screen)
        screen.container = self
      }
      stack = screens
      return detach(removed)
    }
  }

  private func pushProblem(_ screen: Screen) -> String? {
    if screen is NavigationContainer { return "a navigation container cannot be pushed" }
    return insertionProblem(screen)
  }

  private func stackProblem(_ screens: [Screen]) -> String? {
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

  private func detach(_ screens: [Screen]) -> [Screen] {
    for screen in screens { screen.container = nil }
    return screens
  }
}
