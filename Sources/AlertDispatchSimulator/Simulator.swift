public import AlertDispatchKit
import AlertDispatchScenarioFormat
public import AlertDispatchScreens

/// A simulated app for unit tests of popup flows: windows, screens, navigation and tab
/// containers, modals and transitions, all on a ``VirtualClock``, with every callback and
/// presenter call written to one ``Transcript``, each line stamped with its virtual time.
///
/// ```swift
/// let sim = Simulator()
/// let home = sim.screen("home")
/// let nav = sim.window.setRoot(sim.navigation("nav", root: home))
/// home.dispatch.add(AlertRequest(id: "a"))
/// nav.push(sim.screen("detail"), animated: true)
/// sim.advance(by: sim.transitionDuration)
/// #expect(sim.transcript.mismatch([
///   "viewWillAppear @nav", "viewWillAppear @home", "viewDidAppear @nav", "viewDidAppear @home",
///   "present a @home",
///   "viewWillDisappear @home", "hide a @home", "viewWillAppear @detail",
///   "viewDidDisappear @home", "viewDidAppear @detail",
/// ]) == nil)
/// ```
///
/// Every screen owns an `AlertDispatch` on the simulator's clock and presenter, kept by the
/// simulator's ``graph``: the screens and windows report UIKit's events to the same
/// ``ScreenGraph`` an app ships, so a test exercises the wiring the app runs. By default each
/// dispatch is its own domain; ``link(_:)-(Screen)`` joins a subtree into one domain whose
/// active chain follows the navigation top, the selected tab and the presented modal.
///
/// The transcript's lines:
/// - `viewWillAppear @home`, `viewDidAppear @home`, `viewWillDisappear @home`,
///   `viewDidDisappear @home`: UIKit's callbacks, in UIKit's order.
/// - `sceneWillResignActive @window`, `sceneDidEnterBackground @window`,
///   `sceneWillEnterForeground @window`, `sceneDidBecomeActive @window`: the window's scene.
/// - `present a @home`, `hide a @home`, `restore a @home`, `dismiss a @home`,
///   `refuse a @home: transition running`, `tap a OK`: the ``RecordingPresenter``.
/// - `end a: dismissed(OK)`: an alert ended.
/// - `diagnostic @home: …`: the framework ignored a call or bent a rule.
/// - `ignored push detail @nav: a transition is running`: the simulator refused a call that
///   UIKit would refuse or warn about.
@MainActor
public final class Simulator {
  /// The clock every dispatch, transition and presenter animation runs on.
  public let clock: VirtualClock
  /// Where every line goes.
  public let transcript: Transcript
  /// The presenter of every dispatch the simulator creates.
  ///
  /// The simulator sets its ``RecordingPresenter/refuseWhen``: it refuses with `no host` when
  /// the alert's screen is not in a window or its window has no root screen, and with
  /// `transition running` while the window animates a transition. Use
  /// ``RecordingPresenter/refusal`` to make it refuse for other reasons.
  public let presenter: RecordingPresenter
  /// How long an animated push, pop, present or dismiss takes (default 0.35 s).
  public var transitionDuration: Duration
  /// The windows, the main ``window`` first.
  public private(set) var windows: [Window] = []
  /// The screen graph the simulator's screens and windows report to, which keeps their
  /// dispatches.
  public let graph: ScreenGraph
  /// The settings of every dispatch the simulator makes (invariant checks, diagnostic handler,
  /// numbering of generated ids); `nil` when its dispatches follow the process-wide defaults.
  public let settings: AlertDispatchSettings?
  /// Who hears of the simulator's events and changes of screens (an attached ``AlertTrace``).
  let listeners: SimulatorListeners

  private var registrations: [ObjectIdentifier: Registration] = [:]
  private var registrationOrder: [ObjectIdentifier] = []
  /// The simulator's screens by graph node: held until they are closed (a closed screen
  /// cannot be shown again), then only as long as the app holds them.
  private var screens: [ObjectIdentifier: HeldScreen] = [:]

  private struct HeldScreen {
    var open: Screen?
    weak var screen: Screen?
  }

  private struct Registration {
    weak var dispatch: AlertDispatch?
    weak var screen: Screen?
    weak var window: Window?
  }

  /// Creates a simulator with one window in the foreground and no root screen yet.
  ///
  /// - Parameters:
  ///   - windowName: The main window's name, used in transcript lines.
  ///   - transitionDuration: How long animated transitions take.
  ///   - linksByDefault: Whether each window is one domain, as an app's screen graph makes it
  ///     (the default); when `false`, every dispatch is a domain of its own until
  ///     ``link(_:)-(Screen)`` or ``link(_:)-(Window)`` joins a subtree.
  ///   - settings: The settings of every dispatch the simulator makes; by default those of the
  ///     ``withAlertDispatchSettings(_:operation:)`` scope the simulator is created in, or,
  ///     outside any, the process-wide defaults as they change.
  public init(
    windowName: String = "window", transitionDuration: Duration = .milliseconds(350),
    linksByDefault: Bool = true, settings: AlertDispatchSettings? = nil
  ) {
    let settings = settings ?? AlertDispatchSettings.scoped
    self.settings = settings
    let clock = VirtualClock()
    let transcript = Transcript(clock: clock)
    self.clock = clock
    self.transcript = transcript
    let presenter = RecordingPresenter(transcript: transcript, clock: clock)
    self.presenter = presenter
    self.transitionDuration = transitionDuration
    let listeners = SimulatorListeners()
    self.listeners = listeners
    graph = ScreenGraph(linksByDefault: linksByDefault) { name, isVisible in
      Simulator.makeDispatch(
        name, visible: isVisible, clock, presenter, transcript, listeners, settings)
    }
    presenter.refuseWhen = { [weak self] alert in self?.refusal(for: alert) }
    graph.observe { [weak self] event in self?.report(event) }
    windows.append(Window(graph.window(windowName), simulator: self))
  }

  /// The main window.
  public var window: Window { windows[0] }

  /// Stands in for the simulator of a screen that outlived it.
  static let released = Simulator(windowName: "released")

  /// The current virtual time.
  public var now: AlertInstant { clock.now }

  /// Adds another window (another `UIWindowScene`): its dispatches are independent of the
  /// other windows' unless linked by hand.
  public func makeWindow(_ name: String) -> Window {
    let window = Window(graph.window(name), simulator: self)
    windows.append(window)
    return window
  }

  /// Creates a plain screen, not in any window yet.
  public func screen(_ name: String) -> Screen {
    Screen(graph.screen(name), simulator: self)
  }

  /// Creates a navigation container (`UINavigationController`) with `root` at the bottom of its
  /// stack.
  public func navigation(_ name: String, root: Screen) -> NavigationContainer {
    NavigationContainer(graph.navigation(name, root: root.node), simulator: self)
  }

  /// Creates a tab container (`UITabBarController`) with these tabs, `selected` selected.
  public func tabs(_ name: String, _ tabs: [Screen], selected: Int = 0) -> TabContainer {
    TabContainer(graph.tabs(name, tabs.map(\.node), selected: selected), simulator: self)
  }

  /// Joins `screen`'s subtree into `screen`'s domain (or into its container's, when that is
  /// linked): each child's dispatch gets its container's as parent, and each container's
  /// active-child provider answers its top screen (navigation) or selected tab. Children added
  /// later are linked as they arrive. Modals belong to the window: link the window to join them.
  public func link(_ screen: Screen) {
    screen.node.link()
  }

  /// Joins the whole window into one domain rooted at the window's dispatch: the root screen
  /// and every presented modal become its children, and its active-child provider answers the
  /// topmost modal (of either style) or, when none, the root screen. Every container in it is
  /// linked as by ``link(_:)-(Screen)``.
  public func link(_ window: Window) {
    window.node.link()
  }

  /// Moves time forward, ending transitions and animations and firing the framework's timers.
  public func advance(by duration: Duration) {
    clock.advance(by: duration)
  }

  /// The app quits: every dispatch the simulator made closes, last made first, and its
  /// unfinished alerts end as owner closed. Nothing else happens in this simulator after it;
  /// ``AppLaunches`` starts the next launch in a new one.
  public func quit() {
    for key in registrationOrder.reversed() {
      guard let dispatch = registrations[key]?.dispatch, !dispatch.isClosed else { continue }
      dispatch.close()
    }
  }

  /// The invariant violations of every domain the simulator's dispatches belong to: those
  /// recorded after passes and those found by checking now, each prefixed with the root's name.
  /// Empty when all is well.
  public func invariantViolations() -> [String] {
    var roots: [AlertDispatch] = []
    for key in registrationOrder {
      guard let root = registrations[key]?.dispatch?.root, !roots.contains(where: { $0 === root })
      else { continue }
      roots.append(root)
    }
    return roots.flatMap { root in
      (root.invariantViolations + root.checkInvariants()).map { "\(root.name): \($0)" }
    }
  }

  /// A dispatch on this simulator's clock and presenter whose outcomes and diagnostics go to
  /// the transcript, and whose events go to the listeners, once each: only the domain's root
  /// records, since events bubble up.
  private static func makeDispatch(
    _ name: String, visible: Bool, _ clock: VirtualClock, _ presenter: RecordingPresenter,
    _ transcript: Transcript, _ listeners: SimulatorListeners, _ settings: AlertDispatchSettings?
  ) -> AlertDispatch {
    let dispatch = AlertDispatch(
      name: name, isVisible: visible, clock: clock, presenter: presenter)
    if let settings { dispatch.settings = settings }
    dispatch.observe { [weak dispatch, transcript, listeners] event in
      guard let dispatch, dispatch.parent == nil else { return }
      for listener in listeners.events { listener(event) }
      switch event.kind {
      case .ended(let outcome):
        if let id = event.alertID {
          transcript.record(
            ScenarioTranscriptLine.end(alert: "\(id)", outcome: "\(outcome)").description)
        }
      case .diagnostic(let message):
        transcript.record("diagnostic @\(event.dispatch): \(message)")
      default:
        break
      }
    }
    return dispatch
  }

  func register(_ screen: Screen) {
    screens[ObjectIdentifier(screen.node)] = HeldScreen(open: screen, screen: screen)
    add(Registration(dispatch: screen.dispatch, screen: screen))
  }

  /// The simulator's screen for a node of its graph.
  func screen(for node: ScreenNode) -> Screen? {
    screens[ObjectIdentifier(node)]?.screen
  }

  /// The simulator's window for a window of its graph.
  func window(for node: ScreenWindow) -> Window? {
    windows.first { $0.node === node }
  }

  /// Carries out a change of the graph as UIKit would animate it: refused calls are written as
  /// `ignored` lines; an animated change that moves screens runs for ``transitionDuration``,
  /// during which the window refuses other changes, and then ends.
  func run(animated: Bool, _ change: () throws -> ScreenChange) {
    let result: ScreenChange
    do {
      result = try change()
    } catch {
      return transcript.record("ignored \(error)")
    }
    guard let window = result.window else { return }
    guard animated, !result.isInvisible else { return window.end(result) }
    window.busyReason = "a transition is running"
    _ = clock.schedule(at: clock.now + transitionDuration) {
      window.busyReason = nil
      window.end(result)
    }
  }

  /// Writes the graph's changes as UIKit's callbacks.
  private func report(_ event: ScreenGraphEvent) {
    switch event {
    case .willDisappear(let node):
      screen(for: node)?.appearance = .disappearing
      transcript.record("viewWillDisappear @\(node.name)")
    case .willAppear(let node):
      screen(for: node)?.appearance = .appearing
      transcript.record("viewWillAppear @\(node.name)")
    case .didDisappear(let node):
      screen(for: node)?.appearance = .disappeared
      transcript.record("viewDidDisappear @\(node.name)")
    case .didAppear(let node):
      screen(for: node)?.appearance = .appeared
      transcript.record("viewDidAppear @\(node.name)")
    case .closed(let node):
      screens[ObjectIdentifier(node)]?.open = nil
    case .problem(let error):
      transcript.record("ignored \(error)")
    }
  }

  func register(_ window: Window) {
    add(Registration(dispatch: window.dispatch, window: window))
  }

  private func add(_ registration: Registration) {
    guard let dispatch = registration.dispatch else { return }
    let key = ObjectIdentifier(dispatch)
    if registrations.updateValue(registration, forKey: key) == nil {
      registrationOrder.append(key)
    }
  }

  /// Tells the listeners of a change of screens the app asked for, as a scenario file writes it
  /// (`push stack detail animated`), whether or not the simulator then refuses it.
  func announce(_ statement: String) {
    for listener in listeners.screenChanges { listener(statement) }
  }

  /// Records a call the simulator refused, as UIKit would refuse or warn about it.
  func ignore(_ action: String, at place: String, _ reason: String) {
    transcript.record("ignored \(action) @\(place): \(reason)")
  }

  /// Why the presenter cannot put `alert` up now, or `nil`.
  private func refusal(for alert: AlertHandle) -> String? {
    guard let dispatch = alert.dispatch, let entry = registrations[ObjectIdentifier(dispatch)],
      entry.dispatch === dispatch
    else { return nil }
    guard let window = entry.window ?? entry.screen?.window, window.rootScreen != nil else {
      return "no host"
    }
    return window.isTransitioning ? "transition running" : nil
  }
}

/// The listeners of a simulator: handlers of the events of every dispatch it makes (from each
/// domain's root, once each) and of each change of screens the app asks for.
@MainActor
final class SimulatorListeners {
  var events: [@MainActor (AlertEvent) -> Void] = []
  var screenChanges: [@MainActor (String) -> Void] = []
}
