import AlertDispatchKit
import AlertDispatchScreens
import AlertDispatchSimulator
import Testing

/// Screens that come back bring back what they showed as it was, through the graph.
@MainActor
@Suite("Screen graph: a covered alert's round trip", .timeLimit(.minutes(1)))
struct CoverRoundTripTests {
  @Test("A covered alert whose screen alone left and came back returns beneath its coverer")
  func coveredAlertReturnsBeneathItsCoverer() throws {
    let f = GraphFixture()
    let window = f.graph.window("main")
    let feed = f.graph.screen("feed")
    let me = f.graph.screen("me")
    let tabs = f.graph.tabs("tabs", [feed, me])
    try window.setRoot(tabs)
    let page = feed.dispatch.add(AlertRequest(id: "page"))
    let urgent = tabs.dispatch.add(AlertRequest(id: "urgent", priority: .high, style: .cover))
    #expect(f.onScreen == ["page", "urgent"])
    f.lines()

    try tabs.select(me)
    #expect(page.state == .suspended && urgent.state == .showing)
    try tabs.select(feed)
    #expect(
      f.lines() == [
        "willDisappear @feed", "hide page @feed", "willAppear @me", "didDisappear @feed",
        "didAppear @me",
        "willDisappear @me", "willAppear @feed", "didDisappear @me", "didAppear @feed",
        "restore page @feed",
      ])
    #expect(page.state == .showing && f.onScreen == ["urgent", "page"])
    #expect(tabs.dispatch.explain("page") == .covered(by: "urgent"))
    f.presenter.tap("urgent", "OK")
    #expect(f.onScreen == ["page"])
    #expect(window.dispatch.checkInvariants() == [])
  }
}
