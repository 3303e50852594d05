import AlertDispatchKit
import AlertDispatchScenarioFormat
import Testing

/// The code of the Scenario files article that reads and writes scenarios without the
/// simulator, run as tests.
@Suite("Snippets: the scenario format", .timeLimit(.minutes(1)))
struct ScenarioFormatSnippets {
  @Test("Writing a scenario from an app, and reading it back")
  func writeAndRead() throws {
    // snippet: scenario-format-write
    var promo = ScenarioAlert(name: "promo", owner: "home")
    promo.priority = .low
    promo.later = true
    let text = try ScenarioFormat.write([
      .comment("recorded on build 2.1 (412)"),
      .screens(["home"]),
      .root(window: "main", screen: "home"),
      .alert(promo),
      .at(.milliseconds(1500)),
      .action(.add("promo")),
      .expectation(.showing(["promo"])),
    ])
    // # recorded on build 2.1 (412)
    // screen home
    // root main home
    // alert promo on home priority low later
    // at 1500ms
    //   add promo
    //   expect showing promo
    for line in try ScenarioFormat.parse(text, file: "recorded.scenario") {
      print(line.line, line.statement)
    }
    // end-snippet
    #expect(
      text == """
        # recorded on build 2.1 (412)
        screen home
        root main home
        alert promo on home priority low later
        at 1500ms
          add promo
          expect showing promo

        """)
  }
}
