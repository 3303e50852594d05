import Foundation

extension Report {
  /// The figures as text tables a person can read.
  func table() -> String {
    var lines: [String] = []
    lines.append("")
    lines.append(
      "alertdispatch-bench — median of up to \(repetitions) repetitions; ns per event"
        + " (one scheduler call) unless marked; ×X = baseline ÷ AlertDispatch per event"
        + (paired.isEmpty ? "" : "; ratios from interleaved pairs where measured (see below)"))
    lines.append("")
    for kind in SchedulerKind.allCases {
      lines.append("  \(pad(kind.rawValue, 9)) \(kind.summary)")
    }
    for workload in Workload.allCases
    where cells.contains(where: { $0.workload == workload.rawValue }) {
      lines.append("")
      lines.append("\(workload.rawValue): \(workload.summary)")
      lines += workloadTable(workload)
    }
    if !paired.isEmpty {
      lines.append("")
      lines.append(
        "ratios measured as interleaved pairs (slices of 10 ms by default, sortpass's four"
          + " times as long, alternating over the same stretch of time; whole runs, each slice"
          + " after one untimed run unless --cold-slices or sortpass above 1,000; the ratio"
          + " columns and targets read these):")
      for figure in paired {
        let unit = figure.kind.perLifecycle ? "ns/lifecycle" : "ns/event"
        let (top, bottom) =
          figure.kind.perLifecycle
          ? (figure.numeratorNsPerLifecycle, figure.denominatorNsPerLifecycle)
          : (figure.numeratorNsPerEvent, figure.denominatorNsPerEvent)
        let value =
          figure.kind == .offstage ? format(figure.ratio * 100) + " %" : format(figure.ratio) + "×"
        lines.append(
          "  \(pad(figure.kind.rawValue, 8)) \(pad(figure.workload, 12)) \(figure.numerator) ÷"
            + " \(figure.denominator): \(value) (\(format(top)) ÷ \(format(bottom)) \(unit);"
            + " runs \(figure.numeratorRuns) and \(figure.denominatorRuns),"
            + " \(figure.slices) slices, \(format(figure.seconds)) s)")
      }
    }
    lines += ledgerTable()
    lines += recorderTable()
    lines.append("")
    lines.append("bytes per queued alert (mallinfo2 uordblks delta ÷ n, paused dispatch):")
    for figure in memory {
      lines.append(
        "  n=\(pad(String(figure.n), 7, right: true)): "
          + (figure.bytesPerQueuedAlert.map { format($0) + " B" } ?? "n/a (no mallinfo2)"))
    }
    lines.append("")
    lines.append("targets:")
    for target in targets {
      let value = target.value.map(format) ?? "n/a"
      lines.append(
        "  \(target.met ? "met   " : "MISSED") \(pad(target.workload, 12)) \(target.target):"
          + " \(value) (\(target.detail))")
    }
    return lines.joined(separator: "\n")
  }

  /// The recorder's row: main-actor time per event with and without one, and its bytes.
  private func recorderTable() -> [String] {
    var lines: [String] = []
    for figure in recorder {
      let held: String = figure.heapBytesPerEvent.map { format($0) + " B/event" } ?? "n/a"
      let times: String =
        "  bare \(format(figure.bareNsPerEvent)), recorded \(format(figure.recordedNsPerEvent))"
      let bytes: String =
        " (\(format(figure.ratio))×); export \(format(figure.exportBytesPerEvent)) B/event"
      lines.append("")
      lines.append(
        "recorder: main-actor ns per event (adds and dismissals of one root), median of"
          + " \(figure.repetitions) repetitions of \(figure.eventsPerRun) events a side")
      lines.append(times + bytes + ", held " + held)
    }
    return lines
  }

  /// The ledgers' rows: main-actor time per append, the writer's time per write apart.
  private func ledgerTable() -> [String] {
    guard let first = ledger.first else { return [] }
    var lines = [
      "",
      "ledger: main-actor ns per append, median (and mean) of \(first.appends) appends a"
        + " ledger; each pair of appends is followed by a flush, untimed, so that every file"
        + " append starts a write of its own on the writer's queue (write ms: what it took)",
      "  " + pad("keys", 7, right: true) + pad("file", 10, right: true)
        + pad("memory", 10, right: true) + pad("file/memory", 13, right: true)
        + pad("(means)", 18, right: true) + pad("write ms", 10, right: true),
    ]
    for figure in ledger {
      let means =
        format(figure.fileMeanNsPerAppend) + " / " + format(figure.memoryMeanNsPerAppend)
      lines.append(
        "  " + pad(String(figure.keys), 7, right: true)
          + pad(format(figure.fileNsPerAppend), 10, right: true)
          + pad(format(figure.memoryNsPerAppend), 10, right: true)
          + pad(format(figure.ratio) + "×", 13, right: true) + pad(means, 18, right: true)
          + pad(format(figure.fileMsPerWrite), 10, right: true))
    }
    return lines
  }

  private func workloadTable(_ workload: Workload) -> [String] {
    let kinds: [SchedulerKind] = workload.isReference ? [.dispatch] : SchedulerKind.allCases
    var header =
      pad("n", 7, right: true) + " " + pad("dispatch", 9, right: true)
      + pad("life", 10, right: true)
    for kind in kinds.dropFirst() { header += pad(kind.rawValue, 13, right: true) }
    if kinds.count > 1 {
      header += pad("life/floor", 12, right: true)
      for kind in [SchedulerKind.sortPass, .sortPool, .fifo] {
        header += pad("×" + kind.rawValue, 11, right: true)
      }
    } else if workload == .deepBare {
      header += pad("offstage +%", 14, right: true)
      if !paired.isEmpty { header += pad("(reps)", 10, right: true) }
    }
    var lines = ["  " + header]
    for n in sizes where cells.contains(where: { $0.workload == workload.rawValue && $0.n == n }) {
      var line = pad(String(n), 7, right: true) + " "
      let ours = cell(.dispatch, workload, n)
      line += pad(ours?.nsPerEvent.map(format) ?? "-", 9, right: true)
      line += pad(ours?.nsPerLifecycle.map(format) ?? "-", 10, right: true)
      for kind in kinds.dropFirst() {
        let theirs = cell(kind, workload, n)
        let text = theirs?.nsPerEvent.map(format) ?? (theirs?.skipped != nil ? "skipped" : "-")
        line += pad(text, 13, right: true)
      }
      if kinds.count > 1 {
        let comparison = comparisons.first { $0.workload == workload.rawValue && $0.n == n }
        line += pad(comparison?.lifecycleOverFloor.map { format($0) + "×" } ?? "-", 12, right: true)
        for kind in [SchedulerKind.sortPass, .sortPool, .fifo] {
          let value = comparison?.speedup[kind.rawValue].map { format($0) + "×" } ?? "-"
          line += pad(value, 11, right: true)
        }
      } else if workload == .deepBare {
        line += pad(
          offstageOverhead["\(n)"].map { format($0 * 100) + " %" } ?? "-", 14, right: true)
        if !paired.isEmpty {
          // The median over interleaved repetitions, which the targets read before pairs.
          let reps = cell(.dispatch, .deep, n)?.offstageOverhead
          line += pad(reps.map { format($0 * 100) + " %" } ?? "-", 10, right: true)
        }
      }
      lines.append("  " + line)
    }
    let skipped = cells.filter { $0.workload == workload.rawValue && $0.skipped != nil }
    for cell in skipped {
      lines.append("  \(cell.scheduler) n=\(cell.n): \(cell.skipped!)")
    }
    let few = cells.filter {
      $0.workload == workload.rawValue && $0.skipped == nil && $0.repetitions < repetitions
    }
    if !few.isEmpty {
      lines.append(
        "  fewer repetitions (cell budget): "
          + few.map { "\($0.scheduler) n=\($0.n) ×\($0.repetitions)" }.joined(separator: ", "))
    }
    if let life = scaling[workload.rawValue] {
      let sequential = sequentialScaling[workload.rawValue] ?? life
      let pivot = BenchOptions.pivot(sizes)
      let paired = pairedRatio(.growth, workload, pivot) != nil
      lines.append(
        "  dispatch per event, n=\(pivot) ÷ n=\(sizes.first ?? 0): \(format(life))×"
          + (paired ? " interleaved (\(format(sequential))× from the cells above)" : ""))
    }
    return lines
  }

  private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let gap = String(repeating: " ", count: max(0, width - text.count))
    return right ? gap + text : text + gap
  }

  private func format(_ value: Double) -> String {
    switch abs(value) {
    case ..<10: String(format: "%.2f", value)
    case ..<1000: String(format: "%.1f", value)
    default: String(format: "%.0f", value)
    }
  }
}
