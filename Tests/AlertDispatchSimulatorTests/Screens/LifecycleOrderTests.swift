import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("UIKit callback order", .timeLimit(.minutes(1)))
struct LifecycleOrderTests {
  @Test("Setting a root: the container appears first, then its visible child")
  func setRoot() {
    let f = SimFixture()
    let home = f.sim.screen("home")
    f.window.setRoot(f.sim.navigation("nav", root: home))
    f.expect([
      "viewWillAppear @nav", "viewWillAppear @home", "viewDidAppear @nav", "viewDidAppear @home",
    ])
    #expect(home.appearance == .appeared)
    #expect(home.dispatch.isVisible)
    f.verify()
  }

  @Test("Animated push: the will-callbacks now, the did-callbacks when the transition ends")
  func push() {
    let f = SimFixture()
    let home = f.sim.screen("home")
    let nav = f.window.setRoot(f.sim.navigation("nav", root: home))
    f.sim.transcript.clear()
    let detail = f.sim.screen("detail")
    nav.push(detail, animated: true)
    f.expect(["viewWillDisappear @home", "viewWillAppear @detail"])
    #expect(f.window.isTransitioning)
    #expect(home.appearance == .disappearing && !home.dispatch.isVisible)
    #expect(detail.appearance == .appearing && !detail.dispatch.isVisible)
    f.advance(0.349)
    f.expect([])
    f.advance(0.001)
    f.expect(["viewDidDisappear @home", "viewDidAppear @detail"])
    #expect(!f.window.isTransitioning)
    #expect(detail.appearance == .appeared && detail.dispatch.isVisible)
    #expect(nav.stack.map(\.name) == ["home", "detail"])
    f.verify()
  }

  @Test("Pop: the popped screen disappears and is closed when the transition ends")
  func pop() {
    let f = SimFixture()
    let home = f.sim.screen("home")
    let nav = f.window.setRoot(f.sim.navigation("nav", root: home))
    let detail = f.sim.screen("detail")
    nav.push(detail, animated: false)
    f.sim.transcript.clear()
    nav.pop(animated: true)
    f.expect(["viewWillDisappear @detail", "viewWillAppear @home"])
    #expect(!detail.isClosed)
    f.advance(0.35)
    f.expect(["viewDidDisappear @detail", "viewDidAppear @home"])
    #expect(detail.isClosed)
    #expect(nav.stack.map(\.name) == ["home"])
    f.verify()
  }

  @Test("Pop to root and set stack: only the screens that change place get callbacks")
  func popToRootAndSetStack() {
    let f = SimFixture()
    let home = f.sim.screen("home")
    let nav = f.window.setRoot(f.sim.navigation("nav", root: home))
    let list = f.sim.screen("list")
    let item = f.sim.screen("item")
    nav.setStack([home, list, item], animated: false)
    f.expect([
      "viewWillAppear @nav", "viewWillAppear @home", "viewDidAppear @nav", "viewDidAppear @home",
      "viewWillDisappear @home", "viewWillAppear @item", "viewDidDisappear @home",
      "viewDidAppear @item",
    ])
    nav.popToRoot(animated: false)
    f.expect([
      "viewWillDisappear @item", "viewWillAppear @home", "viewDidDisappear @item",
      "viewDidAppear @home",
    ])
    #expect(list.isClosed && item.isClosed && list.appearance == .disappeared)
    let login = f.sim.screen("login")
    nav.setStack([login], animated: false)
    f.expect([
      "viewWillDisappear @home", "viewWillAppear @login", "viewDidDisappear @home",
      "viewDidAppear @login",
    ])
    #expect(home.isClosed)
    f.verify()
  }

  @Test("Tab switch: the old tab's container and top first, then the new tab's")
  func tabSwitch() {
    let f = SimFixture()
    let feed = f.sim.navigation("feedNav", root: f.sim.screen("feed"))
    let me = f.sim.navigation("meNav", root: f.sim.screen("me"))
    let tabs = f.window.setRoot(f.sim.tabs("tabs", [feed, me]))
    f.expect([
      "viewWillAppear @tabs", "viewWillAppear @feedNav", "viewWillAppear @feed",
      "viewDidAppear @tabs", "viewDidAppear @feedNav", "viewDidAppear @feed",
    ])
    tabs.select(me)
    f.expect([
      "viewWillDisappear @feedNav", "viewWillDisappear @feed",
      "viewWillAppear @meNav", "viewWillAppear @me",
      "viewDidDisappear @feedNav", "viewDidDisappear @feed",
      "viewDidAppear @meNav", "viewDidAppear @me",
    ])
    #expect(!feed.isClosed)
    tabs.select(1)
    f.expect([])
    f.verify()
  }

  @Test("Full-screen modal: everything beneath disappears, and comes back on dismiss")
  func fullScreenModal() {
    let f = SimFixture()
    let home = f.sim.screen("home")
    f.window.setRoot(f.sim.navigation("nav", root: home))
    f.sim.transcript.clear()
    let login = f.sim.screen("login")
    home.present(login, style: .fullScreen, animated: true)
    f.expect(["viewWillDisappear @nav", "viewWillDisappear @home", "viewWillAppear @login"])
    f.advance(0.35)
    f.expect(["viewDidDisappear @nav", "viewDidDisappear @home", "viewDidAppear @login"])
    #expect(login.modalStyle == .fullScreen && f.window.presentedScreens.map(\.name) == ["login"])
    login.dismiss(animated: true)
    f.expect(["viewWillDisappear @login", "viewWillAppear @nav", "viewWillAppear @home"])
    f.advance(0.35)
    f.expect(["viewDidDisappear @login", "viewDidAppear @nav", "viewDidAppear @home"])
    #expect(login.isClosed && f.window.presentedScreens.isEmpty)
    f.verify()
  }

  @Test("Page sheet: the screens beneath stay appeared and get no callbacks")
  func pageSheet() {
    let f = SimFixture()
    let home = f.sim.screen("home")
    f.window.setRoot(f.sim.navigation("nav", root: home))
    f.sim.transcript.clear()
    let settings = f.sim.screen("settings")
    home.present(settings, animated: true)
    f.expect(["viewWillAppear @settings"])
    f.advance(0.35)
    f.expect(["viewDidAppear @settings"])
    #expect(home.appearance == .appeared && home.dispatch.isVisible)
    home.dismiss(animated: true)  // the presenting screen dismisses what it presented
    f.expect(["viewWillDisappear @settings"])
    f.advance(0.35)
    f.expect(["viewDidDisappear @settings"])
    #expect(settings.isClosed)
    f.verify()
  }

  @Test("Full screen over a page sheet: both layers beneath disappear")
  func fullScreenOverSheet() {
    let f = SimFixture()
    let home = f.window.setRoot(f.sim.screen("home"))
    let sheet = f.sim.navigation("sheetNav", root: f.sim.screen("sheet"))
    home.present(sheet, style: .pageSheet, animated: false)
    f.sim.transcript.clear()
    let player = f.sim.screen("player")
    sheet.topScreen!.present(player, style: .fullScreen, animated: false)
    f.expect([
      "viewWillDisappear @home", "viewWillDisappear @sheetNav", "viewWillDisappear @sheet",
      "viewWillAppear @player",
      "viewDidDisappear @home", "viewDidDisappear @sheetNav", "viewDidDisappear @sheet",
      "viewDidAppear @player",
    ])
    // Dismissing from the sheet dismisses what it presented, not the sheet itself.
    sheet.dismiss(animated: false)
    f.expect([
      "viewWillDisappear @player",
      "viewWillAppear @home", "viewWillAppear @sheetNav", "viewWillAppear @sheet",
      "viewDidDisappear @player",
      "viewDidAppear @home", "viewDidAppear @sheetNav", "viewDidAppear @sheet",
    ])
    #expect(player.isClosed && !sheet.isClosed)
    f.verify()
  }

  @Test("Background and foreground: the scene callbacks, and no view callbacks")
  func backgroundForeground() {
    let f = SimFixture()
    let home = f.window.setRoot(f.sim.screen("home"))
    f.sim.transcript.clear()
    f.window.enterBackground()
    f.expect(["sceneWillResignActive @window", "sceneDidEnterBackground @window"])
    #expect(home.appearance == .appeared)
    #expect(!home.dispatch.isVisible && !f.window.dispatch.isVisible)
    f.window.enterForeground()
    f.expect(["sceneWillEnterForeground @window", "sceneDidBecomeActive @window"])
    #expect(home.dispatch.isVisible && f.window.dispatch.isVisible)
    f.verify()
  }

  @Test("A screen that appears while the window is in the background stays hidden until it returns")
  func appearInBackground() {
    let f = SimFixture()
    let home = f.sim.screen("home")
    let nav = f.window.setRoot(f.sim.navigation("nav", root: home))
    f.window.enterBackground()
    f.sim.transcript.clear()
    let detail = f.sim.screen("detail")
    f.add("a", to: detail)
    nav.push(detail, animated: false)
    f.expect([
      "viewWillDisappear @home", "viewWillAppear @detail", "viewDidDisappear @home",
      "viewDidAppear @detail",
    ])
    #expect(detail.appearance == .appeared && !detail.dispatch.isVisible)
    f.window.enterForeground()
    f.expect([
      "sceneWillEnterForeground @window", "sceneDidBecomeActive @window", "present a @detail",
    ])
    f.verify()
  }
}
