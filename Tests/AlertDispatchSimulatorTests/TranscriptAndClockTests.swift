import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Transcript and clock")
struct TranscriptAndClockTests {
  @Test("The Simulator documentation's example holds")
  func documentedExample() {
    let sim = Simulator()
    let home = sim.screen("home")
    let nav = sim.window.setRoot(sim.navigation("nav", root: home))
    home.dispatch.add(AlertRequest(id: "a"))
    nav.push(sim.screen("detail"), animated: true)
    sim.advance(by: sim.transitionDuration)
    #expect(
      sim.transcript.mismatch([
        "viewWillAppear @nav", "viewWillAppear @home", "viewDidAppear @nav", "viewDidAppear @home",
        "present a @home",
        "viewWillDisappear @home", "hide a @home", "viewWillAppear @detail",
        "viewDidDisappear @home", "viewDidAppear @detail",
      ]) == nil)
  }

  @Test("A mismatch reads as a line-by-line diff")
  func readableDiff() {
    let f = SimFixture()
    let home = f.window.setRoot(f.sim.screen("home"))
    f.add("a", to: home)
    let diff = f.sim.transcript.mismatch([
      "viewWillAppear @home", "viewDidAppear @home", "present b @home",
    ])
    #expect(
      diff == """
        transcript mismatch (- expected, + actual):
          viewWillAppear @home
          viewDidAppear @home
        + present a @home
        - present b @home
        """)
    f.sim.transcript.clear()
    f.verify()
  }

  @Test("Time moves only when told: a transition does not end by itself")
  func clockMovesOnlyWhenTold() {
    let f = SimFixture()
    let nav = f.window.setRoot(f.sim.navigation("nav", root: f.sim.screen("home")))
    nav.push(f.sim.screen("detail"))
    f.sim.transcript.clear()
    #expect(f.sim.now == .zero)
    #expect(f.sim.clock.nextDeadline == AlertInstant(offset: .milliseconds(350)))
    #expect(f.window.isTransitioning)
    f.sim.transitionDuration = .seconds(1)  // applies to the next transition only
    f.advance(0.35)
    f.expect(["viewDidDisappear @home", "viewDidAppear @detail"])
    nav.pop()
    f.advance(0.999)
    f.expect(["viewWillDisappear @detail", "viewWillAppear @home"])
    f.advance(0.001)
    f.expect(["viewDidDisappear @detail", "viewDidAppear @home"])
    #expect(f.sim.clock.pendingTimerCount == 0)
    f.verify()
  }
}
