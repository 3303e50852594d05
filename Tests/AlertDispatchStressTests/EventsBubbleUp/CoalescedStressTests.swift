import AlertDispatchKit
import AlertDispatchSimulator
import AlertDispatchStressKit
import Testing

/// The stress tool reaches coalesced passes: its operations switch pass scheduling and end the
/// main-actor turn, the passes really wait for that end, and episodes that use them run clean.
@MainActor
@Suite("Coalesced passes under stress", .timeLimit(.minutes(1)))
struct CoalescedStressTests {
  @Test("A coalesced root's pass waits for the end of the turn, and the task then does nothing")
  func passWaitsForTheTurn() async {
    let presenter = RecordingPresenter()
    let dispatch = AlertDispatch(name: "home", clock: VirtualClock(), presenter: presenter)
    dispatch.passScheduling = .coalesced
    let alert = dispatch.add(AlertRequest(id: "a"))
    #expect(alert.state == .queued)
    #expect(dispatch.awaitsDeferredPass)
    #expect(AlertDispatch.hasDeferredPasses)
    AlertDispatch.runDeferredPasses()
    #expect(alert.state == .showing)
    #expect(!dispatch.awaitsDeferredPass)
    // The task scheduled at the add fires now and finds nothing to do.
    for _ in 0..<20 { await Task.yield() }
    #expect(alert.state == .showing)
    #expect(presenter.onScreen.count == 1)
    alert.cancel()
    #expect(alert.state.isEnded)
  }

  @Test("An episode on a coalesced window defers its passes until the turn ends, and runs clean")
  func coalescedEpisode() {
    let episode = StressEpisode(operations: [
      .root(window: 0, screen: .fresh(.navigation)),
      .link(.window(0)),
      .setPassScheduling(.window(0), coalesced: true, atRoot: true),
      .add(AlertSpec(owner: .screen(0))),
      .add(AlertSpec(owner: .screen(1), priority: 2)),
      .push(nav: 1, screen: .fresh(.plain), animated: true),
      .add(AlertSpec(owner: .screen(2), priority: 3)),
      .advance(milliseconds: 500),
      .endTurn,
      .tap(alert: 2, button: 0),
      .pop(nav: 1, animated: false),
      .endTurn,
      .setPassScheduling(.window(0), coalesced: false, atRoot: true),
      .add(AlertSpec(owner: .window(0))),
      .relaunch,
    ])
    let result = StressRunner.run(episode)
    #expect(result.violations == [])
    #expect(result.schedulingSwitches == 2)
    #expect(result.turnsEnded >= 2)
    // The scenario says it cannot replay the coalesced passes.
    let text = StressRunner.scenario(for: episode)
    #expect(text.contains("# approximate:"))
    #expect(text.contains("# cannot be written: passScheduling main = coalesced"))
    #expect(!AlertDispatch.hasDeferredPasses)
  }

  @Test("Seeded runs switch scheduling and end turns, and find nothing")
  func seededRun() {
    let summary = StressSession(seed: 4001, steps: 4_000).run()
    #expect(summary.violations == 0, "\(summary.failures.first.map { "\($0.violations)" } ?? "")")
    #expect(summary.schedulingSwitches > 5)
    #expect(summary.turnsEnded > 5)
    #expect(!AlertDispatch.hasDeferredPasses)
  }

  /// As a stress episode: the deferred drain must keep the roots it takes back in line until
  /// their passes ran, or a root the app released that turn is freed there, and its presenter's
  /// release releases another dispatch, which drains the engine while the line is being changed
  /// (an exclusivity trap in debug builds).
  @Test("A coalesced root released while its pass waits is freed by the deferred passes, cleanly")
  func releasedWhileDeferred() {
    let episode = StressEpisode(operations: [
      .setPassScheduling(.raw(0), coalesced: true, atRoot: false),
      .root(window: 0, screen: .fresh(.plain)),
      .setPassScheduling(.window(0), coalesced: true, atRoot: true),
      .add(AlertSpec(owner: .raw(0))),
      .add(AlertSpec(owner: .window(0))),
      .release(raw: 0),
      .endTurn,
      .add(AlertSpec(owner: .raw(0))),
      .release(raw: 0),
    ])
    let result = StressRunner.run(episode)
    #expect(result.violations == [])
    #expect(result.turnsEnded == 1)
    #expect(!AlertDispatch.hasDeferredPasses)
  }

  @Test("The writable episode drops pass scheduling and the end of a turn")
  func writableDropsScheduling() {
    let episode = StressEpisode(operations: [
      .setPassScheduling(.window(0), coalesced: true, atRoot: false),
      .add(AlertSpec(owner: .window(0))),
      .endTurn,
      .release(raw: 1),
    ])
    #expect(episode.writable.operations == [.add(AlertSpec(owner: .window(0)))])
  }
}
