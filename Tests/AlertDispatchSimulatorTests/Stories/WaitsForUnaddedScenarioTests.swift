import AlertDispatchKit
import AlertDispatchScenarioFormat
import AlertDispatchSimulator
import Testing

/// The scenario word `waits-for-unadded`: a permission prompt declared before onboarding, whose
/// code adds it a moment later, goes up after it.
@MainActor
@Suite("Scenario files: waiting for an alert not added yet", .timeLimit(.minutes(1)))
struct WaitsForUnaddedScenarioTests {
  static func story(waits: Bool) -> String {
    """
    screen home
    root main home
    alert permission on home after onboarding \(waits ? "waits-for-unadded " : "")deadline 5s
    alert onboarding on home later
    at 1s
      add onboarding
    at 2s
      tap onboarding Done
    """
  }

  @Test("With the word, the prompt goes up after onboarding ends")
  func promptFollowsOnboarding() throws {
    let result = ScenarioRunner.run(try Scenario.parse(Self.story(waits: true), file: "w.scenario"))
    #expect(result.passed, "\(result.failures)")
    let popups = result.transcript.filter { $0.hasPrefix("present") || $0.hasPrefix("end") }
    #expect(
      popups == [
        "present onboarding @home", "end onboarding: dismissed(Done)", "present permission @home",
      ])
  }

  @Test("Without it, the prompt goes up first")
  func withoutTheWordThePromptGoesFirst() throws {
    let result = ScenarioRunner.run(
      try Scenario.parse(Self.story(waits: false), file: "w.scenario"))
    #expect(result.transcript.first { $0.hasPrefix("present") } == "present permission @home")
  }

  @Test("The word reads back as written, and without a deadline the alert is refused")
  func wordRoundTripsAndNeedsADeadline() throws {
    let text = "alert permission on home after onboarding waits-for-unadded deadline 5s"
    let scenario = "screen home\nroot main home\n\(text)\nalert onboarding on home later\n"
    let lines = try ScenarioFormat.parse(scenario, file: "w.scenario")
    let written = try ScenarioFormat.write(lines.map(\.statement), file: "w.scenario")
    #expect(written.contains("after onboarding waits-for-unadded deadline"))
    #expect(
      try ScenarioFormat.parse(written, file: "w.scenario").map(\.statement)
        == lines.map(\.statement))
    let refused = ScenarioRunner.run(
      try Scenario.parse(
        "screen home\nroot main home\nalert permission on home after onboarding waits-for-unadded\n"
          + "alert onboarding on home later\n",
        file: "w.scenario"))
    #expect(
      refused.transcript.contains {
        $0.contains("waiting for dependencies not added yet needs a readiness deadline")
      })
  }
}
