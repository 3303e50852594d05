import AlertDispatchKit
import Foundation
import Testing

/// The README's code, run as tests.
@MainActor
@Suite("Snippets: the README")
struct ReadmeSnippets {
  @Test("The README's first code runs with the presenter it defines")
  func readmeStory() {
    // snippet: readme-usage
    let presenter = ListPresenter()
    let home = AlertDispatch(name: "home", isVisible: false, presenter: presenter)
    home.appear()  // from viewDidAppear

    let rateUs = home.add(AlertRequest(id: "rate-us", priority: .low))
    let update = home.add(AlertRequest(id: "update", priority: .high))  // preempts rate-us
    let promo = home.add(
      AlertRequest(
        id: "promo", priority: .low, readiness: .pending,
        timing: AlertTiming(readinessDeadline: .seconds(3))))
    promo.markReady()  // the network answered

    presenter.userTapped("Update", on: update)  // the presenter reports it: rate-us comes back
    rateUs.close(result: "Later")  // the app takes rate-us down itself: promo goes up
    // presenter.onScreen.map(\.id) == ["promo"]
    // end-snippet
    #expect(presenter.onScreen.map(\.id) == ["promo"])
    #expect(update.endedOutcome == .dismissed("Update"))
    #expect(rateUs.endedOutcome == .dismissed("Later"))
  }

  @Test("The README shows the presenter and the first code as compiled here")
  func readmeShowsTheSnippets() throws {
    let snippets = try SnippetCheck.snippets()
    let readme = try String(
      contentsOf: SnippetCheck.docs.deletingLastPathComponent().appendingPathComponent("README.md"),
      encoding: .utf8)
    for name in ["readme-presenter", "readme-usage"] {
      let code = try #require(snippets[name])
      #expect(readme.contains("```swift\n\(code)\n```"), "README.md does not show \(name)")
    }
  }
}
