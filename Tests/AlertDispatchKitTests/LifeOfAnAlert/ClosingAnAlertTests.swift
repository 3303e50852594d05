import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// The app takes an alert down with a result (`close(result:)`), which the presenter carries
/// out; the presenter reports a UI already gone (`didDismiss(result:)`; the deprecated
/// `dismiss(result:)` does the same).
@MainActor
@Suite("Closing an alert with a result", .timeLimit(.minutes(1)))
struct ClosingAnAlertTests {
  @Test("close(result:) has the presenter take the alert down; it ends with that result once gone")
  func closeAsksThePresenter() {
    let f = Fixture()
    f.presenter.dismissDuration = .milliseconds(300)
    let home = f.dispatch("home")
    let a = f.add("a", to: home)
    f.add("b", to: home)
    a.close(result: "Later")
    #expect(a.state == .dismissing)
    f.clock.advance(by: .milliseconds(300))
    #expect(a.endedOutcome == .dismissed("Later"))
    f.expect(["present a @home", "dismiss a @home", "end a: dismissed(Later)", "present b @home"])
    f.verify()
  }

  @Test("close(result:) on a hidden alert ends it with that result at once")
  func closeWhileSuspended() {
    let f = Fixture()
    let home = f.dispatch("home")
    let a = f.add("a", to: home)
    home.disappear()
    #expect(a.state == .suspended)
    a.close(result: "Later")
    #expect(a.endedOutcome == .dismissed("Later"))
    f.expect(["present a @home", "hide a @home", "dismiss a @home", "end a: dismissed(Later)"])
    f.verify()
  }

  @Test("The deprecated dismiss(result:) still reports the UI gone, as didDismiss(result:) does")
  @available(*, deprecated, message: "calls the deprecated dismiss(result:) on purpose")
  func deprecatedSpellingReportsTheUIGone() {
    let f = Fixture()
    f.presenter.dismissDuration = .milliseconds(300)
    let home = f.dispatch("home")
    let a = f.add("a", to: home)
    a.didDismiss(result: "OK")
    let b = f.add("b", to: home)
    b.dismiss(result: "OK")
    // Neither asks the presenter to take the alert down: both end at once, as reported.
    #expect(a.endedOutcome == .dismissed("OK") && b.endedOutcome == .dismissed("OK"))
    f.expect(["present a @home", "end a: dismissed(OK)", "present b @home", "end b: dismissed(OK)"])
    f.verify()
  }
}
