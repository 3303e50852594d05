import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// The code of the Scenario files article, run as tests.
@MainActor
@Suite("Snippets: scenario files", .timeLimit(.minutes(1)))
struct ScenarioSnippets {
  @Test("Running a scenario file from a test")
  func scenarioTest() throws {
    AlertDispatch.diagnosticHandler = { _ in }
    let text = """
      screen home
      root main home
      alert update on home priority high
      alert promo on home priority low pending
      at 1s
        ready promo
      at 1.5s
        expect showing update
      """
    // snippet: scenario-test
    let scenario = try Scenario.parse(text, file: "story.scenario")
    let result = ScenarioRunner.run(scenario)
    #expect(result.passed, "\(result.failures.map(\.description).joined(separator: "\n"))")
    let why = ScenarioRunner.explain("promo", at: .milliseconds(1500), in: scenario)
    // end-snippet
    #expect(why == "outranked by update")
  }
}
