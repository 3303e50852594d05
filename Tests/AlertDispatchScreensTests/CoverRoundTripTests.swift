import AlertDispatchKit
import AlertDispatchScreens
import AlertDispatchSimulator
import Testing

/// Screens that come back bring back what they showed as it was, through the graph.
@MainActor
@Suite("Screen graph: a covered alert's round trip", .timeLimit(.minutes(1)))
struct CoverRoundTripTests {
  /// A window whose tab container shows `urgent`, in style cover, over `page` on the `feed` tab.
  struct CoveredPage {
    let window: ScreenWindow
    let feed: ScreenNode
    let me: ScreenNode
    let tabs: ScreenNode
    let page: AlertHandle
    let urgent: AlertHandle
  }

  static func coveredPage() throws -> (GraphFixture, CoveredPage) {
    let f = GraphFixture()
    let window = f.graph.window("main")
    let feed = f.graph.screen("feed")
    let me = f.graph.screen("me")
    let tabs = f.graph.tabs("tabs", [feed, me])
    try window.setRoot(tabs)
    let page = feed.dispatch.add(AlertRequest(id: "page"))
    let urgent = tabs.dispatch.add(AlertRequest(id: "urgent", priority: .high, style: .cover))
    return (
      f, CoveredPage(window: window, feed: feed, me: me, tabs: tabs, page: page, urgent: urgent)
    )
  }

  @Test("A covered alert whose screen alone left and came back returns beneath its coverer")
  func coveredAlertReturnsBeneathItsCoverer() throws {
    let (f, app) = try Self.coveredPage()
    let (window, feed, me, tabs, page, urgent) = (
      app.window, app.feed, app.me, app.tabs, app.page, app.urgent
    )
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

  @Test("A coverer that a newcomer hides as the screen comes back takes its covered alert along")
  func covererHiddenAsTheScreenComesBack() throws {
    let (f, app) = try Self.coveredPage()
    let (window, feed, me, tabs, page, urgent) = (
      app.window, app.feed, app.me, app.tabs, app.page, app.urgent
    )
    try tabs.select(me)
    feed.dispatch.add(AlertRequest(id: "critical", priority: .critical))
    f.lines()
    try tabs.select(feed)
    #expect(
      f.lines() == [
        "willDisappear @me", "willAppear @feed", "didDisappear @me", "didAppear @feed",
        "hide urgent @tabs", "present critical @feed",
      ])
    #expect(page.state == .suspended && urgent.state == .suspended)
    f.presenter.tap("critical", "OK")
    #expect(f.lines() == ["tap critical OK", "restore page @feed", "restore urgent @tabs"])
    #expect(tabs.dispatch.explain("page") == .covered(by: "urgent"))
    #expect(window.dispatch.checkInvariants() == [])
  }

  @Test("A covered alert still away when its coverer comes back returns beneath it with its screen")
  func coveredAlertAwayWhenTheCovererReturns() throws {
    let (f, app) = try Self.coveredPage()
    let (window, feed, me, tabs, page) = (app.window, app.feed, app.me, app.tabs, app.page)
    try tabs.select(me)
    let critical = tabs.dispatch.add(AlertRequest(id: "critical", priority: .critical))
    f.lines()
    f.presenter.tap("critical", "OK")
    #expect(f.lines() == ["tap critical OK", "restore urgent @tabs"])
    #expect(page.state == .suspended && critical.endedOutcome == .dismissed("OK"))
    try tabs.select(feed)
    #expect(f.lines().suffix(1) == ["restore page @feed"])
    #expect(tabs.dispatch.explain("page") == .covered(by: "urgent"))
    #expect(window.dispatch.checkInvariants() == [])
  }
}
