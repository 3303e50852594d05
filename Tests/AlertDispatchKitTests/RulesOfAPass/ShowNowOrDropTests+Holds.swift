import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// Whatever holds an alert that shows now or drops in the pass after its add ends it.
extension ShowNowOrDropTests {
  @Test("It ends when its screen is off the chain, hidden or paused")
  func endsOffTheChain() {
    let f = Fixture()
    let app = f.dispatch("app")
    let home = f.dispatch("home", parent: app)
    let settings = f.dispatch("settings", parent: app)
    app.activeChild = home
    f.add("offstage", to: settings, showNowOrDrop: true)
    home.disappear()
    f.add("hidden", to: home, showNowOrDrop: true)
    home.appear()
    app.pause()
    f.add("paused", to: home, showNowOrDrop: true)
    f.expect([
      "end offstage: cancelled(could not show at once)",
      "end hidden: cancelled(could not show at once)",
      "end paused: cancelled(could not show at once)",
    ])
    f.verify()
  }

  @Test("It ends when its delay or its lane's gap runs, or a dependency is unfinished")
  func endsWhenHeld() {
    let f = Fixture()
    let home = f.dispatch("home")
    let slow = AlertLane("slow", minimumGap: .seconds(1))
    f.add("delayed", to: home, timing: AlertTiming(delay: .milliseconds(1)), showNowOrDrop: true)
    f.add("first", to: home, lane: slow)
    f.presenter.tap("first", "OK")
    f.add("gapped", to: home, lane: slow, showNowOrDrop: true)
    f.add("tour", to: home, lane: AlertLane("other"))
    f.add("dependent", to: home, after: ["tour"], lane: AlertLane("toast"), showNowOrDrop: true)
    f.expect([
      "end delayed: cancelled(could not show at once)",
      "present first @home", "tap first OK", "end first: dismissed(OK)",
      "end gapped: cancelled(could not show at once)",
      "present tour @home",
      "end dependent: cancelled(could not show at once)",
    ])
    f.verify()
  }

  @Test("It ends when the presenter refuses it")
  func endsWhenRefused() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.presenter.refusal = "no host"
    let hint = f.add("hint", to: home, showNowOrDrop: true)
    f.expect([
      "refuse hint @home: no host", "end hint: cancelled(could not show at once)",
    ])
    #expect(hint.endedOutcome == .cancelled(.notShownAtOnce))
    f.verify()
  }

  @Test("A pending one gets its chance in the pass after it is marked ready")
  func pendingGetsItsChanceWhenReady() {
    let f = Fixture()
    let home = f.dispatch("home")
    let early = f.add("early", to: home, readiness: .pending, showNowOrDrop: true)
    let late = f.add("late", to: home, readiness: .pending, showNowOrDrop: true)
    f.expect([])
    #expect(early.state == .pending && late.state == .pending)
    early.markReady()
    f.expect(["present early @home"])
    late.markReady()
    f.expect(["end late: cancelled(could not show at once)"])
    f.verify()
  }
}
