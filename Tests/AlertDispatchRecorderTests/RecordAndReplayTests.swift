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
    let result = try ScenarioRunner.replay(text, file: "session.scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
  }
}

@MainActor
@Suite("A replay fails where the library decides otherwise", .timeLimit(.minutes(1)))
struct ReplayDivergenceTests {
  init() {
    AlertDispatch.diagnosticHandler = { _ in }
  }

  @Test("an input changed in the text fails the replay at the first diverging line")
  func changedInputFailsAtFirstDivergingLine() throws {
    let session = Session()
    let recorder = AlertRecorder(attachedTo: session.app)
    try session.play()
    let text = recorder.export()
    #expect(text.contains("  dismiss message Reply\n"))
    let edited = text.replacingOccurrences(
      of: "  dismiss message Reply\n", with: "  dismiss message Later\n")
    let result = try ScenarioRunner.replay(edited, file: "edited.scenario")
    let lines = edited.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLine = try #require(
      lines.firstIndex {
        $0.trimmingCharacters(in: .whitespaces) == "end message: dismissed(Reply)"
      })
    let first = try #require(result.failures.first)
    #expect(first.statement == "first divergence, at 2.5s")
    #expect(first.line == expectedLine + 1)
    #expect(first.expected == "end message: dismissed(Reply)")
    #expect(first.actual == "end message: dismissed(Later)")
    #expect(result.failures.count == 2)
  }

  @Test("a recording edited to say what should have happened fails until the library does it")
  func editedExpectationFails() throws {
    let session = Session()
    let recorder = AlertRecorder(attachedTo: session.app)
    try session.play()
    // What a team would write: the promotion should not come back after the reply.
    let edited = recorder.export().replacingOccurrences(
      of: "    restore promo @feed\n", with: "")
    let result = try ScenarioRunner.replay(edited, file: "edited.scenario")
    #expect(!result.passed)
    #expect(result.firstDivergence?.actual == "restore promo @feed")
    #expect(result.firstDivergence?.expected == "no more lines")
  }
}

@MainActor
@Suite("A recording leaves alert content out unless the app opts in", .timeLimit(.minutes(1)))
struct RecordedContentTests {
  init() {
    AlertDispatch.diagnosticHandler = { _ in }
  }

  func record(includesContent: Bool) throws -> String {
    let session = Session()
    let recorder = AlertRecorder(attachedTo: session.app, includesContent: includesContent)
    try session.buildTree()
    session.feed.add(
      AlertRequest(
        id: "offer",
        content: AlertContent(title: "Secret offer", message: "50% off", buttons: ["Later", "Buy"]))
    )
    session.presenter.tap("offer", "Buy")
    let text = recorder.export()
    let result = try ScenarioRunner.replay(text, file: "content.scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
    return text
  }

  @Test("titles, messages and buttons are left out by default")
  func contentLeftOutByDefault() throws {
    let text = try record(includesContent: false)
    #expect(text.contains("alert offer on feed later\n"))
    #expect(!text.contains("Secret"))
    #expect(!text.contains("50%"))
  }

  @Test("titles, messages and buttons are recorded when the app opts in")
  func contentIncludedWhenOptedIn() throws {
    let text = try record(includesContent: true)
    #expect(
      text.contains(
        "alert offer on feed title \"Secret offer\" message \"50% off\" later buttons \"Later\" \"Buy\"\n"
      ))
  }
}
