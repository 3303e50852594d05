import AlertDispatchKit
import AlertDispatchScenarioFormat
import Foundation
import Testing

@Suite("The words for bare dispatch trees and a scripted presenter read back as written")
struct DispatchTreeWordTests {
  @Test("every tree and presenter word round-trips")
  func treeWordsRoundTrip() throws {
    var alert = ScenarioAlert(name: "a", owner: "tab")
    alert.later = true
    let statements: [ScenarioStatement] = [
      .scriptedPresenter,
      .dispatch("app", parent: nil, isVisible: true),
      .dispatch("tab", parent: "app", isVisible: false),
      .dispatch("loose", parent: nil, isVisible: true),
      .alert(alert),
      .at(.zero),
      .action(.setParent("loose", parent: "app")),
      .action(.setParent("loose", parent: nil)),
      .action(.activeChild("app", child: "tab")),
      .action(.activeChild("app", child: nil)),
      .action(.setProvider("app", child: "tab")),
      .action(.provider("app", child: nil)),
      .action(.removeProvider("app")),
      .action(.appear("tab")),
      .action(.disappear("tab")),
      .action(.arbitrate("app")),
      .action(.answer("a", .presenting)),
      .action(.answer("a", .refuse("transition running"))),
      .action(.answer("a", .presented)),
      .action(.answer("a", .gone("Later"))),
      .atAfterTimers(.seconds(1), timers: 0),
      .action(.add("a")),
      .atAfterTimers(.seconds(1), timers: 2),
      .action(.together([.closeAlert("a", result: "Later"), .arbitrate("app")])),
      .action(.showCount(.count, key: "promo")),
      .action(.showCount(.hold, key: "category:news")),
      .action(.showCount(.release, key: "category:news")),
      .action(.finishPresenting("a")),
      .action(.closeAlert("a", result: "Later")),
      .action(.closeAlert("a", result: nil)),
      .expectation(.transcript(["present a @tab", "end a: dismissed(Later)"])),
    ]
    let text = try ScenarioFormat.write(statements)
    #expect(try ScenarioFormat.parse(text, file: "tree").map(\.statement) == statements)
    #expect(text.hasPrefix("presenter scripted\ndispatch app\ndispatch tab parent app hidden\n"))
    #expect(text.contains("\n  set-parent loose none\n  active app tab\n"))
    #expect(text.contains("\n  set-provider app off\n"))
    #expect(text.contains("\n  answer a refuse \"transition running\"\n"))
    #expect(text.contains("\n  answer a gone Later\nat 1000ms before-timers\n  add a\n"))
    #expect(text.contains("\n  add a\nat 1000ms after-timers 2\n  together\n"))
    #expect(text.contains("\n  together\n    close-alert a Later\n    arbitrate app\n  end\n"))
    #expect(text.contains("\n  count-show promo\n  hold-show category:news\n"))
  }

  @Test("blocks at one instant go forward through its timers, and after-timers takes a count")
  func timerBlocksAreChecked() {
    let setup = "presenter scripted\ndispatch home\n"
    #expect(
      throws: ScenarioError(
        file: "f", line: 4,
        message:
          "'at 1s after-timers 1' comes after 2 timers of 1s fired: put it earlier at its time"
      )
    ) {
      try ScenarioFormat.parse(setup + "at 1s after-timers 2\nat 1s after-timers 1\n", file: "f")
    }
    #expect(
      throws: ScenarioError(
        file: "f", line: 4,
        message:
          "'at 1s before-timers' comes after all the timers of 1s fired: put it earlier at its time"
      )
    ) {
      try ScenarioFormat.parse(setup + "at 1s\nat 1s before-timers\n", file: "f")
    }
    #expect(
      throws: ScenarioError(
        file: "f", line: 3, message: "'after-timers' takes a count of timers, not 'two'")
    ) {
      try ScenarioFormat.parse(setup + "at 1s after-timers two\n", file: "f")
    }
    #expect(
      (try? ScenarioFormat.parse(
        setup + "at 1s before-timers\nat 1s after-timers 1\nat 1s after-timers 1\nat 1s\n",
        file: "f"))?.count == 6)
  }

  @Test("a together block holds the app's calls, at least one, and ends with end")
  func togetherBlocksAreChecked() {
    let setup = "presenter scripted\ndispatch home\nalert a on home later\nat 0s\n"
    #expect(
      throws: ScenarioError(
        file: "f", line: 7,
        message:
          "'advance' cannot run together with other calls: a 'together' block holds the app's calls"
      )
    ) {
      try ScenarioFormat.parse(setup + "  together\n    add a\n    advance 1s\n  end\n", file: "f")
    }
    #expect(throws: ScenarioError(file: "f", line: 5, message: "'together' holds no action")) {
      try ScenarioFormat.parse(setup + "  together\n  end\n", file: "f")
    }
    #expect(throws: ScenarioError(file: "f", line: 5, message: "'together' has no closing 'end'")) {
      try ScenarioFormat.parse(setup + "  together\n    add a\n", file: "f")
    }
    #expect(
      throws: ScenarioError(
        file: "f", line: 4, message: "'together' is an action: put it inside an 'at' block")
    ) {
      try ScenarioFormat.parse(
        "presenter scripted\ndispatch home\nalert a on home later\ntogether\n", file: "f")
    }
  }

  @Test("a tree word names a bare dispatch, and answer needs a scripted presenter")
  func treeWordsAreChecked() {
    #expect(
      throws: ScenarioError(file: "f", line: 3, message: "'home' is a screen, not a dispatch")
    ) {
      try ScenarioFormat.parse("screen home\nat 0s\n  appear home\n", file: "f")
    }
    #expect(
      throws: ScenarioError(
        file: "f", line: 4, message: "'answer' needs 'presenter scripted' in the setup")
    ) {
      try ScenarioFormat.parse(
        "dispatch d\nalert a on d\nat 0s\n  answer a presenting\n", file: "f")
    }
    #expect(
      throws: ScenarioError(
        file: "f", line: 1,
        message: "'none' is not a dispatch name: 'set-parent' and 'active' read it as no dispatch")
    ) {
      try ScenarioFormat.parse("dispatch none\n", file: "f")
    }
    #expect(
      throws: ScenarioError(
        file: "f", line: 2, message: "'d' is a dispatch; link a screen or a window")
    ) {
      try ScenarioFormat.parse("dispatch d\nlink d\n", file: "f")
    }
  }

  @Test("the transcript lines of presenters and ends have one spelling")
  func transcriptLines() {
    #expect(
      ScenarioTranscriptLine.present(alert: "a", dispatch: "home").description == "present a @home")
    #expect(
      ScenarioTranscriptLine.refuse(alert: "a", dispatch: "home", reason: "no host").description
        == "refuse a @home: no host")
    #expect(
      ScenarioTranscriptLine.end(alert: "a", outcome: "dismissed(OK)").description
        == "end a: dismissed(OK)")
  }
}

extension DispatchTreeWordTests {
  @Test("a time zone and a show the ledger held before the run round-trip")
  func shownRoundTrips() throws {
    let date = Date(timeIntervalSince1970: 1_767_258_000)
    let statements: [ScenarioStatement] = [
      .timeZone(TimeZone(identifier: "Asia/Tokyo")!),
      .shown(key: "bonus", date: date, version: nil, thisLaunch: false),
      .shown(key: "category:promotion", date: date, version: "2.0 beta", thisLaunch: true),
    ]
    let text = try ScenarioFormat.write(statements)
    #expect(
      text == """
        time-zone Asia/Tokyo
        shown bonus 2026-01-01T09:00:00Z
        shown category:promotion 2026-01-01T09:00:00Z version "2.0 beta" this-launch

        """)
    #expect(try ScenarioFormat.parse(text, file: "shown").map(\.statement) == statements)
  }
}
