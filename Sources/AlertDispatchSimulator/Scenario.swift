import AlertDispatchKit
import AlertDispatchScenarioFormat
import Foundation

/// A popup story read from a scenario file: screens, alerts, actions at times and
/// expectations. Run it with ``ScenarioRunner/run(_:until:)``.
///
/// ```swift
/// let text = try String(contentsOfFile: "Examples/Scenarios/home-popups.scenario", encoding: .utf8)
/// let scenario = try Scenario.parse(text, file: "home-popups.scenario")
/// let result = ScenarioRunner.run(scenario)
/// #expect(result.failures.isEmpty, "\(result.failures)")
/// ```
///
/// The format is described in the *Scenario files* article of the documentation
/// (`Docs/AlertDispatch.docc/ScenarioFiles.md`); the module `AlertDispatchScenarioFormat`
/// reads and writes it. Parsing checks every name and value, so a scenario that parses runs
/// without surprises.
public struct Scenario: Sendable, Hashable {
  /// The file name given to ``parse(_:file:)``; failures and errors are reported against it.
  public var file: String
  /// The name of the first window (`main` unless a `window` statement names it).
  public var mainWindow: String

  /// The wall-clock date the first launch starts at (frequency caps count on it).
  var startDate = Date(timeIntervalSince1970: 1_767_258_000)  // 2026-01-01 09:00 UTC
  var appVersion = "1.0"
  /// The time zone frequency caps count days in (`time-zone`).
  var timeZone = TimeZone(identifier: "UTC")!
  var budgets: [String: FrequencyBudget] = [:]
  /// The shows the frequency ledger holds before the run (`shown`).
  var ledgerRecords: [ScenarioLedgerRecord] = []
  var lanes: [String: AlertLane] = [AlertLane.modal.name: .modal]
  var setup: [ScenarioSetup] = []
  var alerts: [ScenarioAlert] = []
  var reactions: [ScenarioReaction] = []
  var blocks: [ScenarioBlock] = []
  /// The names of plain screens (a closed one is created again when shown).
  var plainScreens: Set<String> = []
  /// Whether the bare dispatches answer as the timeline's `answer` actions say
  /// (`presenter scripted`).
  var isScripted = false

  /// Reads a scenario from its text.
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - file: The name to report errors and failures against, usually the path.
  /// - Throws: A ``ScenarioError`` at the first mistake: an unknown statement, a bad duration,
  ///   an unknown or duplicate name, a missing argument, a time that goes backwards.
  public static func parse(_ text: String, file: String) throws(ScenarioError) -> Scenario {
    Scenario(file: file, lines: try ScenarioFormat.parse(text, file: file))
  }

  /// Reads a duration as scenario files write it (`150ms`, `1.5s`, `2m`, `24h`), or `nil`
  /// when it is malformed.
  public static func duration(_ text: String) -> Duration? {
    ScenarioFormat.duration(text)
  }

  /// The names of the alerts declared with `alert`, in file order.
  public var alertNames: [String] { alerts.map(\.name) }

  /// The time of the last `at` block (plus its `advance` steps): where the run ends.
  public var duration: Duration {
    guard let last = blocks.last else { return .zero }
    return last.steps.reduce(last.time) { total, step in
      if case .action(.advance(let by)) = step.kind { return total + by }
      return total
    }
  }

  /// How many expectations the scenario checks.
  public var expectationCount: Int {
    blocks.reduce(0) { count, block in
      count
        + block.steps.count {
          if case .expectation = $0.kind { return true }
          return false
        }
    }
  }

  func alert(named name: String) -> ScenarioAlert? {
    alerts.first { $0.name == name }
  }

  /// The request a declared alert adds, its lane resolved among the declared lanes.
  @MainActor
  func request(_ alert: ScenarioAlert) -> AlertRequest {
    AlertRequest(
      id: AlertID(alert.id), priority: alert.priority,
      after: alert.dependencies.map { AlertID($0) }, waitsForUnadded: alert.waitsForUnadded,
      lane: lane(alert.lane),
      interruption: alert.interruption, preemption: alert.preemption, style: alert.style,
      readiness: alert.readiness, duplicates: alert.duplicates, timing: alert.timing,
      content: AlertContent(
        title: alert.title ?? alert.id, message: alert.message,
        buttons: alert.buttons),
      cap: alert.cap, category: alert.category, offstage: alert.offstage,
      ignoresPause: alert.ignoresPause, placement: alert.placement,
      showNowOrDrop: alert.showNowOrDrop)
  }

  /// A declared lane (the parser has checked that it is).
  func lane(_ name: String) -> AlertLane {
    lanes[name] ?? AlertLane(name)
  }
}
