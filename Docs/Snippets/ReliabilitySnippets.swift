import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Snippets: diagnostics and the misuse catalogue", .timeLimit(.minutes(1)))
struct ReliabilitySnippets {
  @Test func collectDiagnostics() {
    let previous = AlertDispatch.diagnosticHandler
    defer { AlertDispatch.diagnosticHandler = previous }
    let home = AlertDispatch(name: "home", clock: VirtualClock(), presenter: RecordingPresenter())
    // snippet: collect-diagnostics
    var diagnostics: [String] = []
    AlertDispatch.diagnosticHandler = { event in
      if case .diagnostic(let message) = event.kind { diagnostics.append(message) }
    }
    let alert = home.add(AlertRequest(id: "a"))
    alert.didDismiss(result: "OK")
    alert.didDismiss(result: "OK")  // a second dismiss: ignored, and reported
    // diagnostics == ["didDismiss(result:) on alert 'a' that already ended (dismissed(OK)); ignored"]
    // end-snippet
    #expect(
      diagnostics == [
        "didDismiss(result:) on alert 'a' that already ended (dismissed(OK)); ignored"
      ])
  }
}
