import AlertDispatchKit
import AlertDispatchRecorder
import AlertDispatchSimulator

/// What an attached recorder costs the main actor per event, and what it holds per event.
struct RecorderFigure: Codable {
  /// Events of one run: the app's adds and dismissals.
  var eventsPerRun: Int
  /// Main-actor ns per event with no recorder attached, median of the repetitions.
  var bareNsPerEvent: Double
  /// The same with a recorder attached to the root (a window of the last 10,000 events).
  var recordedNsPerEvent: Double
  /// Recorded ÷ bare, the median of the repetitions' ratios (each repetition runs both sides
  /// back to back).
  var ratio: Double
  /// Bytes of the export per event the recorder held (snapshots included).
  var exportBytesPerEvent: Double
  /// Heap bytes the recorder holds per event it holds, or `nil` with no `mallinfo2`.
  var heapBytesPerEvent: Double?
  var repetitions: Int
}

extension BenchOptions {
  /// The name `--only` gives the recorder part.
  static let recorderPart = "recorder"

  var runsRecorder: Bool { workloads.isEmpty || workloads.contains(Self.recorderPart) }
}

/// One run of the recorder part: an app on one root adds three alerts of mixed priorities, the
/// highest preempting, and dismisses whatever is in front until nothing is left, `lifecycles`
/// times; the clock moves 10 ms between lifecycles so that the recording's instants differ.
@MainActor
private func recorderRun(lifecycles: Int, recorded: Bool) -> (events: Int, recorder: AlertRecorder?)
{
  let clock = VirtualClock()
  let presenter = FrontPresenter()
  let root = AlertDispatch(name: "app", clock: clock, presenter: presenter)
  let recorder = recorded ? AlertRecorder(attachedTo: root) : nil
  let priorities: [AlertPriority] = [.low, .normal, .high]
  var events = 0
  for lifecycle in 0..<lifecycles {
    for (index, priority) in priorities.enumerated() {
      root.add(AlertRequest(id: AlertID("a\(lifecycle % 50)-\(index)"), priority: priority))
      events += 1
    }
    while let front = presenter.front {
      presenter.front = nil
      front.didDismiss(result: .closed)
      events += 1
    }
    clock.advance(by: .milliseconds(10))
  }
  root.close()
  return (events, recorder)
}

/// Measures a root's main-actor time per event with and without a recorder, alternating the
/// two in each repetition, and the recorder's bytes per event.
@MainActor
func measureRecorder(_ options: BenchOptions, progress: (String) -> Void) -> RecorderFigure {
  let lifecycles = options.reps == 1 ? 500 : 4_000
  let clock = ContinuousClock()
  var bare: [Double] = []
  var recorded: [Double] = []
  var ratios: [Double] = []
  var events = 0
  _ = recorderRun(lifecycles: lifecycles / 10, recorded: false)
  _ = recorderRun(lifecycles: lifecycles / 10, recorded: true)
  for _ in 0..<max(options.reps, 3) {
    var sides: [Double] = []
    for isRecorded in [false, true] {
      var run = (events: 0, recorder: AlertRecorder?.none)
      let time = clock.measure { run = recorderRun(lifecycles: lifecycles, recorded: isRecorded) }
      events = run.events
      sides.append(
        Double(time.components.attoseconds) * 1e-9 / Double(run.events)
          + Double(time.components.seconds) * 1e9 / Double(run.events))
    }
    bare.append(sides[0])
    recorded.append(sides[1])
    ratios.append(sides[1] / sides[0])
  }
  let held = recorderRun(lifecycles: lifecycles, recorded: true).recorder
  let eventCount = max(held?.eventCount ?? 1, 1)
  let exportBytes = Double(held?.export().utf8.count ?? 0) / Double(eventCount)
  let figure = RecorderFigure(
    eventsPerRun: events, bareNsPerEvent: median(bare), recordedNsPerEvent: median(recorded),
    ratio: median(ratios), exportBytesPerEvent: exportBytes,
    heapBytesPerEvent: recorderHeapBytesPerEvent(lifecycles: lifecycles),
    repetitions: ratios.count)
  progress(
    "recorder: \(Int(figure.bareNsPerEvent)) ns/event bare, \(Int(figure.recordedNsPerEvent))"
      + " ns/event recorded (\((figure.ratio * 100).rounded() / 100)×),"
      + " \(Int(exportBytes)) export bytes/event")
  return figure
}

/// Heap bytes per event a recorder holds: the allocator's bytes in use with the recorder of a
/// finished run kept, minus without it, over the events it holds.
@MainActor
private func recorderHeapBytesPerEvent(lifecycles: Int) -> Double? {
  var run = recorderRun(lifecycles: lifecycles, recorded: true)
  guard let withRecorder = heapBytesInUse(), let count = run.recorder?.eventCount else {
    return nil
  }
  run.recorder = nil
  guard let without = heapBytesInUse() else { return nil }
  return Double(withRecorder - without) / Double(max(count, 1))
}
