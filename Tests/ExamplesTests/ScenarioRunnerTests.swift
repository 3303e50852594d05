import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// The runner: what a failed expectation reports, and every kind of action on the simulator.
@MainActor
@Suite("Scenario runner", .timeLimit(.minutes(1)))
struct ScenarioRunnerTests {
  init() {
    AlertDispatch.diagnosticHandler = { _ in }
  }

  func run(_ text: String) throws -> ScenarioResult {
    ScenarioRunner.run(try Scenario.parse(text, file: "t.scenario"))
  }

  func expectPass(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let result = try run(text)
    #expect(
      result.passed, "\(result.failures.map(\.description).joined(separator: "\n"))",
      sourceLocation: sourceLocation)
  }

  @Test("A failed expectation says what was expected and what happened")
  func failure() throws {
    let result = try run(
      """
      screen home
      root main home
      alert a on home
      alert b on home priority high
      at 0s
        expect showing a
        expect state a queued
        expect outcome a dismissed(OK)
        expect explain a "showing"
        expect showing b
      """)
    #expect(
      result.failures.map(\.description) == [
        "t.scenario:6: expect showing a\n  expected: a\n  actual:   b",
        "t.scenario:7: expect state a queued\n  expected: queued\n  actual:   suspended",
        "t.scenario:8: expect outcome a dismissed(OK)\n  expected: dismissed(OK)\n  actual:   not ended (suspended)",
        "t.scenario:9: expect explain a \"showing\"\n  expected: showing\n  actual:   outranked by b",
      ])
    #expect(result.summary == "failed: 4 of 5 expectations")
  }

  @Test("A transcript mismatch is a line diff, and the next transcript starts after it")
  func transcriptDiff() throws {
    let result = try run(
      """
      screen home
      root main home
      alert a on home
      at 0s
        expect transcript
          viewWillAppear @home
          present a @home
        end
      at 1s
        tap a OK
        expect transcript
          tap a OK
          end a: dismissed(OK)
        end
      """)
    #expect(result.failures.count == 1)
    #expect(
      result.failures.first?.description == """
        t.scenario:5: expect transcript
        transcript mismatch (- expected, + actual):
          viewWillAppear @home
        + viewDidAppear @home
          present a @home
        """)
  }

  @Test("Navigation, tabs and modals move alerts between the chain and offstage")
  func navigation() throws {
    try expectPass(
      """
      screen home settings sheet cover
      nav stack home
      root main stack
      alert a on home
      alert s on settings later
      at 0s
        push stack settings animated
        expect showing nothing
        add s
      at 0.35s
        expect showing s
        pop-to-root stack
        expect outcome s cancelled(owner closed)
        expect showing a
        push stack settings             # a fresh settings screen: the old one is closed
        add s
        expect showing s
        set-stack stack home
        present home sheet              # a page sheet: home stays on screen, the sheet is active
        expect showing nothing
        expect explain a owner 'home' is offstage
        dismiss-modal sheet
        expect showing a
        present home cover full-screen
        expect showing nothing
        expect explain a owner 'home' is hidden
        dismiss-modal cover
        expect showing a
      """)
  }

  @Test("A window is one domain; a screen marked own-domain keeps its alerts apart")
  func ownDomain() throws {
    try expectPass(
      """
      screen home chat
      tabs tabs home chat
      root main tabs
      own-domain chat
      alert update on tabs priority high
      alert tip on home
      alert banner on chat later
      at 0s
        expect showing update
        expect explain tip outranked by update
        select tabs chat
        add banner
        expect showing update banner
      """)
  }

  @Test("Windows: background and foreground, a second window, linking a window")
  func windows() throws {
    try expectPass(
      """
      window phone
      window tablet
      screen home detail
      root phone home
      root tablet detail
      link phone
      alert app on phone priority high
      alert h on home
      alert d on detail
      at 0s
        expect showing app d             # two windows, two domains
        expect explain h outranked by app
        background phone
        expect showing d
        foreground phone
        expect showing app d
        close detail
        expect outcome d cancelled(owner closed)
      """)
  }

  @Test("Alert options: lanes, cover, cancel policy, delay, expiry, auto-dismiss, replace")
  func options() throws {
    try expectPass(
      """
      screen home
      root main home
      lane toast capacity 2 gap 500ms
      alert t1 on home lane toast autodismiss 1s
      alert t2 on home lane toast autodismiss 1s
      alert t3 on home lane toast
      alert low on home priority low interruption cancel
      alert top on home priority critical style cover later
      alert late on home delay 2s
      alert stale on home priority 100 expiry 1s
      alert again on home id low priority 300 replace later
      at 0s
        expect showing t1 t2 low
        expect explain late delayed until 2s
      at 1s
        expect outcome t1 dismissed(auto-dismissed)
        expect explain t3 gap until 1.5s
        expect outcome stale cancelled(expired)
      at 1.5s
        expect showing t3 low
        add again
        expect outcome low cancelled(replaced by low)
        expect state again showing
        tap again OK
        expect showing t3
        expect explain late delayed until 2s
      at 2s
        expect showing t3 late
        add top
        expect showing t3 late top
        expect explain late covered by top
        dismiss top Done
        expect outcome top dismissed(Done)
      """)
  }

  @Test("Readiness, dependencies, pause, cancel, refusals and reactions")
  func lifecycle() throws {
    try expectPass(
      """
      screen home
      root main home
      alert first on home buttons OK
      alert second on home after first pending deadline 5s
      alert third on home after second
      alert note on home later
      on first dismissed(OK) add note
      on note any mark "note ended"
      at 0s
        expect explain second not ready
        expect explain third waiting for dependencies: second
        pause home
        tap first OK
        expect explain note paused by 'home'
        resume home
        expect showing note
        cancel note
        expect outcome note cancelled(cancelled by app)
        expect explain second not ready
        refuse on "no host"
        ready second
        expect explain second retrying after refusal (no host) at 0.1s
        refuse off
      at 0.1s
        expect showing second
        cancel third
        dismiss second
        expect outcome second dismissed(closed)
        ready first                      # a misuse: first has ended
      """)
  }

  @Test("A reaction that re-adds an alert ending at once stops after 1,000 reactions, in a loop")
  func reactionChain() throws {
    let result = try run(
      """
      screen home
      root main home
      alert a on home
      on a cancelled add a
      at 0s
        close home
        add a
      """)
    #expect(
      result.failures.map(\.description).contains {
        $0.contains("more than 1000 reactions ran; stopped")
      })
    // The first `a`, then one for each of the 1,000 reactions that ran.
    #expect(result.transcript.count { $0.hasPrefix("end a: cancelled(owner closed)") } >= 1001)
  }

  @Test("Actions on alerts not added yet are ignored with a transcript line")
  func notAdded() throws {
    let result = try run(
      """
      screen home
      root main home
      alert a on home later
      at 0s
        ready a
        expect state a pending
        expect explain a "not added yet"
      """)
    #expect(result.transcript.contains("ignored ready a: not added yet"))
    #expect(result.failures.map(\.actual) == ["not added yet"])
  }

  @Test("Relaunch: a new launch that shares the ledger, on one scenario clock")
  func relaunch() throws {
    let result = try run(
      """
      version 1.0
      date 2026-03-01T23:00:00Z
      budget promo once-per-launch
      screen home
      root main home
      alert tip on home cap once-ever key tips
      alert tip2 on home cap once-ever key tips later
      alert sale on home category promo cap 2-per 1h
      alert sale2 on home category promo later
      alert news on home cap once-per-version when dismissed
      at 1s
        tap tip OK
        tap sale OK
        add sale2
        add tip2
        tap news Close                   # the capped alerts end when their turn comes
        expect outcome sale2 cancelled(frequency capped: once per launch (category promo))
        expect outcome tip2 cancelled(frequency capped: once ever (key tips))
      at 2s
        relaunch after 30m version 1.1
        expect showing sale
        expect outcome tip cancelled(frequency capped: once ever (key tips))
      at 3s
        tap sale OK
        expect showing news
      """)
    #expect(result.passed, "\(result.failures.map(\.description).joined(separator: "\n"))")
    #expect(result.transcript.contains("relaunch"))
    #expect(result.trace.marks.map(\.label) == ["relaunch after 30m version 1.1"])
  }

  @Test("The timed transcript and the timeline show scenario time")
  func rendering() throws {
    let result = try run(
      """
      screen home
      root main home
      alert a on home
      at 2s
        tap a OK
      """)
    #expect(
      result.timedTranscript == """
        0s      viewWillAppear @home
        0s      viewDidAppear @home
        0s      present a @home
        2s      tap a OK
        2s      end a: dismissed(OK)
        """)
    #expect(result.timeline().hasPrefix("       0s"))
    #expect(result.timeline().contains("a@home "))
    #expect(result.summary == "passed: 0 expectations")
  }
}
