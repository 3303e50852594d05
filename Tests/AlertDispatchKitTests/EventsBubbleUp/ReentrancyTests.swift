import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Re-entrancy", .timeLimit(.minutes(1)))
struct ReentrancyTests {
  @Test("A presenter that dismisses synchronously inside present")
  func synchronousDismiss() {
    let f = Fixture()
    let transcript = f.transcript
    let presenter = ClosurePresenter(present: { alert in
      transcript.record("present \(alert.id)")
      alert.didDismiss(result: "instant")
      transcript.record("returned from dismiss: \(alert.state)")
      return .presented
    })
    let home = AlertDispatch(name: "home", clock: f.clock, presenter: presenter)
    f.presenter.observeOutcomes(of: home)
    f.track(home.add(AlertRequest(id: "a")))
    f.track(home.add(AlertRequest(id: "b")))
    f.expect([
      "present a", "returned from dismiss: presenting", "end a: dismissed(instant)",
      "present b", "returned from dismiss: presenting", "end b: dismissed(instant)",
    ])
    #expect(home.invariantViolations == [])
    f.verify(allEnded: true)
  }

  @Test("A completion handler that adds a new alert")
  func completionAdds() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.track(
      home.add(AlertRequest(id: "first")) { _ in
        f.track(home.add(AlertRequest(id: "follow-up")))
        f.transcript.record("added follow-up")
      })
    f.presenter.tap("first", "OK")
    f.expect([
      "present first @home", "tap first OK", "end first: dismissed(OK)", "added follow-up",
      "present follow-up @home",
    ])
    f.verify()
  }

  @Test("A handler that closes the screen: no corrupted state, no double outcome")
  func completionCloses() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.track(home.add(AlertRequest(id: "first")) { _ in home.close() })
    f.add("second", to: home)
    f.add("third", to: home)
    f.presenter.tap("first", "OK")
    // The handler's close runs before the pass that the end asked for, so "second" never
    // flashes up on a screen that is closing.
    f.expect([
      "present first @home", "tap first OK", "end first: dismissed(OK)",
      "end second: cancelled(owner closed)", "end third: cancelled(owner closed)",
    ])
    f.verify(allEnded: true)
  }
}
