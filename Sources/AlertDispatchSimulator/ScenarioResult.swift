public import AlertDispatchKit

/// What running a ``Scenario`` produced: the transcript, the trace, and the failures.
///
/// ```swift
/// let result = ScenarioRunner.run(scenario)
/// print(result.timeline())                 // one row per alert over the time axis
/// for failure in result.failures { print(failure) }
/// ```
@MainActor
public struct ScenarioResult {
  /// The scenario's file name.
  public let file: String
  /// Every line the simulator recorded (screen callbacks, presenter calls, outcomes,
  /// diagnostics), in order.
  public let transcript: [String]
  /// When each line of ``transcript`` was recorded, on the virtual clock.
  public let transcriptTimes: [AlertInstant]
  /// The events of every alert of the run, and a mark for each change of screens.
  public let trace: AlertTrace
  /// The expectations that did not hold and the end-of-run checks that failed, in order.
  public let failures: [ScenarioFailure]
  /// How many expectations were checked.
  public let expectationCount: Int
  /// Where the run stopped on the virtual clock.
  public let endTime: AlertInstant
  /// The first transcript line that differs from the one an `expect transcript` expected,
  /// reported on the line of the file that expects it: where a recording's replay diverges.
  public let firstDivergence: ScenarioFailure?

  /// Whether every expectation held and every end-of-run check passed.
  public var passed: Bool { failures.isEmpty }

  /// The same result with other failures.
  func with(failures: [ScenarioFailure]) -> ScenarioResult {
    ScenarioResult(
      file: file, transcript: transcript, transcriptTimes: transcriptTimes, trace: trace,
      failures: failures, expectationCount: expectationCount, endTime: endTime,
      firstDivergence: firstDivergence)
  }

  /// The text timeline of the run (see `AlertTrace.timeline(until:width:)`).
  ///
  /// - Parameter width: The columns of the time axis, which then ends at ``endTime``. By
  ///   default the axis has 40 or 48 columns and ends at the first round time at or after
  ///   ``endTime`` that puts its four ticks on round times too (one second for a run that took
  ///   no time). What happens at ``endTime``, in the last `at` block, takes the last column.
  public func timeline(width: Int? = nil) -> String {
    if let width { return trace.timeline(until: endTime, width: width) }
    let axis = ScenarioResult.roundAxis(endingAtLeast: endTime.offset)
    return trace.timeline(until: axis.end, width: axis.width)
  }

  /// Four ticks of 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten milliseconds, the
  /// first such axis that reaches `end` (one second for a run that took no time); 48 columns
  /// when a tick divides into 12 whole nanosecond columns, else 40.
  static func roundAxis(endingAtLeast end: Duration) -> (end: AlertInstant, width: Int) {
    let end = end > .zero ? end : AlertTrace.shortestAxis
    var base = Duration.milliseconds(1)
    while true {
      for tenths in AlertTrace.roundTenths {
        let tick = base * tenths / 10
        guard tick * 4 >= end else { continue }
        let nanoseconds = AlertTrace.nanoseconds(tick)
        return (AlertInstant(offset: tick * 4), nanoseconds % 12 == 0 ? 48 : 40)
      }
      base *= 10
    }
  }

  /// The timeline as an SVG document, one row per alert.
  public func svg() -> String {
    trace.svg(until: endTime)
  }

  /// The transcript with the time of each line: `1.3s    end a: dismissed(OK)`.
  public var timedTranscript: String {
    Transcript.timed(transcript, at: transcriptTimes).joined(separator: "\n")
  }

  /// One line: `passed: 9 expectations` or `failed: 2 of 9 expectations, 1 check`.
  public var summary: String {
    guard !passed else { return "passed: \(ScenarioResult.count(expectationCount, "expectation"))" }
    let expectations = failures.count { $0.line != nil }
    let checks = failures.count - expectations
    var text = "failed: \(expectations) of \(ScenarioResult.count(expectationCount, "expectation"))"
    if checks > 0 { text += ", \(ScenarioResult.count(checks, "end-of-run check"))" }
    return text
  }

  private static func count(_ n: Int, _ noun: String) -> String {
    "\(n) \(noun)\(n == 1 ? "" : "s")"
  }
}
