import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Snippets: exhaustive transcripts", .timeLimit(.minutes(1)))
struct TranscriptSnippets {
  @Test func exhaustive() {
    // snippet: transcript-exhaustive
    let sim = Simulator()
    // Set once, in the test's set-up: lines left unasserted when the simulator goes fail it.
    sim.transcript.onUnassertedLines = { Issue.record(Comment(rawValue: $0)) }
    let home = sim.window.setRoot(sim.screen("home"))
    home.dispatch.add(AlertRequest(id: "rate-us"))
    #expect(
      sim.transcript.expect([
        "viewWillAppear @home", "viewDidAppear @home", "present rate-us @home",
      ]) == nil)

    sim.presenter.tap("rate-us", "Later")
    #expect(sim.transcript.expect(["tap rate-us Later", "end rate-us: dismissed(Later)"]) == nil)
    #expect(sim.transcript.unassertedLinesFailure() == nil)  // or leave it to the handler
    // end-snippet
  }

  @Test func popups() {
    let sim = Simulator()
    let home = sim.window.setRoot(sim.screen("home"))
    // snippet: transcript-popups
    home.dispatch.add(AlertRequest(id: "rate-us"))
    sim.window.enterBackground()
    sim.window.enterForeground()
    // The scene and view callbacks are left out, and count as asserted.
    #expect(
      sim.transcript.expect(
        ["present rate-us @home", "hide rate-us @home", "restore rate-us @home"], .popups)
        == nil)
    // end-snippet
    #expect(sim.transcript.unassertedLinesFailure() == nil)
  }

  @Test func record() {
    let sim = Simulator()
    let home = sim.window.setRoot(sim.screen("home"))
    home.dispatch.add(AlertRequest(id: "rate-us"))
    // snippet: transcript-record
    print(sim.transcript.recorded(.popups))  // a Swift array literal
    print(sim.transcript.recordedScenarioExpectation())  // an `expect transcript` block
    // end-snippet
    #expect(sim.transcript.recorded(.popups) == "[\n  \"present rate-us @home\",\n]")
    #expect(sim.transcript.expect(["present rate-us @home"], .popups) == nil)
  }
}
