import AlertDispatchKit
import AlertDispatchRecorder
import AlertDispatchSimulator

/// A small app built on bare dispatches, on a virtual clock, with a presenter the test drives:
/// a root `app` whose active child is one of two tabs, `feed` and `chat`.
@MainActor
final class Session {
  let clock = VirtualClock()
  let presenter: RecordingPresenter
  let app: AlertDispatch
  let feed: AlertDispatch
  let chat: AlertDispatch

  init() {
    presenter = RecordingPresenter(clock: clock)
    app = AlertDispatch(name: "app", clock: clock, presenter: presenter)
    feed = AlertDispatch(name: "feed", clock: clock)
    chat = AlertDispatch(name: "chat", clock: clock)
  }

  /// Joins the tabs to the root and selects the feed.
  func buildTree() throws {
    try feed.setParent(app)
    try chat.setParent(app)
    app.activeChild = feed
  }

  /// Moves the virtual clock on.
  func advance(by duration: Duration) {
    clock.advance(by: duration)
  }

  /// A promotion on the feed, a message on the chat that goes up when the user switches tabs,
  /// a reply, and the promotion back and cancelled.
  func play() throws {
    try buildTree()
    feed.add(AlertRequest(id: "promo", timing: AlertTiming(autoDismiss: .seconds(30))))
    advance(by: .seconds(1))
    chat.add(AlertRequest(id: "message", priority: .high))
    advance(by: .seconds(1))
    app.activeChild = chat
    advance(by: .milliseconds(500))
    presenter.tap("message", "Reply")
    advance(by: .seconds(1))
    app.activeChild = feed
    advance(by: .seconds(2))
    feed.alert(withID: "promo")?.cancel()
  }
}

/// The failures of a result, one a line, for a test's message.
@MainActor
func report(_ result: ScenarioResult) -> String {
  result.failures.map(\.description).joined(separator: "\n")
}
