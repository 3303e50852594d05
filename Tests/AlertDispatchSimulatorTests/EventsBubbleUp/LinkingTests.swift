import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Linking", .timeLimit(.minutes(1)))
struct LinkingTests {
  @Test("By default a window is one domain: its screens' alerts take turns")
  func windowLinkedByDefault() {
    let f = SimFixture()
    let home = f.sim.screen("home")
    let nav = f.window.setRoot(f.sim.navigation("nav", root: home))
    f.sim.transcript.clear()
    #expect(home.dispatch.parent === nav.dispatch && nav.dispatch.parent === f.window.dispatch)
    #expect(f.window.isLinked && nav.isLinked)
    f.add("n", to: nav)
    f.add("a", to: home)
    f.expect(["present n @nav"])
    f.presenter.tap("n", "OK")
    f.expect(["tap n OK", "end n: dismissed(OK)", "present a @home"])
    f.verify()
  }

  @Test("A simulator that does not link keeps every screen its own domain")
  func unlinkedSimulator() {
    let f = SimFixture(linksByDefault: false)
    let home = f.sim.screen("home")
    let nav = f.window.setRoot(f.sim.navigation("nav", root: home))
    f.sim.transcript.clear()
    #expect(home.dispatch.parent == nil && nav.dispatch.parent == nil)
    f.add("n", to: nav)
    f.add("a", to: home)
    f.expect(["present n @nav", "present a @home"])
    f.verify()
  }

  @Test("A linked navigation stack: pushed screens join as they arrive, popped ones leave")
  func linkedNavigation() {
    let f = SimFixture()
    let home = f.sim.screen("home")
    let nav = f.window.setRoot(f.sim.navigation("nav", root: home))
    f.sim.link(nav)
    f.sim.transcript.clear()
    f.add("n", to: nav, priority: .low)
    f.add("a", to: home)
    f.expect(["present n @nav", "hide n @nav", "present a @home"])
    let detail = f.sim.screen("detail")
    nav.push(detail, animated: true)
    // The nav-level alert comes back as soon as home leaves the chain.
    f.expect([
      "viewWillDisappear @home", "hide a @home", "restore n @nav", "viewWillAppear @detail",
    ])
    #expect(detail.dispatch.parent === nav.dispatch)
    f.advance(0.35)
    f.expect(["viewDidDisappear @home", "viewDidAppear @detail"])
    f.add("d", to: detail, priority: .high)
    f.expect(["hide n @nav", "present d @detail"])
    nav.pop(animated: false)
    f.expect([
      "viewWillDisappear @detail", "hide d @detail", "restore n @nav", "viewWillAppear @home",
      "viewDidDisappear @detail", "viewDidAppear @home",
      "hide n @nav", "restore a @home",
      "dismiss d @detail", "end d: cancelled(owner closed)",
    ])
    #expect(detail.dispatch.parent == nil && nav.dispatch.children.count == 1)
    f.verify()
  }

  @Test("A linked navigation container leaves modals alone: they belong to the window")
  func modalsBelongToTheWindow() {
    let f = SimFixture(linksByDefault: false)
    let home = f.sim.screen("home")
    let nav = f.window.setRoot(f.sim.navigation("nav", root: home))
    f.sim.link(nav)
    let sheet = f.sim.screen("sheet")
    home.present(sheet, animated: false)
    f.sim.transcript.clear()
    #expect(sheet.dispatch.parent == nil)
    f.add("a", to: home)
    f.add("s", to: sheet)
    f.expect(["present a @home", "present s @sheet"])
    // Linking the window later joins both: the sheet is the window's active child.
    f.sim.link(f.window)
    f.expect(["hide a @home"])
    #expect(nav.dispatch.parent === f.window.dispatch)
    #expect(sheet.dispatch.parent === f.window.dispatch)
    f.verify()
  }
}
