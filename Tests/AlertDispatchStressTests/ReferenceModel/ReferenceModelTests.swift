import AlertDispatchKit
import AlertDispatchSimulator
import AlertDispatchStressKit
import Testing

/// The stress tool's reference model: it agrees with the library on decisions it knows, and a
/// decision the rules do not allow is reported as a disagreement.
@MainActor
@Suite("Reference model", .timeLimit(.minutes(1)))
struct ReferenceModelTests {
  @Test("A preemption in a lane of two hides the latest up of equals, and the model agrees")
  func preemptionAgrees() {
    // Lane index 2 is "pair": capacity 2, a gap of 150 ms.
    let result = StressRunner.run(
      StressEpisode(operations: [
        .root(window: 0, screen: .fresh(.plain)),
        .add(AlertSpec(owner: .window(0), priority: 1, lane: 2)),
        .advance(milliseconds: 200),
        .add(AlertSpec(owner: .window(0), priority: 1, lane: 2)),
        .advance(milliseconds: 200),
        .add(AlertSpec(owner: .window(0), priority: 3, lane: 2)),
        .tap(alert: 2, button: 0),
        .advance(milliseconds: 1_000),
      ]))
    #expect(result.violations == [])
  }

  @Test("Alerts that wait behind pauses, dependencies and delays go up as the rules say")
  func eligibilityAgrees() {
    let result = StressRunner.run(
      StressEpisode(operations: [
        .root(window: 0, screen: .fresh(.plain)),
        .pause(.window(0)),
        .add(AlertSpec(owner: .window(0), priority: 1, delay: 2)),
        .add(AlertSpec(owner: .window(0), priority: 2, dependencies: [0])),
        .advance(milliseconds: 200),
        .resume(.window(0)),
        .advance(milliseconds: 1_000),
        .tap(alert: 0, button: 0),
        .advance(milliseconds: 1_000),
      ]))
    #expect(result.violations == [])
  }

  @Test("An alert that goes up before one ahead of it in line is a disagreement")
  func wrongOrderIsReported() {
    let sim = Simulator(windowName: "main")
    let screen = sim.screen("home")
    let model = ReferenceModel()
    var problems: [String] = []
    sim.window.dispatch.passObserver = { root in
      problems += model.judgePass(of: root, at: sim.clock.now)
    }
    // The model is told of the adds in the other order, so it takes `second` for the first in
    // line: the library, which puts `first` up, then disagrees with it.
    model.announceAdd(of: "second", at: sim.clock.now)
    model.announceAdd(of: "first", at: sim.clock.now)
    let first = screen.dispatch.add(AlertRequest(id: "first"))
    let second = screen.dispatch.add(AlertRequest(id: "second"))
    sim.window.setRoot(screen)
    #expect(first.state == .showing || first.state == .presenting)
    #expect(second.state == .queued)
    #expect(problems.contains { $0.contains("first went up") && $0.contains("second, before it") })
  }
}
