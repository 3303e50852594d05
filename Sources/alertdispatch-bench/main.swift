import AlertDispatchKit

#if canImport(Glibc)
  import Glibc
#endif

// alertdispatch-bench: AlertDispatch against three common hand-written schedulers. See Docs/AlertDispatch.docc/Performance.md.
AlertDispatch.diagnosticHandler = { _ in }
guard let options = BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
  exit(2)
}
var cells = runSuite(options) { line in
  if !options.json { print(line) }
}
let paired =
  options.pairs
  ? runPairs(options, cells: &cells) { line in
    if !options.json { print(line) }
  } : []
let ledger =
  options.runsLedger
  ? await measureLedgers(options) { line in
    if !options.json { print(line) }
  } : []
let recorder =
  options.runsRecorder
  ? [
    measureRecorder(options) { line in
      if !options.json { print(line) }
    }
  ] : []
// The memory figure is read on `burst`: none when `--only` leaves it out.
let measuresMemory = options.workloads.isEmpty || options.workloads.contains("burst")
let memory = options.sizes.filter { $0 >= 1_000 && measuresMemory }.map { n in
  MemoryFigure(n: n, bytesPerQueuedAlert: bytesPerQueuedAlert(n: n))
}
let report = Report(
  options: options, cells: cells, memory: memory, paired: paired, ledger: ledger,
  recorder: recorder)
print(options.json ? report.json() : report.table())
