import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Dedup", .timeLimit(.minutes(1)))
struct DedupTests {
  @Test("keep-existing ends the newcomer as duplicate")
  func keepExisting() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("rate", to: home)
    let second = f.add("rate", to: home)
    #expect(second.endedOutcome == .cancelled(.duplicate(of: "rate")))
    f.expect(["present rate @home", "end rate: cancelled(duplicate of rate)"])
    f.verify()
  }

  @Test("replace-existing ends the old one as replaced, also when it is on screen")
  func replaceExisting() {
    let f = Fixture()
    let home = f.dispatch("home")
    let old = f.add("status", to: home)
    let new = f.add("status", to: home, duplicates: .replaceExisting)
    #expect(old.endedOutcome == .cancelled(.replaced(by: "status")))
    #expect(home.alert(withID: "status") === new)
    f.expect([
      "present status @home", "dismiss status @home", "end status: cancelled(replaced by status)",
      "present status @home",
    ])
    f.verify()
  }

  @Test("Dedup spans the domain: a child's id collides with its parent's")
  func acrossDomain() {
    let f = Fixture()
    let tab = f.dispatch("tab")
    let child = f.dispatch("child", parent: tab)
    tab.activeChildProvider = { child }
    f.add("x", to: tab)
    let dup = f.add("x", to: child)
    #expect(dup.endedOutcome == .cancelled(.duplicate(of: "x")))
    f.verify()
  }

  /// "saved" on screen, asked to leave by its auto-dismiss after 2 s, animating out for 0.3 s.
  private func leavingSaved(_ f: Fixture, on home: AlertDispatch) -> AlertHandle {
    f.presenter.dismissDuration = .milliseconds(300)
    let first = f.add("saved", to: home, timing: AlertTiming(autoDismiss: .seconds(2)))
    f.clock.advance(by: .seconds(2))
    f.expect(["present saved @home", "dismiss saved @home"])
    #expect(first.state == .dismissing)
    return first
  }

  @Test("keep-existing queues a newcomer behind an alert with its id that is being dismissed")
  func keepExistingQueuesBehindLeaving() {
    let f = Fixture()
    let home = f.dispatch("home")
    let first = leavingSaved(f, on: home)
    let second = f.add("saved", to: home)
    #expect(second.state == .queued)
    #expect(home.alert(withID: "saved") === second)
    #expect(home.explain("saved") == .waitingForDismissal(of: ["saved"]))
    #expect(home.explain("saved").description == "waiting for saved to finish leaving")
    f.expect([])
    f.clock.advance(by: .milliseconds(300))
    f.expect(["end saved: dismissed(auto-dismissed)", "present saved @home"])
    #expect(first.endedOutcome == .dismissed(.autoDismissed))
    #expect(second.state == .showing)
    f.verify()
  }

  @Test("A second newcomer while one alert with the id is leaving is a duplicate of the first")
  func newcomerIsTheExistingOne() {
    let f = Fixture()
    let home = f.dispatch("home")
    _ = leavingSaved(f, on: home)
    let second = f.add("saved", to: home)
    let third = f.add("saved", to: home)
    #expect(third.endedOutcome == .cancelled(.duplicate(of: "saved")))
    #expect(second.state == .queued)
    f.expect(["end saved: cancelled(duplicate of saved)"])
    f.verify()
  }

  @Test("An alert that depends on the id waits for the newcomer too")
  func dependentWaitsForNewcomer() {
    let f = Fixture()
    let home = f.dispatch("home")
    let toasts = AlertLane("toast", capacity: .unlimited)
    f.presenter.dismissDuration = .milliseconds(300)
    f.add("saved", to: home, lane: toasts, timing: AlertTiming(autoDismiss: .seconds(2)))
    f.add("next", to: home, after: ["saved"])
    f.clock.advance(by: .seconds(2))
    f.add("saved", to: home, lane: toasts)
    f.expect(["present saved @home", "dismiss saved @home", "present saved @home"])
    f.clock.advance(by: .milliseconds(300))
    f.expect(["end saved: dismissed(auto-dismissed)"])
    #expect(home.explain("next") == .waitingForDependencies(["saved"]))
    f.presenter.tap("saved", "OK")
    f.clock.advance(by: .milliseconds(300))
    f.expect(["tap saved OK", "end saved: dismissed(OK)", "present next @home"])
    f.verify()
  }

  @Test("replace-existing leaves a leaving alert its outcome and queues behind it")
  func replaceExistingQueuesBehindLeaving() {
    let f = Fixture()
    let home = f.dispatch("home")
    let first = leavingSaved(f, on: home)
    let second = f.add("saved", to: home, duplicates: .replaceExisting)
    #expect(second.state == .queued)
    f.expect([])
    f.clock.advance(by: .milliseconds(300))
    f.expect(["end saved: dismissed(auto-dismissed)", "present saved @home"])
    #expect(first.endedOutcome == .dismissed(.autoDismissed))
    f.verify()
  }
}
