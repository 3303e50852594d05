import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Modals", .timeLimit(.minutes(1)))
struct ModalTests {
  @Test("A page sheet leaves the screen beneath appeared: its alerts stay eligible")
  func pageSheetKeepsScreenEligible() {
    let f = SimFixture(linksByDefault: false)
    let home = f.window.setRoot(f.sim.screen("home"))
    f.sim.transcript.clear()
    let first = f.add("a", to: home)
    f.add("b", to: home)
    f.expect(["present a @home"])
    let sheet = f.sim.screen("sheet")
    home.present(sheet, style: .pageSheet, animated: true)
    f.expect(["viewWillAppear @sheet"])
    f.advance(0.35)
    f.expect(["viewDidAppear @sheet"])
    #expect(first.state == .showing)
    #expect(home.dispatch.isVisible)
    // Unlinked, the sheet is a domain of its own: its alert shows too.
    f.add("s", to: sheet)
    f.expect(["present s @sheet"])
    // The queue beneath the sheet goes on: home did not disappear.
    f.presenter.tap("a", "OK")
    f.expect(["tap a OK", "end a: dismissed(OK)", "present b @home"])
    sheet.dismiss(animated: false)
    f.expect([
      "viewWillDisappear @sheet", "hide s @sheet", "viewDidDisappear @sheet", "dismiss s @sheet",
      "end s: cancelled(owner closed)",
    ])
    f.verify()
  }

  @Test("A full-screen modal makes the screen beneath disappear: its alerts are suspended")
  func fullScreenSuspends() {
    let f = SimFixture()
    let home = f.window.setRoot(f.sim.screen("home"))
    f.sim.transcript.clear()
    let first = f.add("a", to: home)
    f.expect(["present a @home"])
    let login = f.sim.screen("login")
    home.present(login, style: .fullScreen, animated: true)
    f.expect(["viewWillDisappear @home", "hide a @home", "viewWillAppear @login"])
    f.advance(0.35)
    f.expect(["viewDidDisappear @home", "viewDidAppear @login"])
    #expect(first.state == .suspended)
    f.add("c", to: home)
    f.expect([])
    #expect(home.dispatch.explain("c") == .ownerHidden("home"))
    f.add("l", to: login)
    f.expect(["present l @login"])
    f.presenter.tap("l", "Sign in")
    f.expect(["tap l Sign in", "end l: dismissed(Sign in)"])
    login.dismiss(animated: true)
    f.expect(["viewWillDisappear @login", "viewWillAppear @home"])
    f.advance(0.35)
    f.expect(["viewDidDisappear @login", "viewDidAppear @home", "restore a @home"])
    f.verify()
  }

  @Test("Linked window, page sheet: the sheet takes the active chain; the screen beneath waits")
  func linkedPageSheet() {
    let f = SimFixture()
    let home = f.sim.screen("home")
    f.window.setRoot(f.sim.navigation("nav", root: home))
    f.sim.link(f.window)
    f.sim.transcript.clear()
    let first = f.add("a", to: home)
    f.expect(["present a @home"])
    let sheet = f.sim.screen("sheet")
    home.present(sheet, animated: true)
    f.expect(["viewWillAppear @sheet", "hide a @home"])
    f.advance(0.35)
    f.expect(["viewDidAppear @sheet"])
    #expect(sheet.dispatch.parent === f.window.dispatch)
    #expect(home.appearance == .appeared && home.dispatch.isVisible)
    #expect(first.state == .suspended)
    #expect(home.dispatch.explain("a") == .offstage("home"))
    f.add("s", to: sheet)
    f.add("b", to: home)
    f.expect(["present s @sheet"])
    // The sheet stays the active child until its dismissal ends: nothing comes back mid-way.
    sheet.dismiss(animated: true)
    f.expect(["viewWillDisappear @sheet", "hide s @sheet"])
    #expect(first.state == .suspended)
    f.advance(0.35)
    f.expect([
      "viewDidDisappear @sheet", "dismiss s @sheet", "end s: cancelled(owner closed)",
      "restore a @home",
    ])
    f.presenter.tap("a", "OK")
    f.expect(["tap a OK", "end a: dismissed(OK)", "present b @home"])
    f.verify()
  }

  @Test("Linked window, full-screen modal: it hangs off the window, so its alerts can show")
  func linkedFullScreen() {
    let f = SimFixture()
    let home = f.sim.screen("home")
    f.window.setRoot(f.sim.navigation("nav", root: home))
    f.sim.link(f.window)
    f.sim.transcript.clear()
    f.add("a", to: home)
    f.expect(["present a @home"])
    let login = f.sim.screen("login")
    home.present(login, style: .fullScreen, animated: false)
    f.expect([
      "viewWillDisappear @nav", "hide a @home", "viewWillDisappear @home",
      "viewWillAppear @login", "viewDidDisappear @nav", "viewDidDisappear @home",
      "viewDidAppear @login",
    ])
    #expect(login.dispatch.parent === f.window.dispatch)
    f.add("l", to: login)
    f.expect(["present l @login"])
    // An app-wide alert on the window is on every chain of the window.
    f.add("update", to: f.window.dispatch, priority: .high)
    f.expect(["hide l @login", "present update @window"])
    f.presenter.tap("update", "Later")
    f.expect(["tap update Later", "end update: dismissed(Later)", "restore l @login"])
    login.dismiss(animated: false)
    f.expect([
      "viewWillDisappear @login", "hide l @login", "viewWillAppear @nav", "viewWillAppear @home",
      "viewDidDisappear @login", "viewDidAppear @nav", "viewDidAppear @home", "restore a @home",
      "dismiss l @login", "end l: cancelled(owner closed)",
    ])
    f.verify()
  }

  @Test("Linked window: a navigation container presented as a modal is linked with its stack")
  func linkedModalNavigation() {
    let f = SimFixture()
    let home = f.window.setRoot(f.sim.screen("home"))
    f.sim.link(f.window)
    let step1 = f.sim.screen("step1")
    let flow = f.sim.navigation("flow", root: step1)
    home.present(flow, style: .fullScreen, animated: false)
    let step2 = f.sim.screen("step2")
    flow.push(step2, animated: false)
    f.sim.transcript.clear()
    #expect(flow.dispatch.parent === f.window.dispatch)
    #expect(step1.dispatch.parent === flow.dispatch && step2.dispatch.parent === flow.dispatch)
    f.add("flow-tip", to: flow, priority: .low)
    f.expect(["present flow-tip @flow"])
    f.add("step-error", to: step2, priority: .high)
    f.expect(["hide flow-tip @flow", "present step-error @step2"])
    f.presenter.tap("step-error", "OK")
    f.expect(["tap step-error OK", "end step-error: dismissed(OK)", "restore flow-tip @flow"])
    f.verify()
  }
}
