import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Outcome delivery", .timeLimit(.minutes(1)))
struct OutcomeTests {
  @Test("await handle.outcome returns the outcome once the alert ends")
  func awaitOutcome() async {
    let f = Fixture()
    let home = f.dispatch("home")
    let a = f.add("a", to: home)
    async let outcome = a.outcome
    f.presenter.tap("a", "Allow")
    #expect(await outcome == .dismissed("Allow"))
    #expect(await a.outcome == .dismissed("Allow"))
    f.verify()
  }

  @Test("The event stream reports added, shown, ended with times, and drained at the last end")
  func events() async {
    let f = Fixture()
    let home = f.dispatch("home")
    var seen: [String] = []
    home.observe { seen.append($0.description) }
    f.add("a", to: home)
    f.clock.advance(by: .seconds(1))
    f.presenter.tap("a", "OK")
    #expect(
      seen == [
        "0s added a [modal] @home", "0s shown a [modal] @home",
        "1s ended(dismissed(OK)) a [modal] @home", "1s drained @home",
      ])
    var iterator = home.events.makeAsyncIterator()
    f.add("b", to: home)
    #expect(await iterator.next()?.kind == .added)
    #expect(await iterator.next()?.kind == .shown)
    f.verify()
  }
}

extension OutcomeTests {
  @Test("A tapped alert animating out is not put back on screen by a restore")
  func restoreWhileLeaving() {
    let f = Fixture()
    f.presenter.dismissDuration = .milliseconds(300)
    let home = f.dispatch("home")
    let a = f.add("a", to: home)
    f.presenter.tap("a", "OK")
    home.disappear()
    home.appear()
    #expect(f.presenter.onScreenIDs == [])
    f.clock.advance(by: .milliseconds(300))
    #expect(a.endedOutcome == .dismissed("OK"))
    f.expect([
      "present a @home", "tap a OK", "hide a @home", "restore a @home", "end a: dismissed(OK)",
    ])
    f.verify()
  }
}
