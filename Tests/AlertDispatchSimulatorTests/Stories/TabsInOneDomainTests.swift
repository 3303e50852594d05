import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// navVC → tabVC(vc1, vc2, vc3), with a tab-level alert and page alerts that must be arbitrated
/// together. The window links the subtree, with no hand-written parent links or provider.
@MainActor
@Suite("Tabs in one domain", .timeLimit(.minutes(1)))
struct TabsInOneDomainTests {
  struct App {
    let nav: NavigationContainer
    let tabs: TabContainer
    let vc1: Screen
    let vc2: Screen
  }

  func app(_ f: SimFixture) -> App {
    let vcs = ["vc1", "vc2", "vc3"].map { f.sim.screen($0) }
    let tabs = f.sim.tabs("tabs", vcs)
    let nav = f.window.setRoot(f.sim.navigation("nav", root: tabs))
    f.sim.link(nav)
    f.expect([
      "viewWillAppear @nav", "viewWillAppear @tabs", "viewWillAppear @vc1",
      "viewDidAppear @nav", "viewDidAppear @tabs", "viewDidAppear @vc1",
    ])
    return App(nav: nav, tabs: tabs, vc1: vcs[0], vc2: vcs[1])
  }

  @Test("The window links the navigation container and every tab, with no hand-written provider")
  func autoLinking() {
    let f = SimFixture()
    let app = app(f)
    #expect(app.tabs.dispatch.parent === app.nav.dispatch)
    #expect(app.vc1.dispatch.parent === app.tabs.dispatch)
    #expect(app.vc2.dispatch.parent === app.tabs.dispatch)
    #expect(app.vc1.dispatch.root === f.window.dispatch)
    #expect(app.tabs.isLinked && app.vc2.isLinked)
    f.verify()
  }

  @Test("A tab-level alert hides the child's alert, which comes back when it ends")
  func tabAlertHidesChildAlert() {
    let f = SimFixture()
    let app = app(f)
    f.add("page", to: app.vc1)
    f.expect(["present page @vc1"])
    f.add("global", to: app.tabs, priority: .high)
    f.expect(["hide page @vc1", "present global @tabs"])
    f.presenter.tap("global", "OK")
    f.expect(["tap global OK", "end global: dismissed(OK)", "restore page @vc1"])
    f.presenter.tap("page", "OK")
    f.expect(["tap page OK", "end page: dismissed(OK)"])
    f.verify()
  }

  @Test("An urgent alert with the cover style goes up over the child's alert without hiding it")
  func urgentCovers() {
    let f = SimFixture()
    let app = app(f)
    let page = f.add("page", to: app.vc1)
    f.expect(["present page @vc1"])
    f.add("urgent", to: app.tabs, priority: .critical, style: .cover)
    f.expect(["present urgent @tabs"])
    #expect(page.state == .showing)
    #expect(app.vc1.dispatch.explain("page") == .covered(by: "urgent"))
    #expect(f.presenter.onScreenIDs == ["page", "urgent"])
    f.presenter.tap("urgent", "OK")
    f.expect(["tap urgent OK", "end urgent: dismissed(OK)"])
    #expect(app.vc1.dispatch.explain("page") == .showing)
    f.verify()
  }

  @Test("A child alert that depends on a tab-level alert waits until that one ends")
  func childDependsOnTabAlert() {
    let f = SimFixture()
    let app = app(f)
    let intro = f.add("intro", to: app.tabs.dispatch, readiness: .pending)
    f.add("tip", to: app.vc1, after: ["intro"])
    f.expect([])
    #expect(app.vc1.dispatch.explain("tip") == .waitingForDependencies(["intro"]))
    intro.markReady()
    f.expect(["present intro @tabs"])
    f.presenter.tap("intro", "Next")
    f.expect(["tap intro Next", "end intro: dismissed(Next)", "present tip @vc1"])
    f.verify()
  }

  @Test("Switching tabs suspends the old tab's alert and restores it when the tab comes back")
  func switchingTabs() {
    let f = SimFixture()
    let app = app(f)
    f.add("page", to: app.vc1)
    f.add("other", to: app.vc2)
    f.expect(["present page @vc1"])
    app.tabs.select(1)
    f.expect([
      "viewWillDisappear @vc1", "hide page @vc1", "viewWillAppear @vc2",
      "viewDidDisappear @vc1", "viewDidAppear @vc2", "present other @vc2",
    ])
    app.tabs.select(0)
    f.expect([
      "viewWillDisappear @vc2", "hide other @vc2", "viewWillAppear @vc1",
      "viewDidDisappear @vc2", "viewDidAppear @vc1", "restore page @vc1",
    ])
    f.verify()
  }

  @Test("A tab-level alert stays up across tab switches; the selected tab's alert follows it")
  func tabAlertAcrossSwitches() {
    let f = SimFixture()
    let app = app(f)
    f.add("page", to: app.vc1)
    f.add("other", to: app.vc2)
    f.add("global", to: app.tabs, priority: .high)
    f.expect(["present page @vc1", "hide page @vc1", "present global @tabs"])
    app.tabs.select(app.vc2)
    f.expect([
      "viewWillDisappear @vc1", "viewWillAppear @vc2", "viewDidDisappear @vc1",
      "viewDidAppear @vc2",
    ])
    #expect(app.vc2.dispatch.explain("other") == .outranked(by: ["global"]))
    f.presenter.tap("global", "OK")
    f.expect(["tap global OK", "end global: dismissed(OK)", "present other @vc2"])
    app.tabs.select(app.vc1)
    f.expect([
      "viewWillDisappear @vc2", "hide other @vc2", "viewWillAppear @vc1",
      "viewDidDisappear @vc2", "viewDidAppear @vc1", "restore page @vc1",
    ])
    f.verify()
  }
}
