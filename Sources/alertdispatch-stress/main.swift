import AlertDispatchStressKit
import Foundation

// alertdispatch-stress: random operations through the whole API and the simulator, with every
// invariant checked after every pass (over what it touched) and in full every few operations.
// See Docs/AlertDispatch.docc/Reliability.md.

let usage = """
  usage: alertdispatch-stress [--seed S] [--steps N] [--max-episode N] [--full-check-every K]
                              [--record-replay] [--no-shrink] [--progress]
         alertdispatch-stress --seed S --scenario K      print episode K of the seed as a scenario
         alertdispatch-stress --seed S --episode K [--record-replay] [--no-shrink]
                                                         run episode K of the seed alone

    --seed S          the seed of the run (default 1); the same seed runs the same operations
    --steps N         how many operations to run in all (default 10000)
    --max-episode N   the longest episode, in operations (default 480)
    --full-check-every K
                      check every domain in full after every K operations (default 8; 1 after
                      each); after every pass the invariants are checked over what it touched
    --record-replay   record every root with an AlertRecorder and replay each recording at
                      the end of its episode: a replay that does not reproduce what was
                      recorded is a violation; prints `replayed N recordings, skipped K
                      (REASON K, …)` before the last line
    --no-shrink       report failing episodes without shrinking them
    --progress        print a line to standard error after every 100 episodes

  The last line is `steps N, alerts M, passes P, scheduling switches S, turns ended T,
  batch-cancelled B, pause-held H, drained D, overflowed O, owner-left L, minimum-checked C,
  violations V`; the status is 1 when V > 0. S counts the operations that switched a dispatch
  between immediate and coalesced passes, T those that ended a main-actor turn while coalesced
  passes waited, B the alerts that batch cancels ended, H the times an alert waited behind a
  pause when an operation began (each is checked not to go up while that pause holds), D the
  drained events roots reported (each checked to follow the end of their domain's last alert),
  O the alerts that ended as lane overflow, L those that ended as owner left, C the take-downs
  of alerts with a minimum display time (each checked to come after the alert was up that
  long).
  Each failing episode is shrunk and printed as a scenario file and as Swift operations.
  """

struct Options {
  var seed: UInt64 = 1
  var steps = 10_000
  var maxEpisode = 480
  var shrink = true
  var progress = false
  var scenario: Int?
  var episode: Int?
  var fullCheckInterval = 8
  var recordReplay = false
}

func parse(_ arguments: [String]) -> Options? {
  var options = Options()
  var iterator = arguments.makeIterator()
  while let argument = iterator.next() {
    switch argument {
    case "--seed":
      guard let value = iterator.next().flatMap({ UInt64($0) }) else { return nil }
      options.seed = value
    case "--steps":
      guard let value = iterator.next().flatMap({ Int($0) }), value > 0 else {
        return nil
      }
      options.steps = value
    case "--max-episode":
      guard let value = iterator.next().flatMap({ Int($0) }), value >= 32 else { return nil }
      options.maxEpisode = value
    case "--full-check-every":
      guard let value = iterator.next().flatMap({ Int($0) }), value > 0 else { return nil }
      options.fullCheckInterval = value
    case "--scenario":
      guard let value = iterator.next().flatMap({ Int($0) }) else { return nil }
      options.scenario = value
    case "--episode":
      guard let value = iterator.next().flatMap({ Int($0) }), value >= 0 else { return nil }
      options.episode = value
    case "--record-replay": options.recordReplay = true
    case "--no-shrink": options.shrink = false
    case "--progress": options.progress = true
    default: return nil
    }
  }
  return options
}

@MainActor
func report(
  episode: StressEpisode, index: Int, violations: [StressViolation], seed: UInt64, shrink: Bool
) {
  print("== episode \(index) of seed \(seed): \(episode.operations.count) operations")
  for violation in violations { print("  \(violation)") }
  guard shrink, let first = violations.first else { return }
  let minimal = Shrinker.shrink(episode, keeping: first.signature)
  print("-- shrunk to \(minimal.operations.count) operations (Swift, for a regression test):")
  print(minimal)
  print("-- as a scenario file:")
  print(
    StressRunner.scenario(
      for: minimal, title: "alertdispatch-stress --seed \(seed): episode \(index), shrunk"),
    terminator: "")
  if first.kind == .replay, let recording = StressRunner.run(minimal).divergingRecording {
    print("-- the recording whose replay diverges:")
    print(recording, terminator: "")
  }
}

guard let options = parse(Array(CommandLine.arguments.dropFirst())) else {
  FileHandle.standardError.write(Data((usage + "\n").utf8))
  exit(2)
}

StressRunner.fullCheckInterval = options.fullCheckInterval
StressRunner.checksReplays = options.recordReplay
let session = StressSession(
  seed: options.seed, steps: options.steps, episodeLength: 32...options.maxEpisode)

if let index = options.scenario {
  let episode = session.episode(index, maxOperations: options.maxEpisode)
  print(
    StressRunner.scenario(
      for: episode, title: "alertdispatch-stress --seed \(options.seed): episode \(index)"),
    terminator: "")
  exit(0)
}

if let index = options.episode {
  // The episode as the whole run draws it (its steps are not counted against `--steps`).
  let episode = session.episode(index, maxOperations: options.maxEpisode)
  let result = StressRunner.run(episode)
  if !result.violations.isEmpty {
    report(
      episode: episode, index: index, violations: result.violations, seed: options.seed,
      shrink: options.shrink)
  }
  print(
    "episode \(index): \(episode.operations.count) operations, violations \(result.violations.count)"
  )
  exit(result.violations.isEmpty ? 0 : 1)
}

let start = ContinuousClock.now
let summary = session.run { summary in
  guard options.progress, summary.episodes % 100 == 0 else { return }
  FileHandle.standardError.write(Data("  … \(summary.line)\n".utf8))
}
let elapsed = ContinuousClock.now - start
var reported: Set<String> = []
for failure in summary.failures {
  // One report per kind of failure: the others are most likely the same bug.
  guard let signature = failure.violations.first?.signature, reported.insert(signature).inserted
  else { continue }
  report(
    episode: failure.episode, index: failure.index, violations: failure.violations,
    seed: options.seed, shrink: options.shrink)
}
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
FileHandle.standardError.write(
  Data(
    "\(summary.episodes) episodes in \(String(format: "%.1f", seconds)) s, \(Int(Double(summary.steps) / max(seconds, 0.001))) steps/s\n"
      .utf8))
if options.recordReplay { print(summary.replayLine) }
print(summary.line)
exit(summary.violations > 0 ? 1 : 0)
