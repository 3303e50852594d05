import AlertDispatchKit
import AlertDispatchRecorder
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("A recording keeps a bounded window and replays from a snapshot", .timeLimit(.minutes(1)))
struct RecordingWindowTests {
  init() {
    AlertDispatch.diagnosticHandler = { _ in }
  }

  /// A long session: a banner up all along in a lane of its own, a pending alert, and a line
  /// of notices tapped one after the other.
  func longSession(_ session: Session) throws {
    try session.buildTree()
    let toasts = AlertLane("toast", capacity: .unlimited)
    session.feed.add(AlertRequest(id: "banner", lane: toasts))
    session.chat.add(AlertRequest(id: "waiting", readiness: .pending))
    for index in 0..<20 {
      session.feed.add(AlertRequest(id: AlertID("notice-\(index)")))
      session.advance(by: .seconds(1))
      session.presenter.tap(AlertID("notice-\(index)"), "OK")
      session.advance(by: .seconds(1))
    }
    session.feed.add(AlertRequest(id: "last"))
  }

  @Test("old events are dropped by count, and the rest replays from a snapshot")
  func eventWindowReplaysFromSnapshot() throws {
    let session = Session()
    let recorder = AlertRecorder(attachedTo: session.app, window: .events(12))
    try longSession(session)
    #expect(recorder.droppedEvents)
    let text = recorder.export()
    #expect(!text.contains("notice-0 "))
    #expect(text.contains("notice-19"))
    #expect(text.contains("expect state banner showing"))
    #expect(text.contains("expect state waiting pending"))
    let result = try ScenarioRunner.replay(text, file: "window.scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
  }

  @Test("old events are dropped by age, and the rest replays from a snapshot")
  func durationWindowReplaysFromSnapshot() throws {
    let session = Session()
    let recorder = AlertRecorder(attachedTo: session.app, window: .duration(.seconds(10)))
    try longSession(session)
    #expect(recorder.droppedEvents)
    let text = recorder.export()
    #expect(!text.contains("notice-3 "))
    #expect(text.contains("notice-19"))
    let result = try ScenarioRunner.replay(text, file: "window.scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
  }

  @Test("a recorder that kept everything starts from the tree as it was attached")
  func unboundedWindowKeepsEverything() throws {
    let session = Session()
    let recorder = AlertRecorder(attachedTo: session.app, window: .events(1_000))
    try longSession(session)
    #expect(!recorder.droppedEvents)
    let text = recorder.export()
    #expect(text.contains("notice-0"))
    let result = try ScenarioRunner.replay(text, file: "all.scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
  }

  @Test("a long session of one id names its alerts within the window, not one name per alert heard")
  func namesStayWithinTheWindow() throws {
    let session = Session()
    let recorder = AlertRecorder(attachedTo: session.app, window: .events(12))
    try session.buildTree()
    for _ in 0..<300 {
      session.feed.add(AlertRequest(id: "tip"))
      session.advance(by: .seconds(1))
      session.presenter.tap("tip", "OK")
      session.advance(by: .seconds(1))
    }
    let text = recorder.export()
    let suffixes = text.split(whereSeparator: \.isWhitespace).compactMap { word in
      word.hasPrefix("tip-") ? Int(word.dropFirst(4)) : nil
    }
    #expect(!suffixes.isEmpty)
    #expect(suffixes.allSatisfy { $0 < 20 }, "\(suffixes)")
    let result = try ScenarioRunner.replay(text, file: "names.scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
  }
}
