/// One side of an interleaved pair: a scheduler running its workload's script slice by slice.
@MainActor
protocol PairSide: AnyObject {
  /// The scheduler and size, for the report ("dispatch n=10").
  var label: String { get }
  var n: Int { get }
  /// Time and events of the slices so far; only whole runs once the pair is done.
  var time: Duration { get }
  var events: Int { get }
  var finishedRuns: Int { get }
  var atRunBoundary: Bool { get }
  /// Runs one slice of about `sliceTarget`, timed, across the ends of runs; or, when
  /// `toRunEnd`, only until the current run ends.
  func runSlice(_ clock: ContinuousClock, toRunEnd: Bool)
}

/// A scheduler on one scenario, run in slices of about `sliceTarget`; the events of a slice
/// adapt to the time the last one took. A slice goes on across the ends of runs: one that
/// stopped at each end would, at n = 10, alternate every few microseconds and run cold.
///
/// With `warmsEachSlice`, a slice starts with one untimed run and ends where a run ends: the
/// other side's slice in between leaves the caches full of its own data, and at 10,000 alerts
/// AlertDispatch took up to a third longer per event in the runs that found them so.
@MainActor
final class SlicedRun<S: BenchScheduler>: PairSide {
  let label: String
  let scenario: Scenario
  let scheduler: S
  let sliceTarget: Duration
  let warmsEachSlice: Bool
  private var cursor = ScriptCursor()
  private var sliceEvents = 16
  private(set) var time = Duration.zero
  private(set) var events = 0

  init(
    _ label: String, _ scenario: Scenario, slot: Int, sliceTarget: Duration, warmUp: Bool,
    warmsEachSlice: Bool
  ) {
    self.label = "\(label) n=\(scenario.n)"
    self.scenario = scenario
    self.sliceTarget = sliceTarget
    self.warmsEachSlice = warmsEachSlice
    scheduler = S.make(for: scenario, slot: slot)
    if warmUp { _ = Driver.run(scheduler, scenario) }
  }

  var n: Int { scenario.n }
  var finishedRuns: Int { cursor.finishedRuns }
  var atRunBoundary: Bool { cursor.atRunBoundary }

  func runSlice(_ clock: ContinuousClock, toRunEnd: Bool) {
    // A slice of a warming side starts where a run starts (the last one ended there).
    if warmsEachSlice { _ = Driver.run(scheduler, scenario) }
    let start = clock.now
    var made = cursor.advance(scheduler, scenario, budget: sliceEvents)
    while made < sliceEvents && !(toRunEnd && cursor.atRunBoundary) {
      made += cursor.advance(scheduler, scenario, budget: sliceEvents - made)
    }
    if warmsEachSlice && !cursor.atRunBoundary {
      made += cursor.advance(scheduler, scenario, budget: .max)
    }
    let elapsed = clock.now - start
    time += elapsed
    events += made
    // Aim the next slice at the target from this one's pace (at most 4× more at once).
    if made > 0 && elapsed > .zero {
      let pace = Double(made) / elapsed.nanoseconds
      let wanted = pace * sliceTarget.nanoseconds
      sliceEvents = max(1, min(Int(wanted), sliceEvents * 4, 1_000_000))
    }
  }
}

/// Makes a sliced run of `kind` on `scenario`, with the scheduler of `slot` (see
/// `BenchScheduler.make(for:slot:)`), after one untimed run when `warmUp`, and with one before
/// each slice when `warmsEachSlice`.
@MainActor
func slicedRun(
  _ kind: SchedulerKind, label: String, _ scenario: Scenario, slot: Int, sliceTarget: Duration,
  warmUp: Bool, warmsEachSlice: Bool
) -> any PairSide {
  func make<S: BenchScheduler>(_ type: S.Type) -> any PairSide {
    SlicedRun<S>(
      label, scenario, slot: slot, sliceTarget: sliceTarget, warmUp: warmUp,
      warmsEachSlice: warmsEachSlice)
  }
  return make(kind.schedulerType)
}

/// Two sides measured together: their slices alternate, each a few milliseconds long, until
/// `window` has passed and each side has finished `minimumRuns`; then each side stops at the end
/// of its run, so that its time covers whole runs only.
///
/// Interleaving is what makes a ratio of two figures readable on a host whose speed changes
/// every few hundred milliseconds (this one ran the same code at 1.8 times the time from one
/// tenth of a second to the next): figures measured one after the other can fall in different
/// states, but alternating slices sample the same stretch of time, so both sides see the
/// host's states in the same proportion.
@MainActor
func measurePair(
  _ a: any PairSide, _ b: any PairSide, window: Duration, minimumRuns: (a: Int, b: Int)
) -> Int {
  let clock = ContinuousClock()
  let start = clock.now
  var slices = 0
  var satisfied = false
  while true {
    if !satisfied {
      satisfied =
        clock.now - start >= window && a.finishedRuns >= minimumRuns.a
        && b.finishedRuns >= minimumRuns.b
    }
    let aDone = satisfied && a.atRunBoundary
    let bDone = satisfied && b.atRunBoundary
    if aDone && bDone { return slices }
    // A side short of its minimum stops at the end of a run, so that the sorting pass, whose one run
    // at 10,000 takes seconds, is not started on a second (its pair has no window).
    if !aDone { a.runSlice(clock, toRunEnd: satisfied || a.finishedRuns < minimumRuns.a) }
    if !bDone { b.runSlice(clock, toRunEnd: satisfied || b.finishedRuns < minimumRuns.b) }
    slices += 1
  }
}

/// What a paired ratio is for.
enum PairKind: String, Codable {
  /// AlertDispatch per event at the largest n ÷ at the smallest.
  case growth
  /// The sorting pass per event ÷ AlertDispatch.
  case sortPass = "sortpass"
  /// AlertDispatch per lifecycle ÷ the ring buffer's.
  case floor
  /// Deep per event ÷ deep-bare, minus one.
  case offstage

  /// Whether the ratio compares lifecycles rather than events.
  var perLifecycle: Bool { self == .floor }
}

/// A ratio of two figures measured as an interleaved pair (`measurePair`).
struct PairedFigure: Codable {
  var kind: PairKind
  var workload: String
  /// The size the ratio is read at (for growth, the largest).
  var n: Int
  var numerator: String
  var denominator: String
  var numeratorNsPerEvent: Double
  var denominatorNsPerEvent: Double
  var numeratorNsPerLifecycle: Double
  var denominatorNsPerLifecycle: Double
  var ratio: Double
  /// Whole runs each side made.
  var numeratorRuns: Int
  var denominatorRuns: Int
  /// Alternations and the time the pair took, both sides together.
  var slices: Int
  var seconds: Double
}

extension PairSide {
  var nsPerEvent: Double { time.nanoseconds / Double(max(1, events)) }
  var nsPerLifecycle: Double { time.nanoseconds / Double(max(1, finishedRuns * n)) }
}

/// Measures `numerator` against `denominator` as a pair and reports their ratio as `kind` reads
/// it (`PairKind`).
@MainActor
func pairedFigure(
  kind: PairKind, workload: Workload, n: Int, numerator: any PairSide, denominator: any PairSide,
  window: Duration, minimumRuns: (a: Int, b: Int)
) -> PairedFigure {
  let clock = ContinuousClock()
  let start = clock.now
  let slices = measurePair(numerator, denominator, window: window, minimumRuns: minimumRuns)
  let seconds = (clock.now - start).nanoseconds / 1e9
  var ratio =
    kind.perLifecycle
    ? numerator.nsPerLifecycle / denominator.nsPerLifecycle
    : numerator.nsPerEvent / denominator.nsPerEvent
  if kind == .offstage { ratio -= 1 }
  return PairedFigure(
    kind: kind, workload: workload.rawValue, n: n, numerator: numerator.label,
    denominator: denominator.label, numeratorNsPerEvent: numerator.nsPerEvent,
    denominatorNsPerEvent: denominator.nsPerEvent,
    numeratorNsPerLifecycle: numerator.nsPerLifecycle,
    denominatorNsPerLifecycle: denominator.nsPerLifecycle, ratio: ratio,
    numeratorRuns: numerator.finishedRuns, denominatorRuns: denominator.finishedRuns,
    slices: slices,
    seconds: seconds)
}
