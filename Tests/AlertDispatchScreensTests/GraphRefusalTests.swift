import AlertDispatchKit
import AlertDispatchScreens
import AlertDispatchSimulator
import Testing

/// What the graph answers to calls its structure forbids, and to changes that end later.
@MainActor
@Suite("Screen graph: refusals and changes that end later", .timeLimit(.minutes(1)))
struct GraphRefusalTests {
  @Test(
    "A call the structure forbids throws the action, the place and the reason, and changes nothing")
  func refusals() throws {
    let f = GraphFixture()
    let window = f.graph.window("main")
    let home = f.graph.screen("home")
    let nav = f.graph.navigation("nav", root: home)
    try window.setRoot(nav)
    let gone = f.graph.screen("gone")
    gone.close()
    #expect(throws: ScreenGraphError("push gone", at: "nav", "gone is closed")) {
      try nav.push(gone)
    }
    #expect(throws: ScreenGraphError("push home", at: "nav", "home is already shown elsewhere")) {
      try nav.push(home)
    }
    #expect(throws: ScreenGraphError("pop", at: "nav", "only the root screen is on the stack")) {
      try nav.pop()
    }
    #expect(throws: ScreenGraphError("select 0", at: "home", "home is not a tab container")) {
      try home.select(0)
    }
    #expect(throws: ScreenGraphError("dismiss", at: "home", "nothing is presented")) {
      try window.dismiss(from: home)
    }
    let sheet = f.graph.screen("sheet")
    let hidden = f.graph.screen("hidden")
    #expect(
      throws: ScreenGraphError("present sheet", at: "hidden", "hidden is not in main")
    ) {
      try window.present(sheet, from: hidden)
    }
    #expect(nav.stack.map(\.name) == ["home"] && window.modals.isEmpty)
    #expect(
      "\(ScreenGraphError("push gone", at: "nav", "gone is closed"))"
        == "push gone @nav: gone is closed")
  }

  @Test("A tab or a root that cannot be placed is left out and reported as a problem")
  func factoryProblems() throws {
    let f = GraphFixture()
    let closed = f.graph.screen("closed")
    closed.close()
    f.lines()
    let tabs = f.graph.tabs("tabs", [closed, f.graph.screen("me")], selected: 5)
    let nav = f.graph.navigation("nav", root: closed)
    #expect(tabs.tabs.map(\.name) == ["me"] && tabs.selectedIndex == 0)
    #expect(nav.stack.isEmpty)
    #expect(
      f.lines() == [
        "problem add tab closed @tabs: closed is closed",
        "problem setStack [closed] @nav: closed is closed",
      ])
  }

  @Test("While a window is busy every change of its screens is refused with the reason given")
  func busyWindow() throws {
    let f = GraphFixture()
    let window = f.graph.window("main")
    let home = f.graph.screen("home")
    let nav = f.graph.navigation("nav", root: home)
    try window.setRoot(nav)
    window.busyReason = "a transition is running"
    #expect(throws: ScreenGraphError("push detail", at: "nav", "a transition is running")) {
      try nav.push(f.graph.screen("detail"))
    }
    #expect(throws: ScreenGraphError("removeRoot", at: "main", "a transition is running")) {
      try window.removeRoot()
    }
    window.busyReason = nil
    try nav.push(f.graph.screen("detail"))
    #expect(nav.stack.count == 2)
  }

  @Test("A change that ends later: arriving screens appear and removed ones close only at its end")
  func changeEndsLater() throws {
    let f = GraphFixture()
    let window = f.graph.window("main")
    let home = f.graph.screen("home")
    try window.setRoot(home)
    window.dispatch.add(AlertRequest(id: "app"))
    let sheet = f.graph.screen("sheet")
    try window.present(sheet, from: home)
    sheet.dispatch.add(AlertRequest(id: "s", readiness: .pending))
    f.lines()
    let dismissal = try window.dismiss(from: sheet, endsAtOnce: false)
    #expect(dismissal.removed.map(\.name) == ["sheet"] && !dismissal.isEnded)
    #expect(!sheet.isClosed, "closed when the dismissal ends")
    #expect(home.inactiveReason == "sheet is presented over it", "active until it ends")
    window.end(dismissal)
    window.end(dismissal)
    #expect(dismissal.isEnded && sheet.isClosed && home.inactiveReason == nil)
    #expect(f.lines() == ["willDisappear @sheet", "didDisappear @sheet", "closed @sheet"])

    let detail = f.graph.screen("detail")
    let cover = try window.present(detail, from: home, style: .fullScreen, endsAtOnce: false)
    #expect(cover.leaving.map(\.name) == ["home"] && cover.arriving.map(\.name) == ["detail"])
    #expect(!detail.hasAppeared && !detail.dispatch.isVisible)
    window.end(cover)
    #expect(detail.hasAppeared && detail.dispatch.isVisible)
  }

  @Test("A screen not in a window appears and disappears as the app reports it")
  func freeScreen() {
    let f = GraphFixture()
    let popover = f.graph.screen("popover")
    #expect(popover.inactiveReason == "not appeared")
    popover.dispatch.add(AlertRequest(id: "a"))
    #expect(f.onScreen.isEmpty)
    popover.appear()
    #expect(f.onScreen == ["a"] && popover.inactiveReason == nil)
    popover.disappear()
    #expect(f.onScreen.isEmpty && !popover.hasAppeared)
  }

  @Test("A graph that does not link by default keeps each dispatch its own domain until linked")
  func unlinkedGraph() throws {
    let f = GraphFixture(linksByDefault: false)
    let window = f.graph.window("main")
    let home = f.graph.screen("home")
    let nav = f.graph.navigation("nav", root: home)
    try window.setRoot(nav)
    #expect(home.dispatch.parent == nil && nav.dispatch.parent == nil)
    nav.link()
    #expect(home.dispatch.parent === nav.dispatch && nav.dispatch.parent == nil)
    let other = f.graph.window("other")
    let tabs = f.graph.tabs("tabs", [f.graph.screen("feed")])
    try other.setRoot(tabs)
    other.link()
    #expect(tabs.dispatch.parent === other.dispatch && tabs.isLinked, "linking is recursive")
    #expect(tabs.tabs[0].dispatch.parent === tabs.dispatch && !window.isLinked)
  }

  @Test("A change that ends meanwhile does not end a dismissal still running")
  func overlappingChanges() throws {
    let f = GraphFixture()
    let window = f.graph.window("main")
    let home = f.graph.screen("home")
    let nav = f.graph.navigation("nav", root: home)
    try window.setRoot(nav)
    let sheet = f.graph.screen("sheet")
    try window.present(sheet, from: home)
    let dismissal = try window.dismiss(from: sheet, endsAtOnce: false)
    try nav.push(f.graph.screen("detail"))
    #expect(!sheet.isClosed && nav.inactiveReason == "sheet is presented over it")
    window.end(dismissal)
    #expect(sheet.isClosed && nav.inactiveReason == nil)
  }
}
