/// A seeded stress run: episodes of random length drawn from one seed until a number of steps
/// ran. `StressSession(seed: 7, steps: 200_000).run()` is the same run on every machine.
@MainActor
package struct StressSession {
  /// A failing episode and what it found.
  package struct Failure: Sendable {
    /// Which episode of the session (0 first).
    package var index: Int
    /// The episode as generated.
    package var episode: StressEpisode
    /// What it found.
    package var violations: [StressViolation]
  }

  /// What a session did.
  package struct Summary: Sendable {
    /// Operations run.
    package var steps = 0
    /// Alerts added.
    package var alerts = 0
    /// Passes run by the roots.
    package var passes = 0
    /// Operations that changed a dispatch's pass scheduling.
    package var schedulingSwitches = 0
    /// Operations that ended a main-actor turn while passes were deferred.
    package var turnsEnded = 0
    /// Alerts that batch cancels ended.
    package var batchCancelled = 0
    /// The times an alert waited behind a pause when an operation began (each is checked not
    /// to go up while that pause holds).
    package var pauseHolds = 0
    /// The drained events the roots reported (each checked against its domain).
    package var drains = 0
    /// The alerts that ended as overflow (each checked never to have gone up).
    package var overflowed = 0
    /// The alerts that ended as owner left (each checked to have gone up and asked for it).
    package var ownerLeft = 0
    /// The take-downs of alerts with a minimum display time that the framework made (each
    /// checked to come after the alert was up that long).
    package var minimumChecked = 0
    /// The recordings of roots replayed, when the runner checks replays
    /// (``StressRunner/checksReplays``): each replay must reproduce what was recorded.
    package var replayed = 0
    /// The recordings not replayed, by reason.
    package var replaySkips: [String: Int] = [:]
    /// Violations found (the first operation's worth of each failing episode).
    package var violations = 0
    /// Episodes run.
    package var episodes = 0
    /// The failing episodes.
    package var failures: [Failure] = []

    /// `replayed N recordings, skipped K (coalesced passes K, …)`: what the check of replays
    /// covered.
    package var replayLine: String {
      let skipped = replaySkips.values.reduce(0, +)
      let reasons = replaySkips.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
      return "replayed \(replayed) recordings, skipped \(skipped)"
        + (reasons.isEmpty ? "" : " (\(reasons.joined(separator: ", ")))")
    }

    /// `steps N, alerts M, passes P, scheduling switches S, turns ended T, batch-cancelled B,
    /// pause-held H, drained D, overflowed O, owner-left L, minimum-checked C, violations V`:
    /// the stress tool's last line.
    package var line: String {
      "steps \(steps), alerts \(alerts), passes \(passes), scheduling switches \(schedulingSwitches), turns ended \(turnsEnded), batch-cancelled \(batchCancelled), pause-held \(pauseHolds), drained \(drains), overflowed \(overflowed), owner-left \(ownerLeft), minimum-checked \(minimumChecked), violations \(violations)"
    }
  }

  /// The seed every episode's bytes derive from.
  package var seed: UInt64
  /// How many operations to run in all.
  package var steps: Int
  /// How many operations an episode has at most (and at least, unless steps run out).
  package var episodeLength: ClosedRange<Int>

  /// A session of `steps` operations from `seed`.
  package init(seed: UInt64, steps: Int, episodeLength: ClosedRange<Int> = 32...480) {
    self.seed = seed
    self.steps = steps
    self.episodeLength = episodeLength
  }

  /// Episode `index` of this session.
  package func episode(_ index: Int, maxOperations: Int) -> StressEpisode {
    var lengths = SplitMix64(seed: SplitMix64.derive(seed, UInt64(index) &* 2 &+ 1))
    let span = UInt64(episodeLength.count)
    let length = min(episodeLength.lowerBound + Int(lengths.next() % span), maxOperations)
    var bytes = SeededBytes(seed: SplitMix64.derive(seed, UInt64(index) &* 2))
    let episode = OperationDecoder.episode(from: &bytes, maxOperations: max(length, 1))
    // One episode in four crowds a few lanes, where the choices among equals are made, and
    // one in four crowds them with covering alerts and alerts that leave slowly.
    switch index % 4 {
    case 3: return episode.crowded()
    case 1: return episode.crowded(covering: true)
    default: return episode
    }
  }

  /// Runs every episode; `progress` hears about each one as it ends.
  package func run(progress: (Summary) -> Void = { _ in }) -> Summary {
    var summary = Summary()
    while summary.steps < steps {
      let episode = self.episode(summary.episodes, maxOperations: steps - summary.steps)
      let result = StressRunner.run(episode)
      // An episode that stops at a violation still counts its operations, so that a run's
      // steps do not depend on what it found.
      summary.steps += episode.operations.count
      summary.alerts += result.alerts
      summary.passes += result.passes
      summary.schedulingSwitches += result.schedulingSwitches
      summary.turnsEnded += result.turnsEnded
      summary.batchCancelled += result.batchCancelled
      summary.pauseHolds += result.pauseHolds
      summary.drains += result.drains
      summary.overflowed += result.overflowed
      summary.ownerLeft += result.ownerLeft
      summary.minimumChecked += result.minimumChecked
      summary.replayed += result.replayed
      summary.replaySkips.merge(result.replaySkips, uniquingKeysWith: +)
      if !result.violations.isEmpty {
        summary.violations += result.violations.count
        summary.failures.append(
          Failure(index: summary.episodes, episode: episode, violations: result.violations))
      }
      summary.episodes += 1
      progress(summary)
    }
    return summary
  }
}
