import AlertDispatchKit
import AlertDispatchRecorder
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("A session on the screen graph replays on bare dispatches", .timeLimit(.minutes(1)))
struct ScreenGraphSessionTests {
  init() {
    AlertDispatch.diagnosticHandler = { _ in }
  }

  @Test("navigation, tabs, a modal and animated transitions replay as recorded")
  func screenGraphSessionReplays() throws {
    let sim = Simulator()
    let feed = sim.screen("feed")
    let chat = sim.screen("chat")
    let detail = sim.screen("detail")
    let stack = sim.navigation("stack", root: feed)
    let tabs = sim.tabs("tabs", [stack, chat])
    sim.window.setRoot(tabs)
    let recorder = AlertRecorder(attachedTo: sim.window.dispatch)
    feed.dispatch.add(AlertRequest(id: "promo", priority: .low))
    chat.dispatch.add(AlertRequest(id: "message", priority: .high))
    sim.advance(by: .seconds(1))
    stack.push(detail, animated: true)
    detail.dispatch.add(AlertRequest(id: "tip"))
    sim.advance(by: .seconds(1))
    tabs.select(chat)
    sim.advance(by: .seconds(1))
    sim.presenter.tap("message", "Reply")
    tabs.select(stack)
    stack.pop(animated: true)
    sim.advance(by: .seconds(1))
    sim.presenter.tap("promo", "OK")
    let text = recorder.export()
    // The graph's containers name their active child with providers, whose answers change.
    #expect(text.contains("  set-provider tabs stack\n"))
    #expect(text.contains("  provider tabs chat\n"))
    #expect(text.contains("  set-parent detail stack\n"))
    let result = try ScenarioRunner.replay(text, file: "graph.scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
  }
}
