/// How much to run.
struct BenchOptions {
  var sizes = [10, 100, 1_000, 10_000, 100_000]
  var reps = 5
  var json = false
  /// Lifecycles one repetition aims for at small n (the run is repeated to reach it).
  var lifecyclesPerRep = 20_000
  /// A repetition stops repeating its run after this long (at least one run).
  var repBudget: Duration = .milliseconds(250)
  /// A cell stops adding repetitions after this long (at least one repetition).
  var cellBudget: Duration = .seconds(2)
  /// A cell above n = 10,000 is skipped when one run is predicted to take longer than this.
  var skipBudget: Duration = .seconds(4)
  /// The sorting pass runs at sizes up to this whatever the prediction (the 100× target is read
  /// against it at 10,000).
  var alwaysRunUpTo = 10_000
  /// Only these workloads and schedulers (for profiling one cell); empty means all.
  var workloads: Set<String> = []
  var schedulers: Set<String> = []
  /// Runs per repetition when fixed by `--runs`.
  var fixedRuns: Int?
  /// Whether the ratios the targets read are measured as interleaved pairs (`runPairs`).
  var pairs = true
  /// How long each pair runs at least.
  var pairWindow: Duration = .seconds(1)
  /// How long a slice of one side of a pair lasts, about.
  var sliceTarget: Duration = .milliseconds(10)
  /// Whether each slice of a side whose runs are short starts with one untimed run, so that
  /// the timed runs find the caches as their own cells do, not as the other side left them.
  var warmSlices = true
  /// Appends of each ledger in the ledger part, at each number of keys; each waits for a write
  /// of a few milliseconds.
  var ledgerAppends = 200

  static let usage = """
    usage: alertdispatch-bench [--json] [--quick] [--reps N]
      --json     print one JSON object with every figure instead of the table
      --quick    n = 10, 100, 1,000, one repetition, 20 ledger appends (seconds; for tests and CI)
      --reps N   repetitions per cell (default 5); the median is reported
      --sizes A,B,…         only these n (for profiling)
      --only WORKLOAD,…     only these workloads (burst, burst-wide, deep (with deep-bare),
                            dependencies, churn, one-bucket; deep-bare alone, to profile it);
                            ledger: the frequency ledgers' main-actor time per append
                            (--only ledger runs that part alone, in seconds);
                            recorder: a root's time per event with and without a recorder
      --schedulers NAME,…   only these schedulers (dispatch, provider, floor, fifo, sortpool, sortpass)
      --runs K              exactly K runs per repetition, no time budgets, no pairs (for callgrind)
      --no-pairs            no interleaved pairs: the targets read the cells measured in sequence
      --slice MS            how long a slice of one side of a pair lasts (default 10)
      --cold-slices         no untimed run before each slice of a pair (the slicing before warm slices)
    """

  /// Parses the command line; `nil` after printing usage.
  static func parse(_ arguments: [String]) -> BenchOptions? {
    var options = BenchOptions()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--json": options.json = true
      case "--quick":
        options.sizes = [10, 100, 1_000]
        options.reps = 1
        options.lifecyclesPerRep = 2_000
        options.alwaysRunUpTo = 1_000
        options.pairWindow = .milliseconds(100)
        options.ledgerAppends = 20
      case "--reps":
        guard let value = rest.popFirst().flatMap(Int.init), value > 0 else {
          print(usage)
          return nil
        }
        options.reps = value
      case "--sizes":
        guard let list = rest.popFirst()?.split(separator: ",").compactMap({ Int($0) }),
          !list.isEmpty, list.allSatisfy({ $0 > 0 })
        else {
          print(usage)
          return nil
        }
        options.sizes = list
        options.alwaysRunUpTo = list.max()!
      case "--runs":
        guard let value = rest.popFirst().flatMap(Int.init), value > 0 else {
          print(usage)
          return nil
        }
        options.fixedRuns = value
        options.repBudget = .seconds(1_000_000)
        options.cellBudget = .seconds(1_000_000)
        options.skipBudget = .seconds(1_000_000)
        options.pairs = false
      case "--no-pairs":
        options.pairs = false
      case "--cold-slices":
        options.warmSlices = false
      case "--slice":
        guard let value = rest.popFirst().flatMap(Int.init), value > 0 else {
          print(usage)
          return nil
        }
        options.sliceTarget = .milliseconds(value)
      case "--only":
        options.workloads = Set((rest.popFirst() ?? "").split(separator: ",").map(String.init))
      case "--schedulers":
        options.schedulers = Set((rest.popFirst() ?? "").split(separator: ",").map(String.init))
      default:
        print(usage)
        return nil
      }
    }
    return options
  }
}

/// The figures of one scheduler on one workload at one n.
struct Cell: Codable {
  var scheduler: String
  var workload: String
  var n: Int
  /// Median over repetitions; `nil` when skipped.
  var nsPerEvent: Double?
  var nsPerLifecycle: Double?
  var eventsPerRun: Int?
  var repetitions: Int
  var runsPerRepetition: Int?
  var skipped: String?
  /// For `deep`: the median over interleaved repetitions of deep ÷ deep-bare − 1.
  var offstageOverhead: Double?
  /// Measured as one side of an interleaved pair (`runPairs`), not in repetitions of its own.
  var interleaved: Bool?
}

extension Duration {
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// The repetitions of one scheduler on one scenario. One scheduler instance serves every
/// repetition (its queues are empty again after each run), so set-up such as 10,000 screens is
/// not timed.
@MainActor
final class CellRun<S: BenchScheduler> {
  let scenario: Scenario
  let scheduler: S
  let runs: Int
  private(set) var perEvent: [Double] = []
  private var perLifecycle: [Double] = []
  private(set) var time = Duration.zero
  private var events = 0
  private var maxRuns = 0

  init(_ scenario: Scenario, options: BenchOptions, warmUp: Bool) {
    self.scenario = scenario
    scheduler = S.make(for: scenario, slot: 0)
    runs = options.fixedRuns ?? max(1, options.lifecyclesPerRep / scenario.n)
    if warmUp { _ = Driver.run(scheduler, scenario) }
  }

  /// One repetition: `runs` runs, or fewer once the repetition budget is spent.
  func repeatOnce(_ options: BenchOptions) {
    let clock = ContinuousClock()
    var repTime = Duration.zero
    var repEvents = 0
    var done = 0
    while done < runs && (done == 0 || repTime < options.repBudget) {
      let start = clock.now
      let made = Driver.run(scheduler, scenario)
      repTime += clock.now - start
      repEvents += made
      done += 1
    }
    events = repEvents / done
    maxRuns = max(maxRuns, done)
    time += repTime
    perEvent.append(repTime.nanoseconds / Double(repEvents))
    perLifecycle.append(repTime.nanoseconds / Double(done * scenario.n))
  }

  func wantsMore(_ options: BenchOptions) -> Bool {
    perEvent.count < options.reps && (perEvent.isEmpty || time < options.cellBudget)
  }

  func cell(name: String, workload: Workload? = nil) -> Cell {
    return Cell(
      scheduler: name, workload: (workload ?? scenario.workload).rawValue, n: scenario.n,
      nsPerEvent: median(perEvent), nsPerLifecycle: median(perLifecycle), eventsPerRun: events,
      repetitions: perEvent.count, runsPerRepetition: maxRuns)
  }
}

/// Measures one scheduler on one scenario, or skips it when one run is predicted to take longer
/// than the budget (above the sizes that always run).
@MainActor
func measure<S: BenchScheduler>(
  _ type: S.Type, name: String, _ scenario: Scenario, options: BenchOptions,
  predictedRun: Duration?, mustRun: Bool
) -> Cell {
  if let predictedRun, !mustRun, predictedRun > options.skipBudget {
    return Cell(
      scheduler: name, workload: scenario.workload.rawValue, n: scenario.n, repetitions: 0,
      skipped: "skipped: > budget (one run predicted at \(Int(predictedRun.nanoseconds / 1e9)) s)")
  }
  let run = CellRun<S>(
    scenario, options: options, warmUp: predictedRun.map { $0 < options.repBudget } ?? true)
  while run.wantsMore(options) { run.repeatOnce(options) }
  return run.cell(name: name)
}

/// Measures AlertDispatch on `deep` and on `deep-bare` with their repetitions interleaved, so
/// that a change in machine load hits both alike; the median of the ratios of paired
/// repetitions is the cost of the offstage screens.
@MainActor
func measureOffstagePair(n: Int, options: BenchOptions) -> (deep: Cell, bare: Cell) {
  let deep = CellRun<DispatchScheduler>(
    Scenario(.deep, n: n, seed: 42), options: options, warmUp: true)
  let bare = CellRun<DispatchScheduler>(
    Scenario(.deepBare, n: n, seed: 42), options: options, warmUp: true)
  // At least five pairs, whatever the cell budget: at n = 100,000 three pairs (what the budget
  // allows) once gave +16 % where reruns gave 1 % to 8 %; the median of five is steadier.
  while deep.wantsMore(options) || bare.wantsMore(options)
    || deep.perEvent.count < min(5, options.reps)
  {
    deep.repeatOnce(options)
    bare.repeatOnce(options)
  }
  let name = SchedulerKind.dispatch.rawValue
  var deepCell = deep.cell(name: name)
  let count = min(deep.perEvent.count, bare.perEvent.count)
  deepCell.offstageOverhead = median(
    (0..<count).map { deep.perEvent[$0] / bare.perEvent[$0] - 1 })
  return (deepCell, bare.cell(name: name))
}

extension Cell {
  /// One run's time, for predicting the next size.
  var runTime: Duration? {
    guard let nsPerLifecycle else { return nil }
    return .nanoseconds(Int64(nsPerLifecycle * Double(n)))
  }
}
