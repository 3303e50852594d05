public import AlertDispatchKit
public import AlertDispatchScreens

/// A simulated window and its scene (`UIWindowScene` with its key window): a root screen, the
/// modals presented over it, and a foreground / background state.
///
/// ```swift
/// let home = sim.window.setRoot(sim.screen("home"))
/// sim.window.enterBackground()   // every alert of the window is suspended
/// sim.window.enterForeground()   // and restored, in the same order
/// ```
///
/// The window has a dispatch of its own, visible while the window is in the foreground: use it
/// for app-wide alerts. Its alerts are refused with `no host` while the window has no root
/// screen, and go up as soon as it has one.
///
/// One transition runs at a time in a window. While it runs, the simulator's presenter refuses
/// the window's alerts (`transition running`) and navigation calls on its screens are ignored
/// with an `ignored` line; when it ends, every domain of the window is asked for a pass, so the
/// refused alerts go up at once.
@MainActor
public final class Window {
  /// The window in the simulator's screen graph, which keeps its dispatch.
  public let node: ScreenWindow

  unowned let simulator: Simulator

  init(_ node: ScreenWindow, simulator: Simulator) {
    self.node = node
    self.simulator = simulator
    simulator.register(self)
  }

  /// The window's name: its dispatch's name, and `@name` in transcript lines.
  public var name: String { node.name }
  /// The window's own dispatch; the root of the window's domain once linked.
  public var dispatch: AlertDispatch { node.dispatch }
  /// The root screen (`rootViewController`), `nil` until ``setRoot(_:)``.
  public var rootScreen: Screen? { node.root.flatMap(simulator.screen(for:)) }
  /// The modals presented over the root screen, bottom first.
  public var presentedScreens: [Screen] { node.modals.compactMap(simulator.screen(for:)) }
  /// Whether the scene is in the foreground (initially true).
  public var isForeground: Bool { node.isForeground }
  /// Whether an animated transition is running.
  public var isTransitioning: Bool { node.busyReason != nil }
  /// Whether the window is one domain (see ``Simulator/link(_:)-(Window)``).
  public var isLinked: Bool { node.isLinked }

  /// Makes `screen` the root screen, without animation, and returns it. The previous root and
  /// every modal disappear and are closed.
  @discardableResult
  public func setRoot<S: Screen>(_ screen: S) -> S {
    simulator.announce("root \(name) \(screen.name)")
    simulator.run(animated: false) { try node.setRoot(screen.node) }
    return screen
  }

  /// Removes the root screen and every modal: they disappear and are closed, and the window
  /// has no host for alerts until the next ``setRoot(_:)``.
  public func removeRoot() {
    simulator.announce("remove-root \(name)")
    simulator.run(animated: false) { try node.removeRoot() }
  }

  /// The scene goes to the background: `sceneWillResignActive`, `sceneDidEnterBackground`.
  /// The window's dispatch and every screen on display disappear (UIKit sends no view
  /// callbacks), so every alert of the window is suspended.
  public func enterBackground() {
    simulator.announce("background \(name)")
    guard isForeground else {
      return simulator.ignore("enterBackground", at: name, "already in the background")
    }
    simulator.transcript.record("sceneWillResignActive @\(name)")
    simulator.transcript.record("sceneDidEnterBackground @\(name)")
    node.enterBackground()
  }

  /// The scene comes back: `sceneWillEnterForeground`, `sceneDidBecomeActive`. The window's
  /// dispatch and the screens on display appear again in the order they disappeared, so their
  /// alerts are restored in that order (see ``ScreenWindow/enterForeground()``).
  public func enterForeground() {
    simulator.announce("foreground \(name)")
    guard !isForeground else {
      return simulator.ignore("enterForeground", at: name, "already in the foreground")
    }
    simulator.transcript.record("sceneWillEnterForeground @\(name)")
    simulator.transcript.record("sceneDidBecomeActive @\(name)")
    node.enterForeground()
  }
}
