import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// Permission alerts one after the other, as a hand-written FIFO queue over `present` shows them,
/// and the bugs such a queue has: each is a test here.
@MainActor
@Suite("A permission queue: alerts one after the other", .timeLimit(.minutes(1)))
struct PermissionQueueTests {
  /// A navigation container with `home` on the window, the transcript cleared.
  func home(_ f: SimFixture) -> (NavigationContainer, Screen) {
    let home = f.sim.screen("home")
    let nav = f.window.setRoot(f.sim.navigation("nav", root: home))
    f.sim.transcript.clear()
    return (nav, home)
  }

  @Test("Two permission alerts show one after the other, the second once the first is gone")
  func oneAfterTheOther() {
    let f = SimFixture()
    let (_, home) = home(f)
    f.add("notifications", to: home, priority: .high)
    f.add("in-app-push", to: home, priority: .high)
    f.expect(["present notifications @home"])
    f.presenter.tap("notifications", "Allow")
    f.expect([
      "tap notifications Allow", "end notifications: dismissed(Allow)",
      "present in-app-push @home",
    ])
    f.presenter.tap("in-app-push", "Not now")
    f.expect(["tap in-app-push Not now", "end in-app-push: dismissed(Not now)"])
    f.verify()
  }

  @Test("A screen pushed over the first alert hides it; the queue does not advance to the second")
  func pushOverFirstAlert() {
    let f = SimFixture()
    let (nav, home) = home(f)
    let first = f.add("notifications", to: home)
    let second = f.add("in-app-push", to: home)
    f.expect(["present notifications @home"])
    nav.push(f.sim.screen("settings"), animated: true)
    f.expect(["viewWillDisappear @home", "hide notifications @home", "viewWillAppear @settings"])
    f.advance(0.35)
    f.expect(["viewDidDisappear @home", "viewDidAppear @settings"])
    // Disappearing is not dismissing: the first alert is suspended, not ended.
    #expect(first.state == .suspended)
    #expect(second.state == .queued)
    #expect(home.dispatch.explain("in-app-push") == .ownerHidden("home"))
    nav.pop(animated: true)
    f.expect(["viewWillDisappear @settings", "viewWillAppear @home"])
    f.advance(0.35)
    f.expect(["viewDidDisappear @settings", "viewDidAppear @home", "restore notifications @home"])
    f.presenter.tap("notifications", "Allow")
    f.expect([
      "tap notifications Allow", "end notifications: dismissed(Allow)",
      "present in-app-push @home",
    ])
    f.verify()
  }

  @Test("A double dismiss is harmless: the second is ignored and the queue goes on")
  func doubleDismiss() {
    let f = SimFixture()
    let (_, home) = home(f)
    let first = f.add("notifications", to: home)
    let second = f.add("in-app-push", to: home)
    f.expect(["present notifications @home"])
    // The seed's dismissCallback ran from viewDidDisappear, so it could run twice, and the
    // second removeFirst() crashed on an empty queue. Here the second report is ignored.
    f.presenter.tap("notifications", "Allow")
    first.didDismiss(result: "Allow")
    f.expect([
      "tap notifications Allow", "end notifications: dismissed(Allow)",
      "present in-app-push @home",
      "diagnostic @home: didDismiss(result:) on alert 'notifications' that already ended (dismissed(Allow)); ignored",
    ])
    #expect(second.state == .showing)
    f.presenter.tap("notifications", "Allow")
    f.expect(["tap notifications Allow: not on screen"])
    #expect(second.state == .showing)
    f.verify()
  }

  @Test("With no host window the alert waits, and shows as soon as a host exists")
  func noHostWindow() {
    let f = SimFixture()
    // An app-wide queue on the key window, before the window has a root view controller.
    f.add("notifications", to: f.window.dispatch)
    f.expect(["refuse notifications @window: no host"])
    f.advance(0.1)
    f.expect(["refuse notifications @window: no host"])
    f.advance(0.15)
    f.expect([])
    // The window is a host as soon as it has a root: its own alert goes up at once.
    f.window.setRoot(f.sim.screen("home"))
    f.expect(["viewWillAppear @home", "present notifications @window", "viewDidAppear @home"])
    f.verify()
  }

  @Test("A presenter that had no host retries on the clock: the queue is never stuck")
  func noStuckQueue() {
    let f = SimFixture()
    let (_, home) = home(f)
    f.presenter.refusal = "no host"
    f.add("notifications", to: home)
    f.add("in-app-push", to: home)
    f.expect(["refuse notifications @home: no host"])
    f.presenter.refusal = nil
    // No new alert arrives to kick the queue: the retry does.
    f.advance(0.1)
    f.expect(["present notifications @home"])
    f.presenter.tap("notifications", "OK")
    f.expect([
      "tap notifications OK", "end notifications: dismissed(OK)", "present in-app-push @home",
    ])
    f.verify()
  }
}
