import AlertDispatchKit
import AlertDispatchRecorder
import AlertDispatchSimulator
import Testing

/// The code of the Recording a session article, run as tests.
@MainActor
@Suite("Snippets: recording a session", .timeLimit(.minutes(1)))
struct RecorderSnippets {
  @Test("A recorder attached to a root exports a scenario that replays")
  func attachExportReplay() throws {
    AlertDispatch.diagnosticHandler = { _ in }
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    // snippet: recorder-attach
    let root = AlertDispatch(name: "app", clock: clock, presenter: presenter)
    let recorder = AlertRecorder(attachedTo: root, window: .duration(.seconds(600)))
    // … the app runs …
    root.add(AlertRequest(id: "rate-us", priority: .low))
    root.add(AlertRequest(id: "update", priority: .high))
    // … the user reports a bug: send the text with the report.
    let text = recorder.export()
    // end-snippet
    #expect(text.contains("alert update on app priority high later\n"))
    // snippet: recorder-replay
    let result = try ScenarioRunner.replay(text, file: "session-512.scenario")
    #expect(result.passed, "\(result.failures.map(\.description).joined(separator: "\n"))")
    // end-snippet
    // What the Recording a session article shows.
    #expect(
      text == """
        # recorded by AlertRecorder: 5 events
        presenter scripted
        dispatch app
        alert rate-us on app priority low later
        alert update on app priority high later
        at 0ms before-timers
          add rate-us
          add update
          expect transcript
            present rate-us @app
            hide rate-us @app
            present update @app
          end

        """, "\(text)")
  }
}
