import AlertDispatchKit

/// Runs a ``Scenario`` on a fresh ``Simulator``: instantly, on the virtual clock, the same way
/// every time.
///
/// ```swift
/// let scenario = try Scenario.parse(text, file: "story.scenario")
/// let result = ScenarioRunner.run(scenario)
/// #expect(result.passed, "\(result.failures.map(\.description).joined(separator: "\n"))")
/// print(ScenarioRunner.explain("promo", at: .seconds(1.5), in: scenario))
/// // not ready
/// ```
///
/// The run builds the setup, adds the alerts not declared `later`, then walks the timeline: the
/// clock advances to each `at` time, firing every timer due on the way, and the block's actions
/// and expectations run in order. At the end it checks the invariants of every domain and that
/// no alert ended twice. Invariant checks after every pass are turned on for the run.
@MainActor
public enum ScenarioRunner {
  /// Runs the scenario and reports what happened.
  ///
  /// - Parameters:
  ///   - scenario: The parsed scenario.
  ///   - time: Stops the run at this time, after the blocks at or before it; by default the run
  ///     goes to the end of the timeline.
  public static func run(_ scenario: Scenario, until time: Duration? = nil) -> ScenarioResult {
    let run = ScenarioRun(scenario)
    run.run(until: time.map { AlertInstant(offset: $0) })
    return run.result()
  }

  /// Replays a recording (or any scenario text): parses it and runs it, as `alertsim` does.
  ///
  /// The result passes when the library decides now as it did when the recording was made;
  /// otherwise its first failure is ``ScenarioResult/firstDivergence``, the first transcript
  /// line that differs, on the line of the file that expects it, followed by the other failures.
  ///
  /// ```swift
  /// let result = try ScenarioRunner.replay(recorder.export(), file: "session.scenario")
  /// #expect(result.passed, "\(result.failures.map(\.description).joined(separator: "\n"))")
  /// ```
  ///
  /// - Throws: A ``ScenarioError`` when the text is not a scenario.
  public static func replay(_ text: String, file: String) throws(ScenarioError) -> ScenarioResult {
    let result = run(try Scenario.parse(text, file: file))
    guard let divergence = result.firstDivergence else { return result }
    return result.with(failures: [divergence] + result.failures)
  }

  /// Why the alert declared as `alert` was or was not on screen at `time`: the scenario runs up
  /// to that time (after the blocks at it) and the alert's dispatch explains it, as
  /// `AlertDispatch.explain(_:)` does (`not ready`, `outranked by update`, …). An alert that
  /// was not added yet says `not added yet`; one that ended says `ended: OUTCOME`.
  public static func explain(_ alert: String, at time: Duration, in scenario: Scenario) -> String {
    guard scenario.alert(named: alert) != nil else {
      return "no alert named '\(alert)' in \(scenario.file)"
    }
    let run = ScenarioRun(scenario)
    run.run(until: AlertInstant(offset: time))
    return run.explanation(of: alert)
  }
}
