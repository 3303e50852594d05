import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Snippets: invariants")
struct InvariantSnippets {
  @Test("A flow checked after every pass and at its end finds nothing broken")
  func invariantsInATest() {
    let presenter = RecordingPresenter()
    // snippet: invariants-in-a-test
    let home = AlertDispatch(name: "home", presenter: presenter)
    home.settings.checksInvariants = true  // every pass of this domain checks its work
    home.add(AlertRequest(id: "update", priority: .high))
    home.add(AlertRequest(id: "tip"))
    presenter.tap("update", "Later")

    #expect(home.invariantViolations.isEmpty)  // what the checks after each pass found
    #expect(home.checkInvariants().isEmpty)  // the whole domain, checked now
    // end-snippet
    #expect(presenter.transcript.lines.contains("present tip @home"))
  }
}
