import AlertDispatchKit
import AlertDispatchLedgers
import Foundation

/// The main actor's time per `append` of the file ledger and of the in-memory ledger, holding
/// `keys` keys: what a capped show costs the main actor to count.
struct LedgerFigure: Codable {
  var keys: Int
  /// The file ledger, median over its appends: from the call until it returns. The write it
  /// starts runs on the writer's queue and is not counted.
  var fileNsPerAppend: Double
  /// The in-memory ledger, median over its appends.
  var memoryNsPerAppend: Double
  /// File ÷ in memory, of the medians.
  var ratio: Double
  /// The means, which count the appends the machine's other work held up.
  var fileMeanNsPerAppend: Double
  var memoryMeanNsPerAppend: Double
  /// How long the writer took to store one append (read, rewrite, `fsync`, rename), in ms:
  /// median of the flushes that waited for it.
  var fileMsPerWrite: Double
  /// Appends of each ledger.
  var appends: Int
}

extension BenchOptions {
  /// The name `--only` gives the ledger part.
  static let ledgerPart = "ledger"

  var runsLedger: Bool { workloads.isEmpty || workloads.contains(Self.ledgerPart) }
}

/// Measures both ledgers at 1 and at 1,000 keys. After each pair of appends, one to each
/// ledger, the bench waits for the file ledger's write (`flush()`), so that every append of the
/// file ledger starts a write of its own, as the shows of an app do (they are seconds apart, a
/// write takes milliseconds): the main actor pays for handing each change to an idle writer,
/// never for a write. Which ledger goes first after the wait alternates, since the first call
/// after it finds the caches cold.
@MainActor
func measureLedgers(_ options: BenchOptions, progress: (String) -> Void) async -> [LedgerFigure] {
  var figures: [LedgerFigure] = []
  for keys in [1, 1_000] {
    let figure = await measureLedgers(keys: keys, options)
    progress(
      "ledger keys=\(keys): file \(Int(figure.fileNsPerAppend)) ns/append, in memory"
        + " \(Int(figure.memoryNsPerAppend)) ns/append (\((figure.ratio * 100).rounded() / 100)×);"
        + " a write takes \((figure.fileMsPerWrite * 100).rounded() / 100) ms")
    figures.append(figure)
  }
  return figures
}

@MainActor
private func measureLedgers(keys: Int, _ options: BenchOptions) async -> LedgerFigure {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("alertdispatch-bench-ledger-\(UUID().uuidString)", isDirectory: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let file = FileFrequencyLedger(
    fileURL: directory.appendingPathComponent("frequency-ledger.jsonl"),
    diagnose: { print("ledger: \($0)") })
  let memory = InMemoryFrequencyLedger()
  let start = Date(timeIntervalSince1970: 1_777_626_000)
  func records(_ ledger: any FrequencyLedger, _ range: Range<Int>) -> [[FrequencyRecord]] {
    range.map { index in
      [
        FrequencyRecord(
          key: "campaign-\(index % keys)", date: start.addingTimeInterval(Double(index)),
          appVersion: "1.0", launchID: ledger.launchID)
      ]
    }
  }
  for ledger in [file, memory] as [any FrequencyLedger] {
    ledger.append(records(ledger, 0..<keys).flatMap { $0 })
  }
  await file.flush()

  let clock = ContinuousClock()
  let appends = options.ledgerAppends
  let fileRecords = records(file, keys..<(keys + appends))
  let memoryRecords = records(memory, keys..<(keys + appends))
  var fileNs: [Double] = []
  var memoryNs: [Double] = []
  var writeMs: [Double] = []
  func timed(_ body: () -> Void) -> Double {
    let before = clock.now
    body()
    return (clock.now - before).nanoseconds
  }
  for index in 0..<appends {
    if index.isMultiple(of: 2) {
      fileNs.append(timed { file.append(fileRecords[index]) })
      memoryNs.append(timed { memory.append(memoryRecords[index]) })
    } else {
      memoryNs.append(timed { memory.append(memoryRecords[index]) })
      fileNs.append(timed { file.append(fileRecords[index]) })
    }
    let before = clock.now
    await file.flush()
    writeMs.append((clock.now - before).nanoseconds / 1e6)
  }
  func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
  return LedgerFigure(
    keys: keys, fileNsPerAppend: median(fileNs), memoryNsPerAppend: median(memoryNs),
    ratio: median(fileNs) / median(memoryNs), fileMeanNsPerAppend: mean(fileNs),
    memoryMeanNsPerAppend: mean(memoryNs), fileMsPerWrite: median(writeMs), appends: appends)
}
