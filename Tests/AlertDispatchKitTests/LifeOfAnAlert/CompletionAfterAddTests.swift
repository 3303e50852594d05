import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// A completion never runs before `add` has returned the handle, so code that keys on the
/// handle works even for an alert that ends during the call.
@MainActor
@Suite("Completions after add")
struct CompletionAfterAddTests {
  @Test("A completion of an alert refused at add runs after add has returned its handle")
  func refusedAtAdd() async {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("rate", to: home)
    var open: [ObjectIdentifier: String] = [:]
    let found: String? = await withCheckedContinuation { continuation in
      var handle: AlertHandle?
      handle = home.add(AlertRequest(id: "rate")) { _ in
        continuation.resume(returning: handle.flatMap { open[ObjectIdentifier($0)] })
      }
      open[ObjectIdentifier(f.track(handle!))] = "second rate"
      #expect(handle?.endedOutcome == .cancelled(.duplicate(of: "rate")))
    }
    #expect(found == "second rate")
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
    var returned = false
    let outcome: AlertOutcome = await withCheckedContinuation { continuation in
      let handle = home.add(AlertRequest(id: "flash")) { outcome in
        #expect(returned)
        continuation.resume(returning: outcome)
      }
      returned = true
      #expect(f.track(handle).endedOutcome == .dismissed("at once"))
    }
    #expect(outcome == .dismissed("at once"))
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
