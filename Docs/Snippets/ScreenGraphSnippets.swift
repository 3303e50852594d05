import AlertDispatchKit
import AlertDispatchScreens
import AlertDispatchSimulator
import Testing

/// The app's screens, as the "Wiring screens" article builds them.
@MainActor
final class AppScreens {
  let graph: ScreenGraph
  let window: ScreenWindow
  let tabs: ScreenNode
  let homeStack: ScreenNode
  let home: ScreenNode
  let profile: ScreenNode

  // snippet: screens-wiring
  init(presenter: any AlertPresenter, clock: any AlertClock = SystemAlertClock.shared) throws {
    graph = ScreenGraph(presenter: presenter, clock: clock)
    window = graph.window("main")  // one window, one domain
    home = graph.screen("home")
    homeStack = graph.navigation("home-stack", root: home)
    profile = graph.screen("profile")
    tabs = graph.tabs("tabs", [homeStack, profile])
    try window.setRoot(tabs)  // tabs, home-stack and home appear
  }
  // end-snippet
}

@MainActor
@Suite("Snippets: wiring screens")
struct ScreenGraphSnippets {
  // snippet: screens-first-test
  @Test("The forced update goes first; rate-us waits on Home and follows it")
  func forcedUpdateFirst() throws {
    let presenter = RecordingPresenter()
    let app = try AppScreens(presenter: presenter)
    app.tabs.dispatch.add(AlertRequest(id: "forced-update", priority: .critical))
    app.home.dispatch.add(AlertRequest(id: "rate-us", priority: .low))
    #expect(presenter.onScreen.map(\.id) == ["forced-update"])

    try app.tabs.select(app.profile)  // the user leaves Home
    presenter.tap("forced-update", "Update")
    #expect(app.home.inactiveReason == "tabs shows profile")
    #expect(presenter.onScreen.isEmpty)

    try app.tabs.select(app.homeStack)  // and comes back
    #expect(presenter.onScreen.map(\.id) == ["rate-us"])
  }
  // end-snippet

  @Test func reportingEvents() throws {
    let presenter = RecordingPresenter()
    let app = try AppScreens(presenter: presenter)
    // snippet: screens-reporting
    let detail = app.graph.screen("detail")
    try app.homeStack.push(detail)  // didShow, a NavigationStack path append
    try app.window.present(app.graph.screen("settings"), from: detail, style: .pageSheet)
    try app.window.dismiss(from: detail)  // the sheet's dismissal ended
    try app.homeStack.pop()  // detail is closed: its alerts end as owner closed
    app.window.enterBackground()  // sceneDidEnterBackground, scenePhase .background
    app.window.enterForeground()
    // end-snippet
    #expect(detail.isClosed && app.home.inactiveReason == nil)
    #expect(app.window.modals.isEmpty)
  }
}
