public import AlertDispatchKit
public import AlertDispatchScreens

/// A simulated view controller: it owns an `AlertDispatch`, gets UIKit's appear and disappear
/// callbacks, and can present modals.
///
/// Create screens with the simulator so that their dispatches run on its clock and presenter:
///
/// ```swift
/// let home = sim.screen("home")
/// sim.window.setRoot(home)
/// home.dispatch.add(AlertRequest(id: "welcome"))   // present welcome @home
/// home.present(sim.screen("settings"), style: .fullScreen, animated: false)
/// // viewWillDisappear @home, hide welcome @home, viewWillAppear @settings, …
/// ```
///
/// Each screen reports to the simulator's ``Simulator/graph``, the same ``ScreenGraph`` an app
/// ships, which keeps the dispatches: it makes the dispatch not visible, makes it appear
/// (`AlertDispatch.appear()`) on `viewDidAppear` while the window is in the foreground and
/// disappear (`AlertDispatch.disappear()`) on `viewWillDisappear`. A screen that is popped,
/// dismissed or replaced is closed when its transition ends, and its dispatch with it
/// (`AlertDispatch.close()`): its unfinished alerts end as owner closed. A closed screen
/// cannot be shown again.
///
/// ``NavigationContainer`` and ``TabContainer`` are screens that contain screens; their
/// callbacks come first, then their visible child's.
@MainActor
public class Screen {
  /// The screen in the simulator's screen graph, which keeps its dispatch.
  public let node: ScreenNode
  /// Where the screen is in UIKit's appearance cycle.
  public internal(set) var appearance: ScreenAppearance = .disappeared

  /// Held weakly: the simulator holds its windows and screens, so a strong reference back
  /// would keep a whole simulator alive after a test or a scenario relaunch.
  private weak var owner: Simulator?
  /// The simulator that made this screen; once it is released, a stand-in that records into a
  /// transcript nobody reads, so a screen outliving its simulator stays harmless.
  var simulator: Simulator { owner ?? Simulator.released }

  init(_ node: ScreenNode, simulator: Simulator) {
    self.node = node
    self.owner = simulator
    simulator.register(self)
  }

  /// The screen's name: its dispatch's name, and `@name` in transcript lines.
  public var name: String { node.name }
  /// The screen's dispatch; add the screen's alerts to it.
  public var dispatch: AlertDispatch { node.dispatch }
  /// The navigation or tab container the screen is in; `nil` for a window's root screen, a
  /// modal, or a screen not shown yet.
  public var container: Screen? { node.container.flatMap(simulator.screen(for:)) }
  /// How the screen was presented, when it is a modal on a window.
  public var modalStyle: ModalStyle? { node.modalStyle }
  /// Whether the screen's children join its domain (see ``Simulator/link(_:)-(Screen)``).
  public var isLinked: Bool { node.isLinked }
  /// The screens this one contains (a navigation stack, the tabs); empty for a plain screen.
  public var children: [Screen] { node.children.compactMap(simulator.screen(for:)) }
  /// The window the screen is in, through its containers; `nil` when it is not in one.
  public var window: Window? { node.window.flatMap(simulator.window(for:)) }
  /// Whether the screen was closed (popped, dismissed or replaced).
  public var isClosed: Bool { node.isClosed }

  /// Presents `modal` over this screen's window, as `present(_:animated:)` does.
  ///
  /// With ``ModalStyle/fullScreen`` every screen beneath disappears; with
  /// ``ModalStyle/pageSheet`` (the default, as in UIKit since iOS 13) they stay appeared. An
  /// animated presentation takes ``Simulator/transitionDuration``; until it ends the presenter
  /// refuses alerts of the window, which go up when it ends.
  ///
  /// Like UIKit, the simulator refuses (with an `ignored present` line) when this screen is not
  /// on screen in a window, when something is already presented over it, during a transition,
  /// or when `modal` is closed or already shown elsewhere.
  public func present(_ modal: Screen, style: ModalStyle = .pageSheet, animated: Bool = true) {
    let full = style == .fullScreen ? " full-screen" : ""
    simulator.announce("present \(name) \(modal.name)\(full)\(animated ? " animated" : "")")
    guard let window = node.window else {
      return simulator.ignore("present \(modal.name)", at: name, "\(name) is not in a window")
    }
    simulator.run(animated: animated) {
      try window.present(modal.node, from: node, style: style, endsAtOnce: false)
    }
  }

  /// Dismisses as `dismiss(animated:)` does: the modals presented over this screen's layer if
  /// there are any, otherwise the modal this screen is (or is inside). The dismissed modals
  /// are closed when the transition ends.
  public func dismiss(animated: Bool = true) {
    simulator.announce("dismiss-modal \(name)\(animated ? " animated" : "")")
    guard let window = node.window else {
      return simulator.ignore("dismiss", at: name, "\(name) is not in a window")
    }
    simulator.run(animated: animated) { try window.dismiss(from: node, endsAtOnce: false) }
  }
}
