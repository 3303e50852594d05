import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// Calls UIKit refuses or warns about get an `ignored` line and change nothing.
@MainActor
@Suite("Misuse of the simulator", .timeLimit(.minutes(1)))
struct MisuseTests {
  @Test("Navigation calls that UIKit refuses are ignored with a line that says why")
  func navigation() {
    let f = SimFixture()
    let home = f.sim.screen("home")
    let nav = f.window.setRoot(f.sim.navigation("nav", root: home))
    f.sim.transcript.clear()
    nav.pop()
    nav.popToRoot()
    nav.push(home)
    nav.push(f.sim.navigation("inner", root: f.sim.screen("leaf")))
    let a = f.sim.screen("a")
    nav.setStack([home, a, a])
    nav.setStack([])
    f.expect([
      "ignored pop @nav: only the root screen is on the stack",
      "ignored popToRoot @nav: only the root screen is on the stack",
      "ignored push home @nav: home is already shown elsewhere",
      "ignored push inner @nav: a navigation container cannot be pushed",
      "ignored setStack [home, a, a] @nav: a is in the stack twice",
      "ignored setStack [] @nav: a stack needs a root screen",
    ])
    #expect(nav.stack.map(\.name) == ["home"])
    f.verify()
  }

  @Test("One transition at a time: calls during a transition are ignored")
  func duringTransition() {
    let f = SimFixture()
    let home = f.sim.screen("home")
    let nav = f.window.setRoot(f.sim.navigation("nav", root: home))
    nav.push(f.sim.screen("detail"))
    f.sim.transcript.clear()
    nav.push(f.sim.screen("more"))
    nav.pop()
    f.window.setRoot(f.sim.screen("login"))
    f.expect([
      "ignored push more @nav: a transition is running",
      "ignored pop @nav: a transition is running",
      "ignored setRoot login @window: a transition is running",
    ])
    f.advance(0.35)
    f.expect(["viewDidDisappear @home", "viewDidAppear @detail"])
    f.verify()
  }

  @Test("A popped, closed screen cannot be shown again")
  func closedScreen() {
    let f = SimFixture()
    let home = f.sim.screen("home")
    let nav = f.window.setRoot(f.sim.navigation("nav", root: home))
    let detail = f.sim.screen("detail")
    nav.push(detail, animated: false)
    nav.pop(animated: false)
    f.sim.transcript.clear()
    nav.push(detail)
    detail.present(f.sim.screen("x"))
    f.expect([
      "ignored push detail @nav: detail is closed",
      "ignored present x @detail: detail is not in a window",
    ])
    f.verify()
  }

  @Test("Modal calls that UIKit refuses are ignored with a line that says why")
  func modals() {
    let f = SimFixture()
    let vc1 = f.sim.screen("vc1")
    let vc2 = f.sim.screen("vc2")
    let tabs = f.window.setRoot(f.sim.tabs("tabs", [vc1, vc2]))
    f.sim.transcript.clear()
    vc1.dismiss()
    vc2.present(f.sim.screen("x"))
    let sheet = f.sim.screen("sheet")
    vc1.present(sheet, animated: false)
    f.expect([
      "ignored dismiss @vc1: nothing is presented",
      "ignored present x @vc2: vc2 is not on screen",
      "viewWillAppear @sheet", "viewDidAppear @sheet",
    ])
    vc1.present(f.sim.screen("other"))
    vc1.present(sheet)
    tabs.select(7)
    tabs.select(f.sim.screen("stranger"))
    f.sim.screen("loose").present(f.sim.screen("y"))
    f.window.enterForeground()
    f.expect([
      "ignored present other @vc1: sheet is presented over it",
      "ignored present sheet @vc1: sheet is already shown elsewhere",
      "ignored select 7 @tabs: there is no tab 7",
      "ignored select stranger @tabs: stranger is not a tab here",
      "ignored present y @loose: loose is not in a window",
      "ignored enterForeground @window: already in the foreground",
    ])
    f.verify()
  }

  @Test("A screen of another simulator cannot be shown")
  func otherSimulator() {
    let f = SimFixture()
    let other = Simulator()
    f.window.setRoot(other.screen("foreign"))
    f.expect(["ignored setRoot foreign @window: foreign belongs to another graph"])
    #expect(f.window.rootScreen == nil)
    f.verify()
  }
}
