import AlertDispatchKit
import AlertDispatchRecorder
import AlertDispatchScenarioFormat
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("A recorded session replays as it happened", .timeLimit(.minutes(1)))
struct RecordAndReplayTests {
  init() {
    AlertDispatch.diagnosticHandler = { _ in }
  }

  @Test("a session on bare dispatches replays and passes")
  func sessionReplays() throws {
    let session = Session()
    let recorder = AlertRecorder(attachedTo: session.app)
    try session.play()
    let text = recorder.export()
    print(text)
    let result = try ScenarioRunner.replay(text, file: "session.scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
  }
}
