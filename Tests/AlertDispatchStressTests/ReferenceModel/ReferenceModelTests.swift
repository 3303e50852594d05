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

  /// Seed 7, 1,000,000 steps, episode 3199: the alert ended in the pass that followed the
  /// join, while the model still counted it in the domain it came from.
  @Test("An alert that overflows in the first pass after its domain joined another is judged there")
  func overflowAfterJoinAgrees() {
    // Lane index 7 is "keep": capacity 2, at most 1 waiting, refuse-newcomer.
    let result = StressRunner.run(
      StressEpisode(operations: [
        .root(window: 0, screen: .fresh(.plain)),
        .add(AlertSpec(owner: .window(0), lane: 7, delay: 2)),
        .setPassScheduling(.screen(190), coalesced: true, atRoot: true),
        .add(AlertSpec(owner: .raw(170), lane: 7)),
        .setParent(raw: 80, parent: .window(57)),
        .endTurn,
        .add(AlertSpec(owner: .raw(116), lane: 7)),
      ]))
    #expect(result.violations == [])
    #expect(result.overflowed >= 1)
  }

  /// Seed 7, 1,000,000 steps, episode 2823: after a join, the replacement took the id from the
  /// older alert that shared it, so the next replacement left that one up.
  @Test("Replacements after a join take the oldest alert with the id first, and the model agrees")
  func replacementsAfterJoinAgree() {
    let result = StressRunner.run(
      StressEpisode(operations: [
        .add(AlertSpec(owner: .raw(174), sharedID: 60)),
        .root(window: 134, screen: .fresh(.plain)),
        .add(AlertSpec(owner: .window(0), sharedID: 208)),
        .setParent(raw: 252, parent: .window(201)),
        .add(AlertSpec(owner: .window(164), sharedID: 220, replaces: true)),
        .background(window: 66),
        .add(AlertSpec(owner: .window(0), sharedID: 240, replaces: true)),
      ]))
    #expect(result.violations == [])
  }

  @Test("A preemption that waits for minimum display times goes up when the first one ends")
  func preemptionWaitsForTheFirstMinimum() {
    // Lane index 5 is "stack": capacity 2, newest first. Minimum display 2 s, then 500 ms.
    let result = StressRunner.run(
      StressEpisode(operations: [
        .root(window: 0, screen: .fresh(.plain)),
        .add(AlertSpec(owner: .window(0), priority: 0, lane: 5, minimumDisplay: 4)),
        .add(AlertSpec(owner: .window(0), priority: 0, lane: 5, minimumDisplay: 2)),
        .add(AlertSpec(owner: .window(0), priority: 2, lane: 5)),
        .advance(milliseconds: 700),
        .advance(milliseconds: 2_000),
      ]))
    #expect(result.violations == [])
  }

  /// Seed 2, episode 173 (with covering episodes): the replaced alert, animating out, gave its
  /// id to the show-now alert that replaced it, which ended; the dependent may go up.
  @Test("An alert animating out that gave its id to a newcomer holds no dependent back")
  func replacedAlertHoldsNoDependent() {
    let result = StressRunner.run(
      StressEpisode(
        dismissTime: 3,
        operations: [
          .root(window: 0, screen: .fresh(.navigation)),
          .add(AlertSpec(owner: .screen(74))),
          .add(AlertSpec(owner: .window(0), sharedID: 21, expiry: 4)),
          .add(AlertSpec(owner: .window(0))),
          .advance(milliseconds: 2000),
          .add(AlertSpec(owner: .screen(170), sharedID: 41, lane: 2)),
          .add(
            AlertSpec(owner: .screen(204), sharedID: 177, replaces: true, showsNowOrDrops: true)),
          .add(AlertSpec(owner: .screen(102), lane: 8, dependencies: [186])),
        ]))
    #expect(result.violations == [])
  }

  /// Seed 7, 1,000,000 steps, episode 3709: two alerts with one id, one covered on the window,
  /// one on a screen; the model took one for the other when the second went up, and judged the
  /// order they left in by the wrong time up.
  @Test("The order alerts leave in is judged by the alert each event names, of two with one id")
  func leavingOrderWithSharedIDs() {
    let result = StressRunner.run(
      StressEpisode(operations: [
        .root(window: 0, screen: .fresh(.navigation)),
        .push(nav: 114, screen: .fresh(.plain), animated: false),
        .root(window: 102, screen: .fresh(.plain)),
        .push(nav: 198, screen: .fresh(.plain), animated: false),
        .push(nav: 125, screen: .fresh(.navigation), animated: false),
        .push(nav: 83, screen: .fresh(.plain), animated: false),
        .relaunch,
        .push(nav: 103, screen: .fresh(.plain), animated: false),
        .close(.screen(2)),
        .push(nav: 177, screen: .fresh(.plain), animated: false),
        .add(AlertSpec(owner: .window(245), sharedID: 124, priority: 60)),
        .add(AlertSpec(owner: .screen(84), sharedID: 32, lane: 5)),
        .add(AlertSpec(owner: .window(214), sharedID: 173, covers: true)),
        .push(nav: 160, screen: .existing(12), animated: false),
        .background(window: 82),
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
