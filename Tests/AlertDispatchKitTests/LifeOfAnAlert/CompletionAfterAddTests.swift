import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// A completion never runs before `add` has returned the handle, so code that keys on the
/// handle works even for an alert that ends during the call.
@MainActor
@Suite("Completions after add", .timeLimit(.minutes(1)))
struct CompletionAfterAddTests {
  /// Lets the main actor run what waits for it (the task that calls such a completion) until
  /// `done`, for at most 100 turns: a completion that never runs fails the test, it does not
  /// hang it.
  static func turnsOfTheMainActor(until done: () -> Bool) async {
    for _ in 0..<100 where !done() { await Task.yield() }
  }

  @Test("A completion of an alert refused at add runs after add has returned its handle")
  func refusedAtAdd() async {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("rate", to: home)
    var open: [ObjectIdentifier: String] = [:]
    var found: [String?] = []
    var handle: AlertHandle?
    handle = home.add(AlertRequest(id: "rate")) { _ in
      found.append(handle.flatMap { open[ObjectIdentifier($0)] })
    }
    open[ObjectIdentifier(f.track(handle!))] = "second rate"
    #expect(handle?.endedOutcome == .cancelled(.duplicate(of: "rate")))
    #expect(found == [])
    await Self.turnsOfTheMainActor { !found.isEmpty }
    #expect(found == ["second rate"])
    f.verify()
  }

  @Test("An alert put up and dismissed by its presenter within add completes after add too")
  func dismissedWithinAdd() async {
    let f = Fixture()
    let home = f.dispatch("home")
    home.presenter = ClosurePresenter(present: { alert in
      alert.didDismiss(result: "at once")
      return .presented
    })
    var outcomes: [AlertOutcome] = []
    let handle = home.add(AlertRequest(id: "flash")) { outcomes.append($0) }
    #expect(f.track(handle).endedOutcome == .dismissed("at once"))
    #expect(outcomes == [])
    await Self.turnsOfTheMainActor { !outcomes.isEmpty }
    #expect(outcomes == [.dismissed("at once")])
    f.verify(allEnded: true)
  }

  @Test("A completion of an alert that ends later runs when it ends, at once")
  func endsLater() {
    let f = Fixture()
    let home = f.dispatch("home")
    var outcomes: [AlertOutcome] = []
    let handle = f.track(home.add(AlertRequest(id: "a")) { outcomes.append($0) })
    handle.didDismiss(result: "OK")
    #expect(outcomes == [.dismissed("OK")])
    f.verify(allEnded: true)
  }
}
