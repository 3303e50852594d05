import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Snippets: diagnostics and the misuse catalogue", .timeLimit(.minutes(1)))
struct ReliabilitySnippets {
  @Test func collectDiagnostics() {
    let home = AlertDispatch(name: "home", clock: VirtualClock(), presenter: RecordingPresenter())
    // snippet: collect-diagnostics
    var diagnostics: [String] = []
    home.settings.diagnosticHandler = { event in
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

  @Test("Two tests with settings of their own, run at once, keep their diagnostics apart")
  func settingsPerTest() async {
    let presenter = RecordingPresenter()
    // snippet: settings-per-test
    var diagnostics: [String] = []
    let settings = AlertDispatchSettings(checksInvariants: true) { event in
      if case .diagnostic(let message) = event.kind { diagnostics.append(message) }
    }
    await withAlertDispatchSettings(settings) {
      let home = AlertDispatch(name: "home", presenter: presenter)  // takes the settings
      let alert = home.add(AlertRequest())  // alert#1: ids are numbered in these settings
      await Task.yield()  // other tests may run here; their diagnostics go to their handlers
      alert.didDismiss(result: "OK")
      alert.didDismiss(result: "OK")
      #expect(home.invariantViolations.isEmpty)
    }
    // diagnostics == ["didDismiss(result:) on alert 'alert#1' that already ended (dismissed(OK)); ignored"]
    // end-snippet
    #expect(
      diagnostics == [
        "didDismiss(result:) on alert 'alert#1' that already ended (dismissed(OK)); ignored"
      ])
  }
}
