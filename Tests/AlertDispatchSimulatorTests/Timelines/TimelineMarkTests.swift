import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// Marks on a timeline: a trace of a story told in Swift gets the marks of a scenario run of
/// the same story.
@MainActor
@Suite("Timelines: marks")
struct TimelineMarkTests {
  static let story = """
    screen feed me settings sheet
    tabs tabbar feed me
    nav stack tabbar
    root main stack
    alert tip on feed
    alert hint on me
    alert promo on main priority high
    at 1s
      select tabbar me
    at 2s
      push stack settings animated
    at 3s
      pop stack
    at 4s
      present tabbar sheet full-screen animated
    at 5s
      dismiss-modal sheet animated
    at 6s
      background main
    at 7s
      foreground main
      set-stack stack tabbar
      pop-to-root stack
    """

  /// The same story as ``story``, told in Swift.
  func storyInSwift() -> (Simulator, AlertTrace) {
    let sim = Simulator(windowName: "main")
    let feed = sim.screen("feed")
    let me = sim.screen("me")
    let settings = sim.screen("settings")
    let sheet = sim.screen("sheet")
    let tabbar = sim.tabs("tabbar", [feed, me])
    let stack = sim.window.setRoot(sim.navigation("stack", root: tabbar))
    let trace = AlertTrace()
    trace.attach(to: sim)
    feed.dispatch.add(AlertRequest(id: "tip"))
    me.dispatch.add(AlertRequest(id: "hint"))
    sim.window.dispatch.add(AlertRequest(id: "promo", priority: .high))
    func at(_ seconds: Int, _ steps: () -> Void) {
      sim.clock.advance(to: AlertInstant(offset: .seconds(seconds)))
      steps()
    }
    at(1) { tabbar.select(me) }
    at(2) { stack.push(settings, animated: true) }
    at(3) { stack.pop(animated: false) }
    at(4) { tabbar.present(sheet, style: .fullScreen, animated: true) }
    at(5) { sheet.dismiss(animated: true) }
    at(6) { sim.window.enterBackground() }
    at(7) {
      sim.window.enterForeground()
      stack.setStack([tabbar], animated: false)
      stack.popToRoot(animated: false)
    }
    return (sim, trace)
  }

  @Test("A trace attached to a simulator gets the marks a scenario run of the same story gets")
  func swiftTraceMarksLikeAScenario() throws {
    let result = ScenarioRunner.run(try Scenario.parse(Self.story, file: "marks.scenario"))
    #expect(result.passed, "\(result.failures)")
    let (sim, trace) = storyInSwift()
    let marks = trace.marks.map { "\($0.time) \($0.label)" }
    #expect(marks == result.trace.marks.map { "\($0.time) \($0.label)" })
    #expect(
      marks == [
        "1s select tabbar me", "2s push stack settings animated", "3s pop stack",
        "4s present tabbar sheet full-screen animated", "5s dismiss-modal sheet animated",
        "6s background main", "7s foreground main", "7s set-stack stack tabbar",
        "7s pop-to-root stack",
      ])
    // The whole picture is the same: the same events of every domain, at the same times.
    let end = AlertInstant(offset: .seconds(8))
    sim.advance(by: .seconds(1))
    #expect(trace.timeline(until: end) == result.trace.timeline(until: end))
  }

  @Test("A scenario's trace holds the run alone, not the simulator's teardown after it")
  func scenarioTraceEndsWithTheRun() throws {
    let result = ScenarioRunner.run(try Scenario.parse(Self.story, file: "marks.scenario"))
    // Releasing the run closes the tab bar before its tabs, which become roots of their own:
    // the hint would go up in a domain of its own, after the run, with no one to see it.
    let shown = result.trace.events.filter { $0.kind == .shown }.compactMap(\.alertID)
    #expect(shown == ["tip", "promo"])
    #expect(
      result.transcript.filter { $0.hasPrefix("present ") } == [
        "present tip @feed", "present promo @main",
      ])
  }

  @Test("A mark is made for the call the app makes, even when the simulator refuses it")
  func refusedCallsAreMarked() {
    let sim = Simulator()
    let nav = sim.window.setRoot(sim.navigation("nav", root: sim.screen("home")))
    let trace = AlertTrace()
    trace.attach(to: sim)
    nav.push(sim.screen("detail"), animated: true)
    nav.pop(animated: true)  // ignored: the push is still running
    #expect(trace.marks.map(\.label) == ["push nav detail animated", "pop nav animated"])
    #expect(sim.transcript.lines.contains { $0.hasPrefix("ignored pop") })
  }
}
