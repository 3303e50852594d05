import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// A transcript asserted part by part: each `expect` covers the lines since the one before,
/// a line no assertion covered fails the test, the popup lines can be asserted alone, and a
/// failing assertion prints the actual lines ready to paste.
@MainActor
@Suite("Simulator: exhaustive transcripts", .timeLimit(.minutes(1)))
struct ExhaustiveTranscriptTests {
  /// A simulator with home as the window's root, its callbacks recorded.
  func homeSimulator() -> (Simulator, Screen) {
    AlertDispatch.diagnosticHandler = { _ in }
    let sim = Simulator()
    let home = sim.window.setRoot(sim.screen("home"))
    return (sim, home)
  }

  @Test("Each expect asserts the lines since the one before")
  func expectAssertsTheLinesSinceTheLastOne() {
    let (sim, home) = homeSimulator()
    #expect(sim.transcript.expect(["viewWillAppear @home", "viewDidAppear @home"]) == nil)
    home.dispatch.add(AlertRequest(id: "a"))
    #expect(sim.transcript.expect(["present a @home"]) == nil)
    sim.presenter.tap("a", "OK")
    #expect(sim.transcript.expect(["tap a OK", "end a: dismissed(OK)"]) == nil)
    #expect(sim.transcript.unassertedLinesFailure() == nil)
  }

  @Test("Lines left unasserted fail the check, listed ready to paste")
  func unassertedLinesFail() {
    let (sim, home) = homeSimulator()
    #expect(sim.transcript.expect(["viewWillAppear @home", "viewDidAppear @home"]) == nil)
    home.dispatch.add(AlertRequest(id: "a"))
    #expect(
      sim.transcript.unassertedLinesFailure() == """
        1 transcript line was not asserted:
        [
          "present a @home",
        ]
        """)
  }

  @Test("A transcript released with unasserted lines reports them to its handler")
  func releasedTranscriptReportsUnassertedLines() {
    var reported: [String] = []
    do {
      let transcript = Transcript()
      transcript.onUnassertedLines = { reported.append($0) }
      transcript.record("present a @home")
      transcript.record("end a: dismissed(OK)")
      #expect(transcript.expect(["present a @home"], .all) != nil, "one line short")
      transcript.record("present b @home")
    }
    #expect(reported == ["1 transcript line was not asserted:\n[\n  \"present b @home\",\n]"])
  }

  @Test("A transcript whose every line was asserted reports nothing when released")
  func assertedTranscriptReportsNothing() {
    var reported: [String] = []
    do {
      let transcript = Transcript()
      transcript.onUnassertedLines = { reported.append($0) }
      transcript.record("present a @home")
      #expect(transcript.mismatch(["present a @home"]) == nil)
    }
    #expect(reported == [])
  }

  @Test("The popup filter keeps presenter calls, taps, ends and diagnostics, not UIKit's callbacks")
  func popupFilterDropsScreenCallbacks() {
    let (sim, home) = homeSimulator()
    let a = home.dispatch.add(AlertRequest(id: "a"))
    sim.window.enterBackground()
    sim.window.enterForeground()
    a.cancel()
    a.cancel()
    #expect(sim.transcript.lines.contains("sceneWillResignActive @window"))
    #expect(
      sim.transcript.lines(.popups) == [
        "present a @home", "hide a @home", "restore a @home", "dismiss a @home",
        "end a: cancelled(cancelled by app)",
        "diagnostic @home: cancel() on alert 'a' that already ended (cancelled(cancelled by app)); ignored",
      ])
    #expect(Transcript.Lines.popups.contains("refuse a @home: no host"))
    #expect(Transcript.Lines.popups.contains("tap a OK"))
    #expect(
      !Transcript.Lines.popups.contains("ignored pop @nav: only the root screen is on the stack"))
    #expect(!Transcript.Lines.popups.contains("relaunch"))
  }

  @Test("An expect of popup lines alone passes over the callbacks around them")
  func popupExpectIgnoresCallbacks() {
    let (sim, home) = homeSimulator()
    home.dispatch.add(AlertRequest(id: "a"))
    sim.presenter.tap("a", "OK")
    #expect(
      sim.transcript.expect(["present a @home", "tap a OK", "end a: dismissed(OK)"], .popups)
        == nil)
    #expect(sim.transcript.unassertedLinesFailure() == nil, "the callbacks count as asserted")
  }

  @Test("A failing expect prints the actual lines as a Swift literal to paste")
  func failingExpectPrintsALiteral() {
    let (sim, home) = homeSimulator()
    home.dispatch.add(AlertRequest(id: "a", content: AlertContent(title: "say \"hi\"")))
    let failure = sim.transcript.expect([], .popups)
    #expect(
      failure == """
        transcript mismatch (- expected, + actual):
        + present a @home
        actual lines, to paste:
        [
          "present a @home",
        ]
        """)
  }

  @Test("Record mode prints the lines as a Swift literal or a scenario expectation")
  func recordModePrintsPasteableExpectations() {
    let (sim, home) = homeSimulator()
    home.dispatch.add(AlertRequest(id: "a"))
    #expect(
      sim.transcript.recorded(.popups) == """
        [
          "present a @home",
        ]
        """)
    #expect(
      sim.transcript.recordedScenarioExpectation() == """
          expect transcript
            viewWillAppear @home
            viewDidAppear @home
            present a @home
          end
        """)
    #expect(sim.transcript.unassertedLines.count == 3, "recording asserts nothing")
  }
}
