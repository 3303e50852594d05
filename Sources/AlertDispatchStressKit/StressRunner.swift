import AlertDispatchKit

/// Runs stress episodes: each on a fresh simulator, with every check after every operation,
/// exactly-once and invariant checks when every dispatch has closed, and a leak check once the
/// episode let go of everything.
///
/// ```swift
/// let result = StressRunner.run(episode)
/// if !result.violations.isEmpty {
///   let minimal = Shrinker.shrink(episode, keeping: result.violations[0].signature)
///   print(StressRunner.scenario(for: minimal))
/// }
/// ```
@MainActor
package enum StressRunner {
  /// What one episode did and found.
  package struct Result: Sendable {
    /// What went wrong; empty when all is well. An episode stops at the first operation after
    /// which something is wrong.
    package var violations: [StressViolation]
    /// How many operations ran.
    package var operations: Int
    /// How many alerts were added (completion handlers' adds included).
    package var alerts: Int
    /// How many passes the roots ran.
    package var passes: Int
    /// How many operations changed a dispatch's pass scheduling.
    package var schedulingSwitches = 0
    /// How many operations ended a main-actor turn while passes were deferred.
    package var turnsEnded = 0
    /// How many alerts batch cancels ended.
    package var batchCancelled = 0
    /// See ``StressSession/Summary/pauseHolds``.
    package var pauseHolds = 0
    /// See ``StressSession/Summary/drains``.
    package var drains = 0
    /// See ``StressSession/Summary/overflowed``.
    package var overflowed = 0
    /// See ``StressSession/Summary/ownerLeft``.
    package var ownerLeft = 0
    /// See ``StressSession/Summary/minimumChecked``.
    package var minimumChecked = 0
    /// See ``StressSession/Summary/replayed``.
    package var replayed = 0
    /// See ``StressSession/Summary/replaySkips``.
    package var replaySkips: [String: Int] = [:]
    /// The recording whose replay diverged, when one did.
    package var divergingRecording: String?
  }

  /// How many operations run between two full checks of every domain by brute force (and of
  /// the explanations of waiting alerts); 1 checks in full after every operation. In between,
  /// the check after every pass looks at what the pass touched, and the end of every launch
  /// and of the episode checks in full.
  package static var fullCheckInterval = 8

  /// Whether every root the episode makes is recorded by an `AlertRecorder` and its recording
  /// replayed once the episode is over: a replay that diverges from what was recorded is a
  /// violation (``StressViolation/Kind/replay``).
  package static var checksReplays = false

  /// Turns on the core's invariant checks after every pass and silences diagnostics (they are
  /// expected: misuse is part of every run).
  package static func prepare() {
    AlertDispatch.checksInvariants = true
    AlertDispatch.diagnosticHandler = { _ in }
  }

  /// Runs one episode and checks it.
  package static func run(_ episode: StressEpisode) -> Result {
    prepare()
    let passesBefore = AlertDispatch.passCount
    var result = Result(violations: [], operations: 0, alerts: 0, passes: 0)
    var watched: [StressWorld.Watched] = []
    var recordings: [StressRecording] = []
    do {
      let world = StressWorld(episode: episode)
      for (index, operation) in episode.operations.enumerated() {
        world.stepIndex = index
        world.run(operation)
        result.operations = index + 1
        if !world.violations.isEmpty { break }
      }
      if world.violations.isEmpty { world.finish() }
      result.violations = world.violations
      result.alerts = world.tracked.count
      result.schedulingSwitches = world.schedulingSwitches
      result.turnsEnded = world.turnsEnded
      result.batchCancelled = world.batchCancelled
      result.pauseHolds = world.pauseHolds
      result.drains = world.drains
      result.overflowed = world.overflowed
      result.ownerLeft = world.endedOffstage
      result.minimumChecked = world.minimumChecked
      watched = world.watched
      recordings = world.exported
    }
    // The roots whose passes still wait (the windows' last passes, or an episode stopped at a
    // violation) are held until those passes run: the end of the turn frees them.
    AlertDispatch.runDeferredPasses()
    result.passes = AlertDispatch.passCount - passesBefore
    if result.violations.isEmpty {
      for object in watched where object.object != nil {
        result.violations.append(
          StressViolation(
            kind: .leak, message: "\(object.label) is still alive after the episode",
            step: episode.operations.count))
      }
    }
    if result.violations.isEmpty {
      replay(recordings, into: &result, step: episode.operations.count)
    }
    return result
  }

  /// The scenario file that replays an episode, with the violations it finds named at the top.
  package static func scenario(for episode: StressEpisode, title: String = "") -> String {
    prepare()
    let world = StressWorld(episode: episode)
    for (index, operation) in episode.operations.enumerated() {
      world.stepIndex = index
      world.run(operation)
      if !world.violations.isEmpty { break }
    }
    let endChecks = world.violations.isEmpty
    if endChecks { world.finish() }
    defer { AlertDispatch.runDeferredPasses() }
    let emitter = ScenarioEmitter(record: world.record, episode: episode)
    return emitter.text(
      title: title, violations: world.violations, teardown: endChecks,
      closing: world.closedAtEnd,
      outcomes: world.handles.compactMapValues { $0.endedOutcome.map { "\($0)" } })
  }
}
