import AlertDispatchScenarioFormat
import Testing

@Suite("Reading a scenario reports the first mistake with its file and line")
struct ParserErrorTests {
  @Test("an unknown screen is reported as FILE:LINE: message")
  func unknownScreen() {
    #expect(
      throws: ScenarioError(
        file: "story.scenario", line: 3, message: "unknown screen or window 'setings'")
    ) {
      try ScenarioFormat.parse("screen home\nat 0ms\n  close setings\n", file: "story.scenario")
    }
    let error = ScenarioError(
      file: "story.scenario", line: 3, message: "unknown screen or window 'setings'")
    #expect(error.description == "story.scenario:3: unknown screen or window 'setings'")
  }

  @Test("an unterminated string is reported on its line")
  func unterminatedString() {
    #expect(
      throws: ScenarioError(
        file: "f", line: 1, message: "unterminated string: a '\"' has no closing '\"'")
    ) {
      try ScenarioFormat.parse("alert a on main title \"open\n", file: "f")
    }
  }
}
