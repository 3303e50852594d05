import AlertDispatchKit
import AlertDispatchScenarioFormat
import Testing

@Suite("The writer writes only what reads back")
struct WriterTests {
  @Test(
    "durations are written in the shortest exact form",
    arguments: [
      (Duration.zero, "0ms"), (.milliseconds(1500), "1500ms"), (.nanoseconds(1), "0.000000001s"),
      (.microseconds(2500), "0.0025s"), (.seconds(2_000_000), "33333m20s"),
    ])
  func durationsAreExact(_ duration: Duration, _ expected: String) {
    let written = ScenarioFormat.format(duration)
    if let written { #expect(ScenarioFormat.duration(written) == duration) }
    if expected != "33333m20s" { #expect(written == expected) }
  }

  @Test("a negative duration has no form in a file")
  func negativeDurationIsRefused() throws {
    #expect(ScenarioFormat.format(.milliseconds(-1)) == nil)
    #expect(throws: ScenarioError.self) {
      try ScenarioFormat.write([.transition(.milliseconds(-1))])
    }
  }

  @Test("a name that is not a name is refused, with the line it would be written on")
  func badNameIsRefused() {
    let message = "'screen my screen' does not read back as the statement written"
    #expect(throws: ScenarioError(file: "x", line: 2, message: message)) {
      try ScenarioFormat.write([.window("main"), .screens(["my screen"])], file: "x")
    }
  }

  @Test("a setup statement after the first at is refused")
  func setupAfterTimelineIsRefused() {
    #expect(throws: ScenarioError.self) {
      try ScenarioFormat.write([.at(.zero), .screens(["home"])])
    }
  }

  @Test("an alert used before it is declared is refused")
  func undeclaredAlertIsRefused() {
    #expect(throws: ScenarioError.self) {
      try ScenarioFormat.write([.at(.zero), .action(.add("ghost"))])
    }
  }

  @Test("text with a line break is refused: it does not read back")
  func lineBreakIsRefused() {
    #expect(throws: ScenarioError.self) {
      try ScenarioFormat.write([.screens(["home"]), .comment("two\nlines")])
    }
  }

  @Test("quotes and backslashes in text are escaped and read back")
  func escapesRoundTrip() throws {
    var alert = ScenarioAlert(name: "a", owner: "main")
    alert.title = #"say "hi" \ bye"#
    alert.message = ""
    let statements: [ScenarioStatement] = [
      .alert(alert), .at(.zero), .action(.mark(#"a "quoted" # mark"#)),
      .action(.dismiss("a", result: "Not now")), .action(.refuse("no host")),
    ]
    let text = try ScenarioFormat.write(statements)
    #expect(try ScenarioFormat.parse(text, file: "escapes").map(\.statement) == statements)
  }

  @Test("one statement's text is what the file holds for it, unchecked")
  func lineOfOneStatement() {
    #expect(
      ScenarioFormat.line(
        .action(.present(over: "home", modal: "m", style: .fullScreen, animated: true)))
        == "present home m full-screen animated")
    #expect(
      ScenarioFormat.line(.action(.cancelAll("home", subtree: true, .priorityAtMost(.low))))
        == "cancel-all home subtree priority-at-most low")
  }
}
