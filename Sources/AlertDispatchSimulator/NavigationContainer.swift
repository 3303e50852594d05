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
  public var stack: [Screen] { node.stack.compactMap(simulator.screen(for:)) }

  /// The screen on top of the stack.
  public var topScreen: Screen? { stack.last }

  /// Pushes `screen` (`pushViewController(_:animated:)`): the top screen disappears and
  /// `screen` appears.
  public func push(_ screen: Screen, animated: Bool = true) {
    simulator.announce("push \(name) \(screen.name)\(animated ? " animated" : "")")
    simulator.run(animated: animated) { try node.push(screen.node, endsAtOnce: false) }
  }

  /// Pops the top screen (`popViewController(animated:)`); it is closed when the transition
  /// ends. Does nothing but an `ignored` line when only the root is on the stack.
  public func pop(animated: Bool = true) {
    simulator.announce("pop \(name)\(animated ? " animated" : "")")
    simulator.run(animated: animated) { try node.pop(endsAtOnce: false) }
  }

  /// Pops every screen above the root (`popToRootViewController(animated:)`).
  public func popToRoot(animated: Bool = true) {
    simulator.announce("pop-to-root \(name)\(animated ? " animated" : "")")
    simulator.run(animated: animated) { try node.popToRoot(endsAtOnce: false) }
  }

  /// Replaces the whole stack (`setViewControllers(_:animated:)`). Screens that were on the
  /// stack may stay; the others must be new. Screens that leave the stack are closed when the
  /// transition ends.
  public func setStack(_ screens: [Screen], animated: Bool = true) {
    let names = screens.map(\.name).joined(separator: " ")
    simulator.announce("set-stack \(name) \(names)\(animated ? " animated" : "")")
    simulator.run(animated: animated) {
      try node.setStack(screens.map(\.node), endsAtOnce: false)
    }
  }
}
