import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// An alert that waits for a network answer receives its content with `markReady(content:)`,
/// and the presenter reads it when the alert goes up.
@MainActor
@Suite("Life of an alert: content that comes when it is ready", .timeLimit(.minutes(1)))
struct ReadyContentTests {
  /// A dispatch whose presenter writes down the title of each alert it presents.
  @MainActor
  final class TitlePresenter {
    var titles: [String] = []
    let dispatch: AlertDispatch

    init() {
      dispatch = AlertDispatch(name: "home", clock: VirtualClock())
      dispatch.presenter = ClosurePresenter(present: { [unowned self] alert in
        titles.append(alert.content.title)
        return .presented
      })
    }
  }

  @Test("The presenter presents the content given with markReady(content:)")
  func presenterSeesTheContentItWasGiven() {
    let home = TitlePresenter()
    let offer = home.dispatch.add(
      AlertRequest(
        id: "offer", readiness: .pending, content: AlertContent(title: "placeholder")))
    #expect(home.titles == [])
    offer.markReady(content: AlertContent(title: "50% off", buttons: ["Later", "Show me"]))
    #expect(home.titles == ["50% off"])
    #expect(offer.content.buttons == ["Later", "Show me"])
    #expect(offer.request.content.title == "placeholder", "the request stays as it was added")
  }

  @Test("An alert ready and waiting in line takes the new content when its turn comes")
  func queuedAlertTakesTheNewContent() {
    let home = TitlePresenter()
    let front = home.dispatch.add(AlertRequest(id: "front", content: AlertContent(title: "front")))
    let offer = home.dispatch.add(
      AlertRequest(id: "offer", readiness: .pending, content: AlertContent(title: "old")))
    offer.markReady()
    offer.markReady(content: AlertContent(title: "new"))
    #expect(offer.state == .queued)
    front.didDismiss()
    #expect(home.titles == ["front", "new"])
  }

  @Test("An alert that has gone up keeps its content, with a diagnostic")
  func alertUpKeepsItsContent() {
    let saved = AlertDispatch.diagnosticHandler
    defer { AlertDispatch.diagnosticHandler = saved }
    var diagnostics: [String] = []
    AlertDispatch.diagnosticHandler = { event in
      if case .diagnostic(let message) = event.kind { diagnostics.append(message) }
    }
    let home = TitlePresenter()
    let offer = home.dispatch.add(AlertRequest(id: "offer", content: AlertContent(title: "up")))
    offer.markReady(content: AlertContent(title: "late"))
    #expect(offer.content.title == "up")
    #expect(
      diagnostics == [
        "markReady(content:) on alert 'offer' that is showing, already up; its content is not changed"
      ])
  }

  @Test("The content given to an ended alert is ignored, with the markReady diagnostic")
  func endedAlertIgnoresContent() {
    let saved = AlertDispatch.diagnosticHandler
    defer { AlertDispatch.diagnosticHandler = saved }
    var diagnostics: [String] = []
    AlertDispatch.diagnosticHandler = { event in
      if case .diagnostic(let message) = event.kind { diagnostics.append(message) }
    }
    let home = TitlePresenter()
    let offer = home.dispatch.add(AlertRequest(id: "offer", readiness: .pending))
    offer.cancel()
    offer.markReady(content: AlertContent(title: "late"))
    #expect(home.titles == [])
    #expect(
      diagnostics == [
        "markReady(content:) on alert 'offer' that already ended (cancelled(cancelled by app)); ignored"
      ])
  }
}
