import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Minimum display time", .timeLimit(.minutes(1)))
struct MinimumDisplayTests {
  static let threeSeconds = AlertTiming(minimumDisplay: .seconds(3))

  @Test("A higher alert waits for the front alert's minimum display time, then preempts it")
  func preemptionWaitsForTheMinimum() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("note", to: home, timing: Self.threeSeconds)
    f.clock.advance(by: .seconds(1))
    let urgent = f.add("urgent", to: home, priority: .critical)
    #expect(urgent.state == .queued)
    #expect(home.explain("urgent") == .minimumDisplay(of: "note", until: .seconds(3)))
    #expect(
      home.explain("urgent").description == "waiting for note's minimum display time until 3s")
    f.clock.advance(by: .milliseconds(1999))
    f.expect(["present note @home"])
    f.clock.advance(by: .milliseconds(1))
    f.expect(["hide note @home", "present urgent @home"])
    f.verify()
  }

  @Test("A front alert with policy cancel is cancelled as preempted only once its minimum ends")
  func cancellingPreemptionWaits() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("promo", to: home, interruption: .cancel, timing: Self.threeSeconds)
    f.add("urgent", to: home, priority: .critical)
    f.clock.advance(by: .milliseconds(2999))
    f.expect(["present promo @home"])
    f.clock.advance(by: .milliseconds(1))
    f.expect([
      "dismiss promo @home", "end promo: cancelled(preempted by urgent)", "present urgent @home",
    ])
    f.verify()
  }

  @Test("An alert that covers waits too: covering takes the front from the alert")
  func coverWaits() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("note", to: home, timing: Self.threeSeconds)
    f.add("sheet", to: home, priority: .high, style: .cover)
    f.clock.advance(by: .milliseconds(2999))
    f.expect(["present note @home"])
    f.clock.advance(by: .milliseconds(1))
    f.expect(["present sheet @home"])
    #expect(home.explain("note") == .covered(by: "sheet"))
    f.verify()
  }

  @Test("A candidate preempts the weakest front alert that its minimum does not protect")
  func preemptsAnUnprotectedFrontAlert() {
    let f = Fixture()
    let home = f.dispatch("home")
    let pair = AlertLane("pair", capacity: .limited(2))
    f.add("kept", to: home, priority: .low, lane: pair, timing: Self.threeSeconds)
    f.add("free", to: home, lane: pair)
    f.add("urgent", to: home, priority: .critical, lane: pair)
    f.expect([
      "present kept @home", "present free @home", "hide free @home", "present urgent @home",
    ])
    f.verify()
  }

  @Test("An alert that covers another keeps its own minimum, and both hide when it ends")
  func aCovererKeepsItsMinimum() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("note", to: home, timing: Self.threeSeconds)
    f.add("sheet", to: home, priority: .high, style: .cover, timing: Self.threeSeconds)
    f.clock.advance(by: .seconds(3))
    f.add("urgent", to: home, priority: .critical)
    #expect(home.explain("urgent") == .minimumDisplay(of: "sheet", until: .seconds(6)))
    f.clock.advance(by: .seconds(3))
    f.expect([
      "present note @home", "present sheet @home", "hide sheet @home", "hide note @home",
      "present urgent @home",
    ])
    f.verify()
  }

  @Test("Suspension pauses the count: an alert that comes back owes the rest")
  func suspensionPausesTheCount() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("note", to: home, timing: Self.threeSeconds)
    f.clock.advance(by: .seconds(1))
    home.disappear()
    f.clock.advance(by: .seconds(60))
    home.appear()
    f.add("urgent", to: home, priority: .critical)
    #expect(home.explain("urgent") == .minimumDisplay(of: "note", until: .seconds(63)))
    f.clock.advance(by: .milliseconds(1999))
    f.expect(["present note @home", "hide note @home", "restore note @home"])
    f.clock.advance(by: .milliseconds(1))
    f.expect(["hide note @home", "present urgent @home"])
    f.verify()
  }

  @Test("An auto-dismiss shorter than the minimum closes the alert when the minimum ends")
  func autoDismissWaitsForTheMinimum() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add(
      "toast", to: home, timing: AlertTiming(autoDismiss: .seconds(1), minimumDisplay: .seconds(3)))
    f.clock.advance(by: .milliseconds(2999))
    f.expect(["present toast @home"])
    f.clock.advance(by: .milliseconds(1))
    f.expect(["dismiss toast @home", "end toast: dismissed(auto-dismissed)"])
    f.verify(allEnded: true)
  }

  @Test("cancel() inside the minimum returns at once and ends the alert once, when it ends")
  func cancelWaitsAndEndsOnce() {
    let f = Fixture()
    let home = f.dispatch("home")
    let note = f.add("note", to: home, timing: Self.threeSeconds)
    f.clock.advance(by: .seconds(1))
    note.cancel()
    #expect(note.state == .showing)
    note.cancel()
    note.close(result: "OK")
    #expect(
      f.diagnostics == [
        "cancel() on alert 'note' that already closes as cancelled(cancelled by app) once its minimum display time ends; ignored",
        "close(result:) on alert 'note' that already closes as cancelled(cancelled by app) once its minimum display time ends; ignored",
      ])
    f.clock.advance(by: .milliseconds(1999))
    f.expect(["present note @home"])
    f.clock.advance(by: .milliseconds(1))
    f.expect(["dismiss note @home", "end note: cancelled(cancelled by app)"])
    f.verify(allEnded: true)
  }

  @Test("close(result:) inside the minimum closes it with that result when the minimum ends")
  func closeWaitsWithItsResult() {
    let f = Fixture()
    let home = f.dispatch("home")
    let note = f.add("note", to: home, timing: Self.threeSeconds)
    note.close(result: "Later")
    f.clock.advance(by: .seconds(3))
    f.expect(["present note @home", "dismiss note @home", "end note: dismissed(Later)"])
    f.verify(allEnded: true)
  }

  @Test("The user's dismissal is never delayed, even after a cancel that waits")
  func userDismissalIsNotDelayed() {
    let f = Fixture()
    let home = f.dispatch("home")
    let note = f.add("note", to: home, timing: Self.threeSeconds)
    note.cancel()
    f.presenter.tap("note", "OK")
    f.expect(["present note @home", "tap note OK", "end note: dismissed(OK)"])
    f.clock.advance(by: .seconds(10))
    f.expect([])
    f.verify(allEnded: true)
  }

  @Test("A batch cancel ends queued alerts at once and takes one up down when its minimum ends")
  func batchCancelWaitsForShownOnes() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("note", to: home, timing: Self.threeSeconds)
    let next = f.add("next", to: home)
    home.cancelAlerts()
    #expect(next.endedOutcome == .cancelled(.cancelledByApp))
    f.expect(["present note @home", "end next: cancelled(cancelled by app)"])
    f.clock.advance(by: .seconds(3))
    f.expect(["dismiss note @home", "end note: cancelled(cancelled by app)"])
    f.verify(allEnded: true)
  }

  @Test("A screen that leaves hides the alert at once, and a take-down that waited ends it then")
  func offstageHidesAtOnce() {
    let f = Fixture()
    let home = f.dispatch("home")
    let note = f.add("note", to: home, timing: Self.threeSeconds)
    note.cancel()
    home.disappear()
    #expect(note.endedOutcome == .cancelled(.cancelledByApp))
    f.expect([
      "present note @home", "hide note @home", "dismiss note @home",
      "end note: cancelled(cancelled by app)",
    ])
    f.verify(allEnded: true)
  }

  @Test("A hidden alert that owes its minimum is cancelled at once: nothing of it is on screen")
  func hiddenCancelEndsAtOnce() {
    let f = Fixture()
    let home = f.dispatch("home")
    let note = f.add("note", to: home, timing: Self.threeSeconds)
    home.disappear()
    note.cancel()
    #expect(note.endedOutcome == .cancelled(.cancelledByApp))
    f.expect([
      "present note @home", "hide note @home", "dismiss note @home",
      "end note: cancelled(cancelled by app)",
    ])
    f.verify(allEnded: true)
  }

  @Test("A replacement takes the old alert down at once")
  func replacementIsNotHeld() {
    let f = Fixture()
    let home = f.dispatch("home")
    let old = f.add("note", to: home, timing: Self.threeSeconds)
    f.add("note", to: home, duplicates: .replaceExisting)
    #expect(old.endedOutcome == .cancelled(.replaced(by: "note")))
    f.expect([
      "present note @home", "dismiss note @home", "end note: cancelled(replaced by note)",
      "present note @home",
    ])
    f.verify()
  }

  @Test("Closing the dispatch ends the alert at once")
  func closingTheDispatchEndsAtOnce() {
    let f = Fixture()
    let home = f.dispatch("home")
    let note = f.add("note", to: home, timing: Self.threeSeconds)
    home.close()
    #expect(note.endedOutcome == .cancelled(.ownerClosed))
    f.verify(allEnded: true)
  }

  @Test("A negative minimum is an invalid request; zero means none")
  func negativeIsInvalidAndZeroIsNone() {
    let f = Fixture()
    let home = f.dispatch("home")
    let bad = f.add("bad", to: home, timing: AlertTiming(minimumDisplay: .seconds(-1)))
    #expect(
      bad.endedOutcome == .cancelled(.invalidRequest("minimum display time is negative (-1s)")))
    f.add("none", to: home, timing: AlertTiming(minimumDisplay: .zero))
    f.add("urgent", to: home, priority: .critical)
    f.expect([
      "end bad: cancelled(invalid request: minimum display time is negative (-1s))",
      "present none @home", "hide none @home", "present urgent @home",
    ])
    f.verify()
  }
}
