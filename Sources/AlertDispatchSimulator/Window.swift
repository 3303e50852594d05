public import AlertDispatchKit

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
/// for app-wide alerts (seed 002's queue over the key window). Its alerts are refused with
/// `no host` while the window has no root screen, and go up as soon as it has one.
///
/// One transition runs at a time in a window. While it runs, the simulator's presenter refuses
/// the window's alerts (`transition running`) and navigation calls on its screens are ignored
/// with an `ignored` line; when it ends, every domain of the window is asked for a pass, so the
/// refused alerts go up at once.
@MainActor
public final class Window {
  /// The window's name: its dispatch's name, and `@name` in transcript lines.
  public let name: String
  /// The window's own dispatch; the root of the window's domain once linked.
  public let dispatch: AlertDispatch
  /// The root screen (`rootViewController`), `nil` until ``setRoot(_:)``.
  public private(set) var rootScreen: Screen?
  /// The modals presented over the root screen, bottom first.
  public internal(set) var presentedScreens: [Screen] = []
  /// Whether the scene is in the foreground (initially true).
  public private(set) var isForeground = true
  /// Whether an animated transition is running.
  public internal(set) var isTransitioning = false
  /// Whether the window is one domain (see ``Simulator/link(_:)-(Window)``).
  public internal(set) var isLinked = false
  /// The modals whose dismissal transition is running.
  var dismissingScreens: [Screen] = []

  unowned let simulator: Simulator

  init(_ name: String, simulator: Simulator) {
    self.name = name
    self.simulator = simulator
    self.dispatch = simulator.makeDispatch(name, visible: true)
    simulator.register(self)
  }

  /// Makes `screen` the root screen, without animation, and returns it. The previous root and
  /// every modal disappear and are closed.
  @discardableResult
  public func setRoot<S: Screen>(_ screen: S) -> S {
    let action = "setRoot \(screen.name)"
    if screen === rootScreen { return screen }
    if let problem = transitionProblem ?? screen.placementProblem(in: simulator) {
      simulator.ignore(action, at: name, problem)
      return screen
    }
    replaceLayers(with: screen)
    return screen
  }

  /// Removes the root screen and every modal: they disappear and are closed, and the window
  /// has no host for alerts until the next ``setRoot(_:)``.
  public func removeRoot() {
    if let problem = transitionProblem {
      return simulator.ignore("removeRoot", at: name, problem)
    }
    replaceLayers(with: nil)
  }

  /// The scene goes to the background: `sceneWillResignActive`, `sceneDidEnterBackground`.
  /// The window's dispatch and every screen on display disappear (UIKit sends no view
  /// callbacks), so every alert of the window is suspended.
  public func enterBackground() {
    guard isForeground else {
      return simulator.ignore("enterBackground", at: name, "already in the background")
    }
    simulator.transcript.record("sceneWillResignActive @\(name)")
    simulator.transcript.record("sceneDidEnterBackground @\(name)")
    isForeground = false
    for dispatch in dispatchesOnDisplay where dispatch.isVisible { dispatch.disappear() }
  }

  /// The scene comes back: `sceneWillEnterForeground`, `sceneDidBecomeActive`. The window's
  /// dispatch and the screens on display appear again in the order they disappeared, so their
  /// alerts are restored in that order. A linked window is one domain: its screens appear
  /// first, beneath the window's dispatch, which is still hidden, and the window's dispatch
  /// last, so that one pass brings back everything the domain showed, as it stacked (a covered
  /// alert beneath its coverer, whatever screens they belong to).
  public func enterForeground() {
    guard !isForeground else {
      return simulator.ignore("enterForeground", at: name, "already in the foreground")
    }
    simulator.transcript.record("sceneWillEnterForeground @\(name)")
    simulator.transcript.record("sceneDidBecomeActive @\(name)")
    isForeground = true
    var dispatches = dispatchesOnDisplay
    if isLinked { dispatches.append(dispatches.removeFirst()) }
    for dispatch in dispatches { dispatch.appear() }
  }

  /// The window's dispatch, then the dispatches of the appeared screens, bottom layer first.
  private var dispatchesOnDisplay: [AlertDispatch] {
    [dispatch] + screensOnDisplay().filter { $0.appearance == .appeared }.map(\.dispatch)
  }

  private func replaceLayers(with screen: Screen?) {
    let before = screensOnDisplay()
    if let screen { adopt(screen) }
    let removed = layers
    for old in removed { old.hostWindow = nil }
    presentedScreens = []
    rootScreen = screen
    screen?.hostWindow = self
    transition(from: before, removing: removed, animated: false, in: self)
  }
}
