import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// The minimum display time as an app sees it across navigation: it counts while the alert is up
/// and pauses while a pushed screen hides it.
@MainActor
@Suite("Minimum display time across screens", .timeLimit(.minutes(1)))
struct MinimumDisplayAcrossScreensTests {
  @Test("A pushed screen pauses the count; back on its screen, the alert owes the rest")
  func pushedScreenPausesTheCount() {
    let f = SimFixture()
    let nav = f.window.setRoot(f.sim.navigation("nav", root: f.sim.screen("home")))
    let home = nav.topScreen!
    f.sim.transcript.clear()
    f.add("note", to: home, timing: AlertTiming(minimumDisplay: .seconds(3)))
    f.advance(1)
    nav.push(f.sim.screen("detail"), animated: false)
    f.expect([
      "present note @home", "viewWillDisappear @home", "hide note @home",
      "viewWillAppear @detail", "viewDidDisappear @home", "viewDidAppear @detail",
    ])
    f.advance(60)
    nav.pop(animated: false)
    f.expect([
      "viewWillDisappear @detail", "viewWillAppear @home", "viewDidDisappear @detail",
      "viewDidAppear @home", "restore note @home",
    ])
    // Up for 1 s before the push, it owes 2 s more from its return at 61 s.
    f.add("urgent", to: home, priority: .critical)
    #expect(home.dispatch.explain("urgent") == .minimumDisplay(of: "note", until: .seconds(63)))
    f.advance(1.999)
    f.expect([])
    f.advance(0.001)
    f.expect(["hide note @home", "present urgent @home"])
    f.verify()
  }
}
