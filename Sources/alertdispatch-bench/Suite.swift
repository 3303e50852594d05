/// The schedulers compared, in table order.
enum SchedulerKind: String, CaseIterable {
  case dispatch
  case provider
  case floor
  case seed002
  case seed000
  case seed004

  var summary: String {
    switch self {
    case .dispatch: "AlertDispatch (this package), VirtualClock, a presenter class, activeChild set"
    case .provider: "the same with activeChildProvider closures (deep, churn: the chains with tabs)"
    case .floor: "bare ring buffer of requests: enqueue, dequeue on dismiss; nothing else"
    case .seed002: "seed 002 AlertQueue: FIFO array, removeFirst() on dismiss; no priority"
    case .seed000: "seed 000 PRPopupManager: pool sorted by priority on every dismiss"
    case .seed004: "seed 004 XYZAlertView: each pass collects every queue on the chain, re-sorts"
    }
  }

  /// The baselines whose cost per event grows with the queue; a run of theirs is predicted to
  /// grow with the square of n, the others' linearly.
  var isQuadratic: Bool {
    switch self {
    case .dispatch, .provider, .floor: false
    case .seed002, .seed000, .seed004: true
    }
  }

  /// Whether this kind runs `workload`: the providers only where screens have active children,
  /// and AlertDispatch alone the reference workloads.
  func runs(_ workload: Workload) -> Bool {
    if workload.isReference { return self == .dispatch }
    return self != .provider || workload == .deep || workload == .churn
  }

  /// Whether a cell runs whatever its prediction: AlertDispatch always, and seed 004 up to
  /// `BenchOptions.alwaysRunUpTo`, since the 1000× target is read against it at n = 10,000.
  func mustRun(n: Int, _ options: BenchOptions) -> Bool {
    self == .dispatch || self == .provider || (self == .seed004 && n <= options.alwaysRunUpTo)
  }

  /// The scheduler type this kind measures.
  var schedulerType: any BenchScheduler.Type {
    switch self {
    case .dispatch: DispatchScheduler.self
    case .provider: ProviderDispatchScheduler.self
    case .floor: RingBufferFloor.self
    case .seed002: Seed002FIFOQueue.self
    case .seed000: Seed000PriorityPool.self
    case .seed004: Seed004ChainPass.self
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
        && (options.schedulers.isEmpty || options.schedulers.contains(kind.rawValue))
      {
        if workload == .deep && kind == .dispatch {
          let pair = measureOffstagePair(n: n, options: options)
          report(pair.deep)
          report(pair.bare)
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
