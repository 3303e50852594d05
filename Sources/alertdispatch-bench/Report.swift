import Foundation

/// Bytes per queued alert at one size.
struct MemoryFigure: Codable {
  var n: Int
  var bytesPerQueuedAlert: Double?
}

/// AlertDispatch against the others on one workload at one size.
struct Comparison: Codable {
  var workload: String
  var n: Int
  /// Baseline ns per event ÷ AlertDispatch ns per event (how many times faster), by baseline.
  var speedup: [String: Double]
  /// AlertDispatch ns per lifecycle ÷ the ring buffer's enqueue + dequeue.
  var lifecycleOverFloor: Double?
}

/// One target of the benchmark, as measured.
struct TargetFigure: Codable {
  var target: String
  var workload: String
  var value: Double?
  var limit: Double
  var met: Bool
  var detail: String
}

/// Every figure of a run, as a table or as one JSON object.
struct Report: Codable {
  var sizes: [Int]
  var repetitions: Int
  var cells: [Cell]
  var memory: [MemoryFigure]
  var comparisons: [Comparison] = []
  /// AlertDispatch ns per event at the largest size ÷ at the smallest, by workload.
  var scaling: [String: Double] = [:]
  /// Deep (10,000 offstage screens) ÷ deep-bare − 1 per event, median of interleaved
  /// repetitions, by n.
  var offstageOverhead: [String: Double] = [:]
  var targets: [TargetFigure] = []
  /// The ratios measured as interleaved pairs; where one is here, the comparisons, the scaling,
  /// the offstage cost and the targets read it instead of the ratio of two cells.
  var paired: [PairedFigure]
  /// AlertDispatch ns per event at the largest size ÷ at the smallest, by workload, from the
  /// cells measured one after the other.
  var sequentialScaling: [String: Double] = [:]
  /// The frequency ledgers' main-actor time per append, by number of keys.
  var ledger: [LedgerFigure]
  /// A root's main-actor time per event with and without a recorder attached.
  var recorder: [RecorderFigure]

  init(
    options: BenchOptions, cells: [Cell], memory: [MemoryFigure], paired: [PairedFigure],
    ledger: [LedgerFigure], recorder: [RecorderFigure]
  ) {
    sizes = options.sizes
    repetitions = options.reps
    self.cells = cells
    self.memory = memory
    self.paired = paired
    self.ledger = ledger
    self.recorder = recorder
    computeFigures()
  }

  /// The paired ratio of `kind` on `workload` at `n`, if one was measured.
  func pairedRatio(_ kind: PairKind, _ workload: Workload, _ n: Int) -> Double? {
    paired.first { $0.kind == kind && $0.workload == workload.rawValue && $0.n == n }?.ratio
  }

  func cell(_ kind: SchedulerKind, _ workload: Workload, _ n: Int) -> Cell? {
    cells.first { $0.scheduler == kind.rawValue && $0.workload == workload.rawValue && $0.n == n }
  }

  private mutating func computeFigures() {
    let timed = Workload.allCases.filter { !$0.isReference }
    for workload in timed {
      for n in sizes {
        guard let ours = cell(.dispatch, workload, n), let event = ours.nsPerEvent else { continue }
        var speedup: [String: Double] = [:]
        for kind in SchedulerKind.allCases where kind != .dispatch {
          // Only the sorting pass's pair is a speedup (the floor's pair is a ratio of lifecycles).
          if kind == .sortPass, let ratio = pairedRatio(.sortPass, workload, n) {
            speedup[kind.rawValue] = ratio
          } else if let theirs = cell(kind, workload, n)?.nsPerEvent {
            speedup[kind.rawValue] = theirs / event
          }
        }
        let floor = cell(.floor, workload, n)?.nsPerLifecycle
        comparisons.append(
          Comparison(
            workload: workload.rawValue, n: n, speedup: speedup,
            lifecycleOverFloor: pairedRatio(.floor, workload, n)
              ?? floor.flatMap { f in ours.nsPerLifecycle.map { $0 / f } }))
      }
    }
    for workload in Workload.allCases {
      let pivot = BenchOptions.pivot(sizes)
      if let small = sizes.first,
        let low = cell(.dispatch, workload, small)?.nsPerEvent,
        let high = cell(.dispatch, workload, pivot)?.nsPerEvent
      {
        sequentialScaling[workload.rawValue] = high / low
        scaling[workload.rawValue] = pairedRatio(.growth, workload, pivot) ?? high / low
      }
    }
    for n in sizes {
      let repetitions = cell(.dispatch, .deep, n)?.offstageOverhead
      if let overhead = pairedRatio(.offstage, .deep, n) ?? repetitions {
        offstageOverhead["\(n)"] = overhead
      }
    }
    computeTargets(timed)
  }

  /// The targets of the workloads that ran (`--only` leaves some out, and `--schedulers` the
  /// baselines a target compares with: their targets are not reported as missed).
  private mutating func computeTargets(_ timedWorkloads: [Workload]) {
    let timed = timedWorkloads.filter { ran($0) }
    let small = sizes.first ?? 0
    let pivot = BenchOptions.pivot(sizes)
    // The reference workloads (deep-bare, burst-wide, one-bucket) and the ring-buffer floor
    // are measured and reported, with no target.
    for workload in Workload.allCases where !workload.isReference {
      guard let ratio = scaling[workload.rawValue] else { continue }
      targets.append(
        TargetFigure(
          target: "per-event cost at n=\(pivot) / at n=\(small)", workload: workload.rawValue,
          value: ratio, limit: 3, met: ratio <= 3, detail: "≤ 3×"))
    }
    for workload in timed where ran(workload, by: .sortPass) {
      let comparison = comparisons.first { $0.workload == workload.rawValue && $0.n == pivot }
      let value = comparison?.speedup[SchedulerKind.sortPass.rawValue]
      targets.append(
        TargetFigure(
          target: "faster than the sorting pass at n=\(pivot)", workload: workload.rawValue,
          value: value, limit: 30, met: (value ?? 0) >= 30, detail: "≥ 30×"))
    }
    for figure in ledger {
      let keys = figure.keys == 1 ? "1 key" : "\(figure.keys) keys"
      targets.append(
        TargetFigure(
          target: "main-actor time per append, file ledger / in memory, \(keys) (median)",
          workload: "ledger", value: figure.ratio, limit: 10, met: figure.ratio <= 10,
          detail: "≤ 10×"))
    }
    for figure in recorder {
      targets.append(
        TargetFigure(
          target: "main-actor time per event, recorder attached / none (median)",
          workload: "recorder", value: figure.ratio, limit: 2, met: figure.ratio <= 2,
          detail: "≤ 2×"))
    }
    // Measured at the sizes from 1,000 up: none when `--sizes` leaves them out.
    guard !memory.isEmpty else { return }
    let bytes = memory.last?.bytesPerQueuedAlert
    targets.append(
      TargetFigure(
        target: "bytes per queued alert at n=\(memory.last?.n ?? 0)", workload: "burst",
        value: bytes, limit: 1024, met: (bytes ?? .infinity) <= 1024, detail: "≤ 1 KiB"))
  }

  /// Whether `scheduler` (AlertDispatch unless told) ran `workload`: `--only` and
  /// `--schedulers` leave some out.
  private func ran(_ workload: Workload, by scheduler: SchedulerKind = .dispatch) -> Bool {
    cells.contains { $0.workload == workload.rawValue && $0.scheduler == scheduler.rawValue }
  }

  func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = (try? encoder.encode(self)) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}
