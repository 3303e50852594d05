/// The schedulers compared, in table order.
enum SchedulerKind: String, CaseIterable {
  case dispatch
  case provider
  case floor
  case fifo
  case sortPool = "sortpool"
  case sortPass = "sortpass"

  var summary: String {
    switch self {
    case .dispatch: "AlertDispatch (this package), VirtualClock, a presenter class, activeChild set"
    case .provider: "the same with activeChildProvider closures (deep, churn: the chains with tabs)"
    case .floor: "bare ring buffer of requests: enqueue, dequeue on dismiss; nothing else"
    case .fifo: "hand-written queue: FIFO array, removeFirst() on dismiss; no priority"
    case .sortPool: "popup manager: pool sorted by priority on every dismiss"
    case .sortPass: "dispatcher per screen: each event collects every queue on the chain, re-sorts"
    }
  }

  /// The baselines whose cost per event grows with the queue; a run of theirs is predicted to
  /// grow with the square of n, the others' linearly.
  var isQuadratic: Bool {
    switch self {
    case .dispatch, .provider, .floor: false
    case .fifo, .sortPool, .sortPass: true
    }
  }

  /// Whether this kind runs `workload`: the providers only where screens have active children,
  /// and AlertDispatch alone the reference workloads.
  func runs(_ workload: Workload) -> Bool {
    if workload.isReference { return self == .dispatch }
    return self != .provider || workload == .deep || workload == .churn
  }

  /// Whether a cell runs whatever its prediction: AlertDispatch always, and the sorting pass up to
  /// `BenchOptions.alwaysRunUpTo`, since the 100× target is read against it at n = 10,000.
  func mustRun(n: Int, _ options: BenchOptions) -> Bool {
    self == .dispatch || self == .provider || (self == .sortPass && n <= options.alwaysRunUpTo)
  }

  /// The scheduler type this kind measures.
  var schedulerType: any BenchScheduler.Type {
    switch self {
    case .dispatch: DispatchScheduler.self
    case .provider: ProviderDispatchScheduler.self
    case .floor: RingBufferFloor.self
    case .fifo: FIFOArrayQueue.self
    case .sortPool: SortedPriorityPool.self
    case .sortPass: SortingChainPass.self
    }
  }

  @MainActor
  func measure(_ scenario: Scenario, _ options: BenchOptions, predictedRun: Duration?) -> Cell {
    alertdispatch_bench.measure(
      schedulerType, name: rawValue, scenario, options: options,
      predictedRun: predictedRun, mustRun: mustRun(n: scenario.n, options))
  }
}

/// Runs every workload at every size on every scheduler. AlertDispatch runs `deep` and
/// `deep-bare` interleaved; the baselines do not run the reference workloads: `deep-bare`,
/// which only serves as the reference for the cost of offstage screens, `burst-wide` and
/// `one-bucket`.
@MainActor
func runSuite(_ options: BenchOptions, progress: (String) -> Void) -> [Cell] {
  var cells: [Cell] = []
  func report(_ cell: Cell) {
    progress(
      "\(cell.workload) n=\(cell.n) \(cell.scheduler): "
        + (cell.nsPerEvent.map { "\(Int($0)) ns/event" } ?? cell.skipped ?? ""))
    cells.append(cell)
  }
  // Deep-bare runs with deep, interleaved; alone only when named (to profile it by itself).
  let bareAlone = options.workloads.contains(Workload.deepBare.rawValue)
  for workload in Workload.allCases where workload != .deepBare || bareAlone {
    guard options.workloads.isEmpty || options.workloads.contains(workload.rawValue) else {
      continue
    }
    var last: [SchedulerKind: (n: Int, run: Duration)] = [:]
    for n in options.sizes {
      let scenario = Scenario(workload, n: n, seed: 42)
      for kind in SchedulerKind.allCases
      where kind.runs(workload)
        && options.selects(kind)
      {
        if workload == .deep && kind == .dispatch {
          let pair = measureOffstagePair(n: n, options: options)
          report(pair.deep)
          report(pair.bare)
          continue
        }
        if options.pairs && kind == .sortPass && n == BenchOptions.pivot(options.sizes)
          && options.selects(.dispatch)
        {
          // Measured interleaved with AlertDispatch, in `runPairs`.
          report(
            Cell(
              scheduler: kind.rawValue, workload: workload.rawValue, n: n, repetitions: 0,
              skipped: "measured interleaved with dispatch (paired ratios)"))
          continue
        }
        let predicted = last[kind].map { previous in
          let scale = Double(n) / Double(previous.n)
          let growth = kind.isQuadratic ? scale * scale : scale
          return Duration.nanoseconds(Int64(previous.run.nanoseconds * growth))
        }
        let cell = kind.measure(scenario, options, predictedRun: predicted)
        if let run = cell.runTime { last[kind] = (n, run) }
        report(cell)
      }
    }
  }
  return cells
}

extension BenchOptions {
  /// Whether `kind` runs (`--schedulers` leaves some out).
  func selects(_ kind: SchedulerKind) -> Bool {
    schedulers.isEmpty || schedulers.contains(kind.rawValue)
  }

  /// The size the 100× target is read at: 10,000, or the largest size when 10,000 is not run.
  static func pivot(_ sizes: [Int]) -> Int {
    sizes.contains(10_000) ? 10_000 : (sizes.max() ?? 0)
  }
}

/// Measures every ratio a target reads as an interleaved pair (`measurePair`), for the cells the
/// suite ran: AlertDispatch at the largest n against the smallest, the sorting pass against
/// AlertDispatch at the pivot size (whose cell it fills in), AlertDispatch against the ring
/// buffer at every n, and deep against deep-bare at every n.
@MainActor
func runPairs(_ options: BenchOptions, cells: inout [Cell], progress: (String) -> Void)
  -> [PairedFigure]
{
  var figures: [PairedFigure] = []
  func ran(_ kind: SchedulerKind, _ workload: Workload, _ n: Int) -> Bool {
    cells.contains {
      $0.scheduler == kind.rawValue && $0.workload == workload.rawValue && $0.n == n
        && $0.skipped == nil
    }
  }
  func side(
    _ kind: SchedulerKind, _ workload: Workload, _ n: Int, slot: Int = 0, label: String? = nil
  ) -> any PairSide {
    let scenario = Scenario(workload, n: n, seed: 42)
    // The sorting pass above n = 1,000 takes seconds a run: no warm-up run for it (before the pair or
    // before each slice: its slices go on across its one run), and its slices are four times
    // as long as AlertDispatch's, so that the pair takes a quarter longer than its run alone
    // rather than twice as long (the two still alternate every 50 ms by default). Its cost per
    // event does not depend on how the slices fall. At 1,000 and below (`--quick`) it warms up as the
    // other sides do.
    let slow = kind == .sortPass
    let warmUp = !slow || n <= 1_000
    return slicedRun(
      kind, label: label ?? kind.rawValue, scenario, slot: slot,
      sliceTarget: options.sliceTarget * (slow ? 4 : 1),
      warmUp: warmUp, warmsEachSlice: warmUp && options.warmSlices)
  }
  func add(_ figure: PairedFigure) {
    progress(
      "paired \(figure.kind) \(figure.workload): \(figure.numerator) ÷ \(figure.denominator)"
        + " = \((figure.ratio * 1000).rounded() / 1000)")
    figures.append(figure)
  }
  let window = options.pairWindow
  // At least eight whole runs a side: at 100,000 one run of AlertDispatch takes a quarter to
  // half a second, and a 1 s pair held only two or three of them; with warm slices each of its
  // slices is one timed run, so the runs are also how often the two sides alternate.
  let minimumRuns = (8, 8)
  let sizes = options.sizes
  let pivot = BenchOptions.pivot(options.sizes)
  for workload in Workload.allCases {
    // Growth is read at the pivot (10,000), as the 100× target is.
    if let small = sizes.first, small < pivot,
      ran(.dispatch, workload, small) && ran(.dispatch, workload, pivot)
    {
      add(
        pairedFigure(
          kind: .growth, workload: workload, n: pivot,
          numerator: side(.dispatch, workload, pivot),
          denominator: side(.dispatch, workload, small, slot: 1),
          window: window, minimumRuns: minimumRuns))
    }
    guard !workload.isReference else { continue }
    if options.selects(.sortPass) && ran(.dispatch, workload, pivot) {
      // No window: the pair ends with the sorting pass's first run (at 10,000, seconds long), which a
      // window longer than that run would make it start a second time.
      let figure = pairedFigure(
        kind: .sortPass, workload: workload, n: pivot,
        numerator: side(.sortPass, workload, pivot),
        denominator: side(.dispatch, workload, pivot), window: .zero, minimumRuns: (1, 1))
      add(figure)
      cells.removeAll {
        $0.scheduler == SchedulerKind.sortPass.rawValue && $0.workload == workload.rawValue
          && $0.n == pivot
      }
      cells.append(
        Cell(
          scheduler: SchedulerKind.sortPass.rawValue, workload: workload.rawValue, n: pivot,
          nsPerEvent: figure.numeratorNsPerEvent, nsPerLifecycle: figure.numeratorNsPerLifecycle,
          repetitions: 1, interleaved: true))
    }
    for n in sizes where ran(.floor, workload, n) && ran(.dispatch, workload, n) {
      add(
        pairedFigure(
          kind: .floor, workload: workload, n: n, numerator: side(.dispatch, workload, n),
          denominator: side(.floor, workload, n), window: window, minimumRuns: minimumRuns))
    }
    if workload == .deep {
      for n in sizes where ran(.dispatch, .deep, n) && ran(.dispatch, .deepBare, n) {
        add(
          pairedFigure(
            kind: .offstage, workload: workload, n: n,
            numerator: side(.dispatch, .deep, n, label: "deep"),
            denominator: side(.dispatch, .deepBare, n, label: "deep-bare"), window: window,
            minimumRuns: minimumRuns))
      }
    }
  }
  return figures
}
