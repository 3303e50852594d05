import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Transitions", .timeLimit(.minutes(1)))
struct TransitionTests {
  func nav(_ f: SimFixture) -> NavigationContainer {
    let nav = f.window.setRoot(f.sim.navigation("nav", root: f.sim.screen("home")))
    f.sim.transcript.clear()
    return nav
  }

  @Test("The presenter refuses during a transition, and the alert goes up when it ends")
  func refusedDuringTransition() {
    // Two domains side by side, the window's and the stack's: both are refused, both go up.
    let f = SimFixture(linksByDefault: false)
    let nav = nav(f)
    nav.push(f.sim.screen("detail"), animated: true)
    f.expect(["viewWillDisappear @home", "viewWillAppear @detail"])
    f.add("w", to: f.window.dispatch)
    f.add("n", to: nav)
    f.expect(["refuse w @window: transition running", "refuse n @nav: transition running"])
    #expect(
      f.window.dispatch.explain("w")
        == .retryingAfterRefusal(
          until: AlertInstant(offset: .milliseconds(100)), reason: "transition running"))
    f.advance(0.1)
    f.expect(["refuse w @window: transition running", "refuse n @nav: transition running"])
    f.advance(0.2)
    f.expect(["refuse w @window: transition running", "refuse n @nav: transition running"])
    // The next retry would be at 0.7 s; the end of the transition at 0.35 s does not wait for it.
    f.advance(0.05)
    f.expect([
      "viewDidDisappear @home", "viewDidAppear @detail", "present w @window", "present n @nav",
    ])
    #expect(f.sim.now == AlertInstant(offset: .milliseconds(350)))
    f.verify()
  }

  @Test("An alert of the arriving screen waits for its viewDidAppear, without a refusal")
  func arrivingScreenWaits() {
    let f = SimFixture()
    let nav = nav(f)
    let detail = f.sim.screen("detail")
    nav.push(detail, animated: true)
    f.add("d", to: detail)
    f.expect(["viewWillDisappear @home", "viewWillAppear @detail"])
    f.advance(0.35)
    f.expect(["viewDidDisappear @home", "viewDidAppear @detail", "present d @detail"])
    f.verify()
  }

  @Test("A presenter that animates in and out: the next alert waits until the first is gone")
  func presenterAnimations() {
    let f = SimFixture()
    let home = nav(f).topScreen!
    f.presenter.presentDuration = .milliseconds(200)
    f.presenter.dismissDuration = .milliseconds(300)
    let first = f.add("a", to: home)
    f.add("b", to: home)
    f.expect(["present a @home"])
    #expect(first.state == .presenting)
    f.advance(0.2)
    #expect(first.state == .showing)
    f.presenter.tap("a", "OK")
    f.expect(["tap a OK"])
    f.advance(0.299)
    f.expect([])
    f.advance(0.001)
    f.expect(["end a: dismissed(OK)", "present b @home"])
    f.verify()
  }

  @Test("Popping a screen closes its dispatch when the pop ends: its alerts end as owner closed")
  func popClosesDispatch() {
    let f = SimFixture()
    let nav = nav(f)
    let detail = f.sim.screen("detail")
    nav.push(detail, animated: false)
    f.sim.transcript.clear()
    f.add("x", to: detail)
    f.add("y", to: detail)
    f.expect(["present x @detail"])
    nav.pop(animated: true)
    f.expect(["viewWillDisappear @detail", "hide x @detail", "viewWillAppear @home"])
    f.advance(0.35)
    f.expect([
      "viewDidDisappear @detail", "viewDidAppear @home", "dismiss x @detail",
      "end x: cancelled(owner closed)", "end y: cancelled(owner closed)",
    ])
    #expect(detail.isClosed)
    f.add("z", to: detail)
    f.expect(["end z: cancelled(owner closed)"])
    f.verify()
  }

  @Test("Replacing the root closes the old screens and their modals at once")
  func replaceRoot() {
    // The sheet and home are separate domains, so home's alert shows beneath the sheet.
    let f = SimFixture(linksByDefault: false)
    let home = nav(f).topScreen!
    let sheet = f.sim.screen("sheet")
    home.present(sheet, animated: false)
    f.sim.transcript.clear()
    f.add("a", to: home)
    f.expect(["present a @home"])
    let login = f.window.setRoot(f.sim.screen("login"))
    f.expect([
      "viewWillDisappear @nav", "viewWillDisappear @home", "hide a @home",
      "viewWillDisappear @sheet", "viewWillAppear @login", "viewDidDisappear @nav",
      "viewDidDisappear @home", "viewDidDisappear @sheet", "viewDidAppear @login",
      "dismiss a @home", "end a: cancelled(owner closed)",
    ])
    #expect(home.isClosed && sheet.isClosed && !login.isClosed)
    f.window.removeRoot()
    f.expect(["viewWillDisappear @login", "viewDidDisappear @login"])
    f.add("w", to: f.window.dispatch)
    f.expect(["refuse w @window: no host"])
    f.verify()
  }
}
