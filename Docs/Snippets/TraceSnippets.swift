import AlertDispatchKit
import AlertDispatchSimulator
import Foundation
import Testing

/// The timeline of the Simulator article, run as a test.
@MainActor
@Suite("Snippets: a timeline of a simulated run")
struct TraceSnippets {
  @Test("A trace attached to a simulator draws the run, with its changes of screens marked")
  func traceOfASimulator() throws {
    // snippet: simulator-trace
    let sim = Simulator(windowName: "main")
    let feed = sim.screen("feed")
    let messages = sim.screen("messages")
    let tabs = sim.window.setRoot(sim.tabs("tabs", [feed, messages]))
    let trace = AlertTrace()
    trace.attach(to: sim)  // every domain of the simulator, and each change of screens

    feed.dispatch.add(AlertRequest(id: "feed-tip"))
    messages.dispatch.add(AlertRequest(id: "unread"))
    sim.advance(by: .seconds(1))
    tabs.select(messages)  // ^1: feed-tip is hidden, unread goes up
    sim.advance(by: .seconds(1))
    sim.presenter.tap("unread", "OK")
    let timeline = trace.timeline(width: 24)  // print it, or trace.svg() for a picture
    // end-snippet
    let article = try String(
      contentsOf: SnippetCheck.docs.appendingPathComponent("AlertDispatch.docc/Simulator.md"),
      encoding: .utf8)
    #expect(article.contains("```text\n\(timeline)\n```"), "\(timeline)")
    #expect(trace.marks.map(\.label) == ["select tabs messages"])
  }
}
