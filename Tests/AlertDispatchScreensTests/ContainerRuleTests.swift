import AlertDispatchKit
import AlertDispatchScreens
import AlertDispatchSimulator
import Testing

/// Each container rule of the screen graph, with no simulator: what an app's adapter drives.
@MainActor
@Suite("Screen graph: container rules", .timeLimit(.minutes(1)))
struct ContainerRuleTests {
  @Test(
    "One window is one domain by default: a tab container's alert and a tab's never show at once")
  func windowIsOneDomain() throws {
    let f = GraphFixture()
    let window = f.graph.window("main")
    let home = f.graph.screen("home")
    let tabs = f.graph.tabs("tabs", [home, f.graph.screen("profile")])
    try window.setRoot(tabs)
    #expect(home.dispatch.root === window.dispatch)
    #expect(tabs.dispatch.parent === window.dispatch && home.dispatch.parent === tabs.dispatch)
    f.lines()
    tabs.dispatch.add(AlertRequest(id: "forced-update", priority: .high))
    home.dispatch.add(AlertRequest(id: "rate-us", priority: .low))
    #expect(f.onScreen == ["forced-update"])
    f.presenter.tap("forced-update", "Update")
    #expect(f.onScreen == ["rate-us"])
  }

  @Test(
    "Setting a root: the container comes on display first, then its visible child, and both appear")
  func setRootAppears() throws {
    let f = GraphFixture()
    let window = f.graph.window("main")
    let home = f.graph.screen("home")
    let nav = f.graph.navigation("nav", root: home)
    try window.setRoot(nav)
    #expect(
      f.lines() == ["willAppear @nav", "willAppear @home", "didAppear @nav", "didAppear @home"])
    #expect(nav.hasAppeared && home.hasAppeared && home.dispatch.isVisible)
    #expect(home.inactiveReason == nil)
  }

  @Test("A navigation stack's active child is its top screen; a popped screen is closed")
  func navigationTopIsActive() throws {
    let f = GraphFixture()
    let window = f.graph.window("main")
    let home = f.graph.screen("home")
    let nav = f.graph.navigation("nav", root: home)
    try window.setRoot(nav)
    home.dispatch.add(AlertRequest(id: "a"))
    let detail = f.graph.screen("detail")
    f.lines()
    try nav.push(detail)
    detail.dispatch.add(AlertRequest(id: "b"))
    #expect(
      f.lines() == [
        "willDisappear @home", "hide a @home", "willAppear @detail", "didDisappear @home",
        "didAppear @detail", "present b @detail",
      ])
    #expect(home.inactiveReason == "nav shows detail")
    #expect(window.activeChain.map(\.name) == ["nav", "detail"])
    let b = detail.dispatch.unfinishedAlerts.first
    try nav.pop()
    #expect(detail.isClosed && b?.endedOutcome == .cancelled(.ownerClosed))
    #expect(f.onScreen == ["a"])
  }

  @Test(
    "A tab container's active child is the selected tab: switching suspends, coming back restores")
  func tabsSelectedIsActive() throws {
    let f = GraphFixture()
    let window = f.graph.window("main")
    let feed = f.graph.screen("feed")
    let me = f.graph.screen("me")
    let tabs = f.graph.tabs("tabs", [feed, me])
    try window.setRoot(tabs)
    feed.dispatch.add(AlertRequest(id: "a"))
    f.lines()
    try tabs.select(me)
    #expect(
      f.lines() == [
        "willDisappear @feed", "hide a @feed", "willAppear @me", "didDisappear @feed",
        "didAppear @me",
      ])
    #expect(feed.inactiveReason == "tabs shows me")
    try tabs.select(0)
    #expect(f.lines().contains("restore a @feed"))
    #expect(!feed.isClosed && f.onScreen == ["a"])
  }

  @Test("A page sheet leaves the screens beneath on display; a full-screen modal takes them off")
  func modalStyles() throws {
    let f = GraphFixture()
    let window = f.graph.window("main")
    let home = f.graph.screen("home")
    try window.setRoot(home)
    let sheet = f.graph.screen("sheet")
    try window.present(sheet, from: home, style: .pageSheet)
    #expect(window.screensOnDisplay().map(\.name) == ["home", "sheet"])
    #expect(home.dispatch.isVisible && home.inactiveReason == "sheet is presented over it")
    try window.dismiss(from: sheet)
    #expect(sheet.isClosed)
    let cover = f.graph.screen("cover")
    try window.present(cover, from: home, style: .fullScreen)
    #expect(window.screensOnDisplay().map(\.name) == ["cover"])
    #expect(!home.dispatch.isVisible && !home.hasAppeared)
  }

  @Test("A window's scene in the background hides everything in it; back, it restores in order")
  func sceneBackground() throws {
    let f = GraphFixture()
    let window = f.graph.window("main")
    let home = f.graph.screen("home")
    try window.setRoot(home)
    window.dispatch.add(AlertRequest(id: "app", lane: AlertLane("banner")))
    home.dispatch.add(AlertRequest(id: "a"))
    f.lines()
    window.enterBackground()
    #expect(!window.dispatch.isVisible && !home.dispatch.isVisible)
    #expect(home.inactiveReason == "main is in the background")
    #expect(Set(f.lines()) == ["hide app @main", "hide a @home"])
    window.enterForeground()
    #expect(window.dispatch.isVisible && home.dispatch.isVisible)
    #expect(Set(f.onScreen) == ["app", "a"])
  }

  @Test("A screen may own its domain: its alerts then compete only with each other")
  func ownsDomain() throws {
    let f = GraphFixture()
    let window = f.graph.window("main")
    let home = f.graph.screen("home")
    let chat = f.graph.screen("chat")
    chat.ownsDomain = true
    let tabs = f.graph.tabs("tabs", [home, chat])
    try window.setRoot(tabs)
    #expect(chat.dispatch.parent == nil && home.dispatch.parent === tabs.dispatch)
    chat.ownsDomain = false
    #expect(chat.dispatch.parent === tabs.dispatch)
    home.ownsDomain = true
    #expect(home.dispatch.parent == nil)
    window.dispatch.add(AlertRequest(id: "update", priority: .high))
    home.dispatch.add(AlertRequest(id: "tip"))
    #expect(f.onScreen == ["update", "tip"])
  }

  @Test("Replacing the root closes the old screens, and closing a screen ends its alerts")
  func closing() throws {
    let f = GraphFixture()
    let window = f.graph.window("main")
    let home = f.graph.screen("home")
    let nav = f.graph.navigation("nav", root: home)
    try window.setRoot(nav)
    let waiting = home.dispatch.add(AlertRequest(id: "a", readiness: .pending))
    try window.setRoot(f.graph.screen("login"))
    #expect(nav.isClosed && home.isClosed)
    #expect(waiting.endedOutcome == .cancelled(.ownerClosed))
    let login = try #require(window.root)
    let alert = login.dispatch.add(AlertRequest(id: "b", readiness: .pending))
    login.close()
    #expect(login.isClosed && alert.endedOutcome == .cancelled(.ownerClosed))
    #expect(login.inactiveReason == "closed")
  }
}
