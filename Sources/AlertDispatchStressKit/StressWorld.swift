import AlertDispatchKit
import AlertDispatchSimulator
import Foundation

/// The world a stress episode runs in: a simulator, the names declared so far and the objects
/// they stand for, every alert added and how often it ended, and what went wrong.
///
/// Names work as in `ScenarioRun`: a declared screen is created when the launch needs it, a
/// closed plain screen shown again is a new screen with the same name, and `add NAME` adds the
/// declaration to its owner's current dispatch. The world performs every step the way the
/// scenario runner performs the matching action, so the scenario the emitter writes replays
/// the same calls.
@MainActor
final class StressWorld {
  /// One alert added, and what its completion saw.
  final class Tracked {
    let name: String
    let handle: AlertHandle
    let launch: Int
    var deliveries = 0
    var delivered: AlertOutcome?

    init(name: String, handle: AlertHandle, launch: Int) {
      self.name = name
      self.handle = handle
      self.launch = launch
    }
  }

  /// An object that must be gone once the episode is dropped.
  struct Watched {
    weak var object: AnyObject?
    let label: String
  }

  let episode: StressEpisode
  private(set) var sim: Simulator
  var record = StressRecord()
  var screenIndex: [String: Int] = [:]
  var alertIndex: [String: Int] = [:]

  // The current launch.
  var windows: [String: Window] = [:]
  var screens: [String: Screen] = [:]
  var created: [Screen] = []
  var raws: [String: AlertDispatch] = [:]
  var launch = 0
  var launchStart = Duration.zero
  private(set) var policy: FrequencyPolicy
  private var ledger = InMemoryFrequencyLedger()
  let wallClock = StressWallClock()

  /// The latest handle of each declaration (kept across launches, as the runner does).
  var handles: [String: AlertHandle] = [:]
  var tracked: [Tracked] = []
  var open: [Tracked] = []
  var reactionCount = 0
  /// See ``add(_:)``: whether a completion runs as the tail of an add, and the add it asked for.
  var addIsTail = false
  var tailAdd: String?
  /// Alerts the app reported dismissed while on screen: their presenter was never told, so it
  /// may still show them.
  var dismissedByApp: Set<ObjectIdentifier> = []
  var watched: [Watched] = []
  var checkedRoots: [AlertDispatch] = []
  /// The recorders on this launch's roots, and the recordings of the launches that ended
  /// (see ``StressRunner/checksReplays``).
  var recordings: [RecordedRoot] = []
  var exported: [StressRecording] = []

  /// Violations found so far, and the index of the step being run.
  var violations: [StressViolation] = []
  /// The names of the pause tokens the run resolved, first named first, and the latest pause
  /// taken under each name.
  var tokenNames: [String] = []
  var pauses: [String: TakenPause] = [:]

  /// A pause the run took, and the dispatch it paused.
  struct TakenPause {
    let token: AlertPauseToken
    weak var dispatch: AlertDispatch?
  }
  var stepIndex = 0
  var screenCounter = 0
  /// The dispatches the end of the episode closed, in order.
  var closedAtEnd: [String] = []
  var alertCounter = 0
  /// How many steps changed a dispatch's pass scheduling, and how many ended a turn with
  /// deferred passes waiting.
  var schedulingSwitches = 0
  var turnsEnded = 0
  /// Alerts that batch cancels ended.
  var batchCancelled = 0
  /// See ``StressSession/Summary/pauseHolds``.
  var pauseHolds = 0
  /// The alerts that ended as owner left (``OffstagePolicy/end``).
  var endedOffstage = 0
  /// The alerts that ended as overflow.
  var overflowed = 0
  /// The drained events the roots reported.
  var drains = 0
  /// The alerts with a minimum display time not yet ended, by id; the suspensions that a
  /// preemption may have made inside it; and the take-downs checked against it.
  var minimumCounts: [AlertID: [MinimumCount]] = [:]
  var suspects: [SuspectedTakeDown] = []
  var minimumChecked = 0
  /// The roots whose last alert just ended, by identity, with their names: a drained event is
  /// due from each before anything else happens.
  var awaitingDrained: [ObjectIdentifier: AwaitedDrain] = [:]
  /// The reference model, judging every pass of the world's roots.
  let model = ReferenceModel(budgets: StressTables.budgets)
  /// How many completion handlers are running (an add they make waits for the pass to end).
  var handlerDepth = 0

  /// The scenario defaults for caps: 2026-01-01 09:00 UTC, version 1.0.
  static let startDate = Date(timeIntervalSince1970: 1_767_258_000)

  init(episode: StressEpisode) {
    self.episode = episode
    sim = StressWorld.makeSimulator(episode)
    policy = StressWorld.makePolicy(ledger, wallClock)
    wallClock.elapsed = { [weak self] in self?.now ?? .zero }
    installModel()
    startLaunch()
  }

  static func makeSimulator(_ episode: StressEpisode) -> Simulator {
    let sim = Simulator(windowName: "main", transitionDuration: episode.transitionDuration)
    sim.presenter.presentDuration = episode.presentDuration
    sim.presenter.dismissDuration = episode.dismissDuration
    sim.presenter.completesDismissals = episode.completesDismissals
    return sim
  }

  static func makePolicy(_ ledger: InMemoryFrequencyLedger, _ wallClock: StressWallClock)
    -> FrequencyPolicy
  {
    FrequencyPolicy(
      ledger: ledger, wallClock: wallClock, appVersion: "1.0",
      timeZone: TimeZone(identifier: "UTC")!, budgets: StressTables.budgets)
  }

  /// The scenario time: this launch's start plus its clock.
  var now: Duration { launchStart + sim.now.offset }

  // MARK: Launches

  private func startLaunch() {
    windows = ["main": sim.window]
    checkedRoots = []
    adopt(sim.window.dispatch, label: "window main")
    watch(sim, "simulator")
    screens = [:]
    created = []
    raws = [:]
    // As the runner does at a launch: every declared window and screen exists from the start.
    for name in record.windows { _ = window(name) }
    for screen in record.screens { _ = object(screen.name) }
    for step in record.setup { perform(step) }
  }

  /// Mirrors the scenario runner's relaunch: every dispatch of this launch closes, a new
  /// simulator runs the setup again, and the frequency ledger carries over. A pass of the old
  /// launch that is still deferred when its objects are let go of runs at the next end of a
  /// turn, which then frees its root.
  func relaunch() {
    checkAfterStep(full: true)
    let restart = now
    closeLaunch()
    verifyLaunchEnded()
    dismantle()
    launch += 1
    model.relaunch()
    launchStart = restart
    ledger = ledger.nextLaunch()
    policy = StressWorld.makePolicy(ledger, wallClock)
    model.runPolicy = policy
    sim = StressWorld.makeSimulator(episode)
    startLaunch()
  }

  /// Closes what the runner closes at a relaunch, and the raw dispatches.
  func closeLaunch() {
    // A completion handler may add to a dispatch that closed already (its alert ends at once)
    // or show a screen while others close: close until nothing is left open.
    var open: [AlertDispatch] { allDispatches.filter { !$0.isClosed } }
    while !open.isEmpty {
      for screen in created.reversed() where !screen.isClosed { screen.dispatch.close() }
      for window in sim.windows where !window.dispatch.isClosed { window.dispatch.close() }
      for name in StressTables.rawNames {
        if let raw = raws[name], !raw.isClosed { raw.close() }
      }
      // The passes the closes deferred run, so that the checks that follow see them settled
      // (and a completion handler they call may open something to close).
      AlertDispatch.runDeferredPasses()
    }
  }

  /// Every dispatch of this launch: the screens', the windows' and the raw ones.
  private var allDispatches: [AlertDispatch] {
    created.map(\.dispatch) + sim.windows.map(\.dispatch)
      + StressTables.rawNames.compactMap { raws[$0] }
  }

  /// Takes the closed screens off the windows, so that nothing of this launch holds on to the
  /// simulator once the world lets go of it.
  func dismantle() {
    exportRecordings()
    sim.advance(by: .seconds(60))
    for window in sim.windows where window.rootScreen != nil { window.removeRoot() }
  }

  // MARK: Objects

  /// The window with this name, created when first needed.
  func window(_ name: String) -> Window {
    if let window = windows[name] { return window }
    let window = sim.makeWindow(name)
    windows[name] = window
    adopt(window.dispatch, label: "window \(name)")
    return window
  }

  /// The current screen with this name; declared screens of a container are created with it.
  func object(_ name: String) -> Screen {
    if let screen = screens[name] { return screen }
    if let container = record.containers[name] {
      _ = object(container)
      if let screen = screens[name] { return screen }
    }
    return build(name)
  }

  private func build(_ name: String) -> Screen {
    let declaration = record.screens[screenIndex[name]!]
    let screen: Screen
    switch declaration.kind {
    case .plain:
      screen = sim.screen(name)
    case .navigation(let root):
      screen = sim.navigation(name, root: screens[root] ?? build(root))
    case .tabs(let tabs, let selected):
      screen = sim.tabs(name, tabs.map { screens[$0] ?? build($0) }, selected: selected)
    }
    keep(screen)
    return screen
  }

  /// The screen to put on display under `name`, as the runner's `showable`: a closed plain
  /// screen is created again.
  func showable(_ name: String) -> Screen {
    let current = object(name)
    guard current.isClosed, case .plain = record.screens[screenIndex[name]!].kind else {
      return current
    }
    let fresh = sim.screen(name)
    keep(fresh)
    return fresh
  }

  private func keep(_ screen: Screen) {
    screens[screen.name] = screen
    created.append(screen)
    adopt(screen.dispatch, label: "screen \(screen.name)")
    watch(screen, "Screen \(screen.name)")
  }

  /// The dispatch of a window, a raw dispatch or a screen.
  func dispatch(_ name: String) -> AlertDispatch {
    if name == "main" || record.windows.contains(name) { return window(name).dispatch }
    if StressTables.rawNames.contains(name) { return raw(name) }
    return object(name).dispatch
  }

  /// A free-standing dispatch outside the simulator's screens: `r0` has the simulator's
  /// presenter (through a ``HoldingPresenter``), the others none (they borrow an ancestor's,
  /// or are refused).
  func raw(_ name: String) -> AlertDispatch {
    if let raw = raws[name] { return raw }
    var presenter: HoldingPresenter?
    if name == "r0" {
      let held = AlertDispatch(name: "r0-held", clock: sim.clock)
      held.passScheduling = .coalesced
      watch(held, "dispatch r0-held")
      presenter = HoldingPresenter(sim.presenter, holding: held)
    }
    let raw = AlertDispatch(name: name, clock: sim.clock, presenter: presenter)
    raws[name] = raw
    checkedRoots.append(raw)
    record(raw, label: "dispatch \(name)")
    observeMinimumDisplay(of: raw)
    observeForModel(raw)
    watch(raw, "dispatch \(name)")
    return raw
  }

  private func adopt(_ dispatch: AlertDispatch, label: String) {
    dispatch.frequencyPolicy = policy
    checkedRoots.append(dispatch)
    record(dispatch, label: label)
    observeDrains(of: dispatch)
    observeMinimumDisplay(of: dispatch)
    observeForModel(dispatch)
    watch(dispatch, "dispatch \(label)")
  }

  func watch(_ object: AnyObject, _ label: String) {
    watched.append(Watched(object: object, label: label))
  }
}

/// The calendar time of a stress episode, as the scenario runner keeps it: the start date
/// plus scenario time.
@MainActor
final class StressWallClock: WallClock {
  var elapsed: @MainActor () -> Duration = { .zero }

  var now: Date {
    let (seconds, attoseconds) = elapsed().components
    return StressWorld.startDate.addingTimeInterval(
      TimeInterval(seconds) + TimeInterval(attoseconds) * 1e-18)
  }
}
