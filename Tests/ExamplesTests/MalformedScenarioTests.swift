import AlertDispatchSimulator
import Testing

/// Each kind of mistake in a scenario file gives its own `FILE:LINE: message`, before anything
/// runs.
@Suite("Malformed scenarios", .timeLimit(.minutes(1)))
struct MalformedScenarioTests {
  /// The error for `lines` as `bad.scenario`, or `nil` when it parses.
  func error(_ lines: String...) -> String? {
    do {
      _ = try Scenario.parse(lines.joined(separator: "\n"), file: "bad.scenario")
      return nil
    } catch {
      return error.description
    }
  }

  @Test("An unknown statement")
  func unknownStatement() {
    #expect(error("screen home", "scren settings") == "bad.scenario:2: unknown statement 'scren'")
  }

  @Test("A bad duration")
  func badDuration() {
    #expect(
      error("screen home", "root main home", "at 5x")
        == "bad.scenario:3: bad duration '5x': write a number and a unit, such as 150ms, 1.5s, 2m, 1h or 1d"
    )
    #expect(
      error("screen home", "alert a on home delay -1s")
        == "bad.scenario:2: bad duration '-1s': write a number and a unit, such as 150ms, 1.5s, 2m, 1h or 1d"
    )
  }

  @Test("A preemption policy that is not preempt or wait")
  func badPreemption() {
    #expect(
      error("screen home", "alert a on home preemption later")
        == "bad.scenario:2: bad preemption 'later': write one of preempt, wait")
    #expect(
      error("screen home", "alert a on home preemption")
        == "bad.scenario:2: missing argument POLICY; usage: alert NAME on SCREEN|WINDOW [option …]")
  }

  @Test("An unknown screen")
  func unknownScreen() {
    #expect(error("screen home", "nav stack hom") == "bad.scenario:2: unknown screen 'hom'")
    #expect(
      error("screen home", "nav stack home", "at 1s", "  push stack settings")
        == "bad.scenario:4: unknown screen 'settings'")
  }

  @Test("An unknown alert")
  func unknownAlert() {
    #expect(
      error("screen home", "alert a on home", "at 1s", "  tap promo OK")
        == "bad.scenario:4: unknown alert 'promo'")
    #expect(
      error("screen home", "alert a on home after promo", "at 0s")
        == "bad.scenario:2: unknown alert 'promo'")
  }

  @Test("A missing argument")
  func missingArgument() {
    #expect(
      error("screen home", "nav stack home", "at 1s", "  push stack")
        == "bad.scenario:4: missing argument SCREEN; usage: push NAV SCREEN [animated]")
    #expect(
      error("screen home", "alert a on")
        == "bad.scenario:2: missing argument SCREEN|WINDOW; usage: alert NAME on SCREEN|WINDOW [option …]"
    )
  }

  @Test("A duplicate name")
  func duplicateName() {
    #expect(
      error("screen home", "window side", "screen home")
        == "bad.scenario:3: duplicate name 'home' (first declared on line 1)")
    #expect(
      error("screen home", "alert a on home", "alert a on home")
        == "bad.scenario:3: duplicate alert 'a' (first declared on line 2)")
    #expect(
      error("screen main") == "bad.scenario:1: duplicate name 'main' (the implicit window 'main')")
  }

  @Test(
    "Other mistakes",
    arguments: [
      ("screen home \"oops", "1: unterminated string: a '\"' has no closing '\"'"),
      ("screen home\nat 2s\nat 1s", "3: 'at 1s' goes back in time: the timeline is already at 2s"),
      (
        "screen home\nat 2s\n  advance 1s\nat 2.5s",
        "4: 'at 2.5s' goes back in time: the timeline is already at 3s"
      ),
      ("screen home\nready a", "2: 'ready' is an action: put it inside an 'at' block"),
      (
        "screen home\nexpect showing nothing",
        "2: 'expect' is an expectation: put it inside an 'at' block"
      ),
      ("at 0s\nscreen home", "2: 'screen' is a setup statement: put it before the first 'at'"),
      ("screen home\nalert a on home colour red", "2: unknown alert option 'colour'"),
      ("screen home\nalert a on home lane toast", "2: unknown lane 'toast'"),
      (
        "screen home\nlane toast max-waiting 0",
        "2: bad max-waiting '0': write a number of at least 1"
      ),
      (
        "screen home\nlane toast overflow drop-newest",
        "2: bad overflow policy 'drop-newest': write one of drop-lowest-priority, drop-oldest, refuse-newcomer"
      ),
      (
        "screen home\nat 0s\n  pause home as sync\n  release snyc",
        "4: unknown pause token 'snyc' (name one with 'pause SCREEN as snyc')"
      ),
      ("screen home\nat 0s\n  pause home lane toast", "3: unknown lane 'toast'"),
      (
        "screen home\nalert a on home priority urgent",
        "2: bad priority 'urgent': write low, normal, high, critical or a number"
      ),
      (
        "screen home\nalert a on home priority high priority low",
        "2: alert option 'priority' is given twice"
      ),
      (
        "screen home\nalert a on home cap twice-a-day",
        "2: bad cap 'twice-a-day': write once-ever, once-per-launch, once-per-day, once-per-version, N-per-launch (and the like) or N-per DURATION"
      ),
      (
        "screen home\nnav stack home\nat 0s\n  select stack home",
        "4: 'stack' is a navigation container, not a tab container"
      ),
      ("screen a b c\ntabs t a b\nat 0s\n  select t c", "4: 'c' is not a tab of 't'"),
      (
        "screen home\nalert a on home buttons OK\nat 0s\n  tap a Cancel",
        "4: alert 'a' has no button 'Cancel'; its buttons: OK"
      ),
      (
        "screen home\nalert a on home\nat 0s\n  expect state a gone",
        "4: unknown state 'gone': write one of pending, queued, presenting, showing, suspended, dismissing, ended"
      ),
      (
        "screen home\nalert a on home\nat 0s\n  expect outcome a done",
        "4: bad outcome 'done': write dismissed(RESULT) or cancelled(REASON)"
      ),
      (
        "screen home\nalert a on home\nat 0s\n  expect transcript\n  present a @home",
        "4: 'expect transcript' has no closing 'end'"
      ),
      (
        "screen home\nalert a on home\non a any advance 1s",
        "3: 'advance' cannot run in 'on': time does not move in a completion handler"
      ),
      (
        "screen home\nalert a on home\nat 0s\n  pop home",
        "4: 'home' is a screen, not a navigation container"
      ),
      (
        "screen home\nalert a on home\nat 0s\n  refuse maybe",
        "4: found 'maybe'; usage: refuse on [\"REASON\"] | refuse off"
      ),
      ("screen home\nroot home main", "2: 'home' is a screen, not a window"),
      (
        "screen home/page",
        "1: bad name 'home/page': a name is letters, digits, '-', '_' and '.', without quotes"
      ),
      (
        "screen home\nnav stack home\nroot main home",
        "3: 'home' is inside 'stack'; make 'stack' the root"
      ),
      ("screen home\nat 0s\n  pop", "3: missing argument NAV; usage: pop NAV [animated]"),
      (
        "screen home\nnav stack home\nat 0s\n  pop stack now",
        "4: unexpected 'now'; usage: pop NAV [animated]"
      ),
      ("date tomorrow", "1: bad date 'tomorrow': write it as 2026-01-01T09:00:00Z"),
    ])
  func other(_ text: String, _ message: String) {
    #expect(error(text) == "bad.scenario:\(message)")
  }

  @Test("A well-formed file parses, and its error-free parts are counted")
  func wellFormed() throws {
    let scenario = try Scenario.parse(
      """
      # comment only
      window side
      screen home   # trailing comment
      root side home
      alert a on home title "A \\"quoted\\" title" buttons "Not now" OK
      at 0s
        expect showing a
        advance 1.5s
      """, file: "good.scenario")
    #expect(scenario.mainWindow == "side")
    #expect(scenario.alertNames == ["a"])
    #expect(scenario.expectationCount == 1)
    #expect(scenario.duration == .milliseconds(1500))
    #expect(Scenario.duration("150ms") == .milliseconds(150))
    #expect(Scenario.duration("0.0015s") == .microseconds(1500))
    #expect(Scenario.duration("1d") == .seconds(86_400))
    #expect(Scenario.duration("1.5") == nil)
    #expect(Scenario.duration("s") == nil)
  }

  @Test("An alert option after buttons, which would become a button")
  func optionAfterButtons() {
    #expect(
      error("screen home", "alert a on home buttons OK later")
        == "bad.scenario:2: alert option 'later' after 'buttons', which takes the rest of the line: put the buttons last, or quote a button titled later"
    )
    #expect(error("screen home", "alert a on home buttons OK \"later\"") == nil)
  }

  @Test("A deadline, an expiry or an auto-dismiss of zero")
  func zeroTimeLimit() {
    #expect(
      error("screen home", "alert a on home autodismiss 0s")
        == "bad.scenario:2: autodismiss must be more than zero, got 0s")
    #expect(
      error("screen home", "alert a on home pending deadline 0ms")
        == "bad.scenario:2: deadline must be more than zero, got 0s")
    #expect(
      error("screen home", "alert a on home expiry 0s")
        == "bad.scenario:2: expiry must be more than zero, got 0s")
    #expect(error("screen home", "alert a on home delay 0s autodismiss 1ms") == nil)
  }

  @Test("A batch cancel naming a lane that is not declared, or with words left over")
  func cancelAllArguments() {
    #expect(
      error("screen home", "at 1s", "  cancel-all home lane tost")
        == "bad.scenario:3: unknown lane 'tost'")
    #expect(
      error("screen home", "at 1s", "  cancel-all home priority-at-most urgent")
        == "bad.scenario:3: bad priority 'urgent': write low, normal, high, critical or a number")
    #expect(error("screen home", "at 1s", "  cancel-all home subtree priority-at-most low") == nil)
    #expect(
      error("screen home", "at 1s", "  cancel-all home category promotion lane modal")
        == "bad.scenario:3: unexpected 'lane'; usage: cancel-all SCREEN|WINDOW [subtree] [lane LANE | category NAME | priority-at-most PRIORITY]"
    )
  }

  @Test("An offstage policy that is not suspend or end")
  func badOffstagePolicy() {
    #expect(
      error("screen home", "alert a on home offstage hide")
        == "bad.scenario:2: bad offstage policy 'hide': write one of end, suspend")
    #expect(error("screen home", "alert a on home offstage end") == nil)
  }
}

extension MalformedScenarioTests {
  @Test("A lane order that is not first-added or newest-first")
  func badLaneOrder() {
    #expect(
      error("lane toast order newest")
        == "bad.scenario:1: bad lane order 'newest': write one of first-added, newest-first")
    #expect(error("lane toast order newest-first") == nil)
    #expect(error("lane toast capacity 2 order first-added gap 1s") == nil)
  }

  @Test("show-next takes no argument and is given at most once")
  func showNextTwice() {
    #expect(error("screen home", "alert a on home show-next priority high") == nil)
    #expect(
      error("screen home", "alert a on home show-next show-next")
        == "bad.scenario:2: alert option 'show-next' is given twice")
  }
}

extension MalformedScenarioTests {
  @Test("show-now-or-drop takes no argument and is given at most once")
  func showNowOrDropTwice() {
    #expect(error("screen home", "alert a on home show-now-or-drop pending") == nil)
    #expect(
      error("screen home", "alert a on home show-now-or-drop show-now-or-drop")
        == "bad.scenario:2: alert option 'show-now-or-drop' is given twice")
  }
}

extension MalformedScenarioTests {
  @Test("A minimum display time is a duration of zero or more")
  func minimumDisplayDuration() {
    #expect(error("screen home", "alert a on home minimum 0s") == nil)
    #expect(
      error("screen home", "alert a on home minimum -1s")
        == "bad.scenario:2: bad duration '-1s': write a number and a unit, such as 150ms, 1.5s, 2m, 1h or 1d"
    )
    #expect(
      error("screen home", "alert a on home minimum")
        == "bad.scenario:2: missing argument DURATION; usage: alert NAME on SCREEN|WINDOW [option …]"
    )
  }
}
