import AlertDispatchKit
import AlertDispatchScenarioFormat
import Foundation

/// One run of a scenario: the simulator of the current launch, the names it was built from,
/// and what was seen. Scenario time runs on across launches; each launch's simulator clock
/// starts at 0 when the launch starts.
@MainActor
final class ScenarioRun {
  let scenario: Scenario
  private(set) var sim: Simulator
  let trace = AlertTrace()
  /// The current screen of each name (a closed plain screen is replaced when shown again).
  var screens: [String: Screen] = [:]
  var windows: [String: Window] = [:]
  /// Every screen of this launch, in the order created.
  private var created: [Screen] = []
  /// The latest alert added for each declaration.
  var handles: [String: AlertHandle] = [:]
  var added: [(name: String, handle: AlertHandle)] = []
  /// The pauses `pause … as TOKEN` took, by token name (the latest under each name).
  var pauseTokens: [String: AlertPauseToken] = [:]
  /// The bare dispatches of this launch (`dispatch`), by name and in the order made.
  var bareDispatches: [String: AlertDispatch] = [:]
  var bareOrder: [AlertDispatch] = []
  /// The presenter of the bare dispatches when the scenario says `presenter scripted`.
  var scripted: ScriptedPresenter?
  /// What each bare dispatch's active-child provider answers (`provider`), by name.
  var providerAnswers: [String: String?] = [:]
  /// The roots that reported their domain drained and have had no add since.
  var drainedRoots: Set<ObjectIdentifier> = []
  var endCounts: [ObjectIdentifier: Int] = [:]
  var failures: [ScenarioFailure] = []
  /// The first transcript line that differed from an `expect transcript`, if any.
  var firstDivergence: ScenarioFailure?
  var expectationCount = 0
  /// The transcript of every launch, and the scenario time of each line.
  var transcript: [String] = []
  var lineTimes: [AlertInstant] = []
  var transcriptMark = 0
  var reactionCount = 0
  /// Reactions that fired while another reaction's action ran; they run after it, in order.
  var pendingReactions: [ScenarioReaction] = []
  var isReacting = false
  private var stopped = false
  private var marksScreenChanges = false
  /// Whether the run has ended: the trace takes no more events.
  private var isOver = false
  /// The scenario time at which this launch's clock was at 0.
  private var launchStart = Duration.zero
  /// How many lines of this launch's transcript were copied into ``transcript``.
  private var copiedLines = 0
  /// How many timers `after-timers` blocks fired at an instant, one at a time.
  private var timersFired: (instant: AlertInstant, count: Int) = (.zero, 0)
  /// How many timers of the recorded domain fired (a replay's, `presenter scripted`).
  var recordedTimers = 0
  private var ledger: InMemoryFrequencyLedger
  private(set) var policy: FrequencyPolicy
  private let wallClock: ScenarioWallClock

  init(_ scenario: Scenario) {
    self.scenario = scenario
    // Checked after every pass, whatever the process-wide default, and in this run alone.
    var settings = AlertDispatchSettings.current
    settings.checksInvariants = true
    sim = Simulator(windowName: scenario.mainWindow, settings: settings)
    let ledger = InMemoryFrequencyLedger()
    ledger.append(
      scenario.ledgerRecords.map {
        FrequencyRecord(
          key: $0.key, date: $0.date, appVersion: $0.version ?? scenario.appVersion,
          launchID: $0.thisLaunch ? ledger.launchID : "an earlier launch")
      })
    self.ledger = ledger
    let wallClock = ScenarioWallClock(start: scenario.startDate)
    self.wallClock = wallClock
    policy = ScenarioRun.policy(ledger, wallClock, scenario.appVersion, scenario)
    wallClock.elapsed = { [weak self] in self?.now.offset ?? .zero }
  }

  /// The scenario time: this launch's start plus its clock.
  var now: AlertInstant { AlertInstant(offset: launchStart + sim.now.offset) }

  func run(until stop: AlertInstant?) {
    launch()
    for block in scenario.blocks {
      let time = AlertInstant(offset: block.time)
      if let stop, time > stop { break }
      advance(to: time, firingTimersDueThen: block.timers)
      for step in block.steps {
        self.step(step, stop: stop)
        stamp()
        if stopped { break }
      }
      if stopped { break }
    }
    if let stop { advance(to: stop) }
    checkEnd()
    isOver = true
  }

  private func step(_ step: ScenarioStep, stop: AlertInstant?) {
    switch step.kind {
    case .action(.advance(let by)):
      let target = now + by
      if let stop, target > stop {
        advance(to: stop)
        stopped = true
      } else {
        advance(to: target)
      }
    case .action(let action):
      if action.isMarked && !action.isScreenChange { trace.mark(step.text, at: now) }
      perform(action)
    case .expectation(let expectation):
      check(expectation, step)
    }
  }

  func result() -> ScenarioResult {
    ScenarioResult(
      file: scenario.file, transcript: transcript, transcriptTimes: lineTimes, trace: trace,
      failures: failures, expectationCount: expectationCount, endTime: now,
      firstDivergence: firstDivergence)
  }

  // MARK: Launches

  /// Builds the setup on the current simulator and adds the alerts not declared `later`. The
  /// timeline's changes of screens are marked on the trace, as the simulator announces them;
  /// the setup's are not.
  private func launch() {
    marksScreenChanges = false
    defer { marksScreenChanges = true }
    sim.listeners.screenChanges.append { [weak self] statement in
      guard let self, self.marksScreenChanges, !self.isOver else { return }
      self.trace.mark(statement, at: self.now)
    }
    windows = [scenario.mainWindow: sim.window]
    observe(sim.window.dispatch)
    screens = [:]
    created = []
    bareDispatches = [:]
    bareOrder = []
    scripted = scenario.isScripted ? ScriptedPresenter(transcript: sim.transcript) : nil
    for statement in scenario.setup { setUp(statement) }
    for alert in scenario.alerts where !alert.later { add(alert.name) }
    stamp()
  }

  /// The app quits and starts again `gap` later: every dispatch of this launch closes (its
  /// alerts end as owner closed), and a new simulator runs the setup again, sharing the
  /// frequency ledger.
  func relaunch(after gap: Duration, version: String?) {
    checkInvariants()
    for dispatch in bareOrder.reversed() where !dispatch.isClosed { dispatch.close() }
    for screen in created.reversed() where !screen.isClosed { screen.dispatch.close() }
    for window in sim.windows where !window.dispatch.isClosed { window.dispatch.close() }
    stamp()
    transcript.append("relaunch")
    lineTimes.append(now)
    launchStart = now.offset
    wallClock.skipped += gap
    ledger = ledger.nextLaunch()
    policy = ScenarioRun.policy(
      ledger, wallClock, version ?? policy.appVersion, scenario)
    sim = Simulator(
      windowName: scenario.mainWindow, transitionDuration: sim.transitionDuration,
      settings: sim.settings)
    copiedLines = 0
    launch()
  }

  private static func policy(
    _ ledger: InMemoryFrequencyLedger, _ wallClock: ScenarioWallClock, _ version: String,
    _ scenario: Scenario
  ) -> FrequencyPolicy {
    FrequencyPolicy(
      ledger: ledger, wallClock: wallClock, appVersion: version,
      timeZone: scenario.timeZone, budgets: scenario.budgets)
  }

  // MARK: Setup

  private func setUp(_ statement: ScenarioSetup) {
    switch statement {
    case .window(let name):
      if windows[name] == nil {
        let window = sim.makeWindow(name)
        windows[name] = window
        observe(window.dispatch)
      }
    case .screens(let names):
      for name in names { keep(sim.screen(name)) }
    case .navigation(let name, let root):
      keep(sim.navigation(name, root: screen(root)))
    case .tabs(let name, let tabs, let selected):
      keep(sim.tabs(name, tabs.map(screen), selected: selected))
    case .root(let window, let screen):
      windows[window]?.setRoot(showable(screen))
    case .link(let name):
      if let window = windows[name] { sim.link(window) } else { sim.link(screen(name)) }
    case .ownDomain(let name):
      screen(name).node.ownsDomain = true
    case .transition(let duration):
      sim.transitionDuration = duration
    case .presenter(let present, let dismiss):
      if let present { sim.presenter.presentDuration = present }
      if let dismiss { sim.presenter.dismissDuration = dismiss }
    case .dispatch(let name, let parent, let isVisible):
      makeDispatch(name, parent: parent, isVisible: isVisible)
    }
  }

  private func keep(_ screen: Screen) {
    screens[screen.name] = screen
    created.append(screen)
    observe(screen.dispatch)
  }

  /// Gives the dispatch the run's frequency policy, and sends the events of the domain it is
  /// the root of to the trace at scenario time (events bubble up, so only a root records),
  /// until the run is over: tearing the simulator down afterwards (a closed container leaves
  /// its children roots of their own) is no part of the run.
  func observe(_ dispatch: AlertDispatch) {
    dispatch.frequencyPolicy = policy
    let start = launchStart
    dispatch.observe { [weak self, weak dispatch, trace] event in
      guard let self, !self.isOver, let dispatch, dispatch.parent == nil else { return }
      if event.kind == .drained { self.drainedRoots.insert(ObjectIdentifier(dispatch)) }
      if event.kind == .added { self.drainedRoots.remove(ObjectIdentifier(dispatch)) }
      var shifted = event
      shifted.time = AlertInstant(offset: start + event.time.offset)
      trace.record(shifted)
    }
  }

  func screen(_ name: String) -> Screen {
    screens[name]!
  }

  /// The screen to put on display under `name`: a plain screen that was closed (popped,
  /// dismissed) is created again, as an app creates a new view controller.
  func showable(_ name: String) -> Screen {
    let current = screen(name)
    guard current.isClosed, scenario.plainScreens.contains(name) else { return current }
    let fresh = sim.screen(name)
    keep(fresh)
    return fresh
  }

  func dispatch(_ name: String) -> AlertDispatch {
    windows[name]?.dispatch ?? bareDispatches[name] ?? screen(name).dispatch
  }

  // MARK: Time

  /// Moves the clock to scenario time `target` one timer deadline at a time, so that each
  /// transcript line gets the time it was recorded at.
  func advance(to target: AlertInstant, firingTimersDueThen timers: Int? = nil) {
    let local = AlertInstant(offset: target.offset - launchStart)
    guard let timers else {
      while let next = sim.clock.nextDeadline, next <= local {
        sim.clock.advance(to: max(next, sim.now))
        stamp()
      }
      sim.clock.advance(to: local)
      return stamp()
    }
    while let next = sim.clock.nextDeadline, next < local {
      sim.clock.advance(to: max(next, sim.now))
      stamp()
    }
    sim.clock.move(to: local)
    if timersFired.instant != local { timersFired = (local, 0) }
    while timersFired.count < timers {
      let heard = recordedTimers
      guard sim.clock.fireNext(dueBy: local) else { break }
      stamp()
      // In a replay, a timer of another domain is not one of the recording's.
      if scripted?.recordedRoot != nil && recordedTimers == heard { continue }
      timersFired.count += 1
    }
    stamp()
  }

  /// Counts a timer that a `fire-timer` action fires now, for the `after-timers` blocks that
  /// follow at this instant.
  func noteTimerFired() {
    if timersFired.instant != sim.now { timersFired = (sim.now, 0) }
    timersFired.count += 1
  }

  /// Copies the lines this launch recorded since the last call, with the time now.
  func stamp() {
    let lines = sim.transcript.lines
    guard copiedLines < lines.count else { return }
    transcript += lines[copiedLines...]
    lineTimes += Array(repeating: now, count: lines.count - copiedLines)
    copiedLines = lines.count
  }

  // MARK: End of run

  private func checkEnd() {
    checkInvariants()
    for (name, handle) in added {
      let count = endCounts[ObjectIdentifier(handle)] ?? 0
      if count > 1 {
        failures.append(
          ScenarioFailure(
            file: scenario.file, line: nil, statement: "every alert ends at most once",
            expected: "alert '\(name)' ends once", actual: "it ended \(count) times"))
      }
    }
  }

  private func checkInvariants() {
    for violation in sim.invariantViolations() {
      failures.append(
        ScenarioFailure(
          file: scenario.file, line: nil, statement: "invariants hold in every domain",
          expected: "no violation", actual: violation))
    }
  }
}

/// The calendar time of a run: the scenario's start date, plus scenario time, plus the gaps
/// of relaunches (the app was not running).
@MainActor
final class ScenarioWallClock: WallClock {
  let start: Date
  var skipped = Duration.zero
  var elapsed: @MainActor () -> Duration = { .zero }

  init(start: Date) {
    self.start = start
  }

  var now: Date {
    let (seconds, attoseconds) = (elapsed() + skipped).components
    return start.addingTimeInterval(TimeInterval(seconds) + TimeInterval(attoseconds) * 1e-18)
  }
}
