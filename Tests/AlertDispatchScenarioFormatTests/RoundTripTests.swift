import AlertDispatchKit
import AlertDispatchScenarioFormat
import Foundation
import Testing

@Suite("Writing a scenario and reading it back gives the same statements")
struct RoundTripTests {
  @Test("the repository holds scenario files to check")
  func filesAreFound() {
    #expect(ScenarioFiles.all.count >= 10, "\(ScenarioFiles.all)")
    #expect(ScenarioFiles.all.contains("Examples/Scenarios/home-popups.scenario"))
  }

  @Test(
    "every scenario file of the repository reads back as itself once written",
    arguments: ScenarioFiles.all)
  func everyFileRoundTrips(_ path: String) throws {
    let read = try ScenarioFormat.parse(try ScenarioFiles.text(path), file: path)
    let statements = read.map(\.statement)
    let written = try ScenarioFormat.write(statements, file: path)
    #expect(try ScenarioFormat.parse(written, file: path).map(\.statement) == statements)
    // Written text is a fixed point: writing what it reads gives the same text.
    #expect(try ScenarioFormat.write(statements) == written)
  }

  @Test("a scenario built in code is written as a file and read back")
  func builtScenarioRoundTrips() throws {
    var promo = ScenarioAlert(name: "promo", owner: "home")
    promo.priority = .high
    promo.lane = "toast"
    promo.timing.delay = .milliseconds(1500)
    promo.timing.expiry = .seconds(90)
    promo.cap = .oncePerDay(key: "promo", countsWhen: .dismissed)
    promo.title = "Try \"Pro\" now"
    promo.buttons = ["OK", "later"]
    promo.later = true
    let statements: [ScenarioStatement] = [
      .comment("recorded on a test device"),
      .date(Date(timeIntervalSince1970: 1_767_258_000)),
      .version("2.1"),
      .screens(["home", "settings"]),
      .navigation("nav", root: "home"),
      .root(window: "main", screen: "nav"),
      .lane(AlertLane("toast", capacity: .limited(2), minimumGap: .milliseconds(150))),
      .budget("promo", FrequencyBudget(2, per: .launch)),
      .alert(promo),
      .reaction(
        alert: "promo", outcome: "dismissed(OK)",
        action: .push(nav: "nav", screen: "settings", animated: true)),
      .at(.zero),
      .action(.add("promo")),
      .action(.pause("home", .lane("toast"), token: "t")),
      .action(.mark("user opens # settings")),
      .at(.seconds(2)),
      .action(.release("t")),
      .action(.tap("promo", button: "OK")),
      .expectation(.outcome("promo", "dismissed(OK)")),
      .expectation(.explain("promo", "ended: dismissed(OK)")),
      .expectation(.transcript(["present promo", "dismissed promo"])),
      .action(.relaunch(after: .seconds(3600), version: "2.2")),
    ]
    let text = try ScenarioFormat.write(statements)
    #expect(try ScenarioFormat.parse(text, file: "built").map(\.statement) == statements)
    #expect(text.hasPrefix("# recorded on a test device\ndate 2026-01-01T09:00:00Z\n"))
    #expect(text.contains("\nat 2000ms\n  release t\n"))
  }

  @Test("a whole-line comment is a statement; a comment after a statement is not")
  func commentsAreKept() throws {
    let text = "# story\nscreen home  # the first screen\nat 0ms\n  #   indented\n"
    let read = try ScenarioFormat.parse(text, file: "comments")
    #expect(
      read.map(\.statement) == [
        .comment("story"), .screens(["home"]), .at(.zero), .comment("  indented"),
      ])
    #expect(read.map(\.line) == [1, 2, 3, 4])
  }

  @Test("a line keeps its words as written, for messages that quote it")
  func linesKeepTheirWords() throws {
    let read = try ScenarioFormat.parse(
      "screen home\nalert a on home\nat 1.5s\n  mark \"the user\"   waits\n", file: "words")
    #expect(read[3].text == "mark \"the user\" waits")
    #expect(read[3].line == 4)
    #expect(read[2].statement == .at(.milliseconds(1500)))
  }
}
