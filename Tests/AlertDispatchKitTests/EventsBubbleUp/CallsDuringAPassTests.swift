import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// Calls the app makes while an action or a pass runs (from a presenter, or from a completion
/// handler) wait, then run after it in the order they were made, each with the arguments it was
/// given; a call made while nothing runs runs at once (DESIGN.md, "Events bubble up, the root
/// decides": passes are run-to-completion).
@MainActor
@Suite("Calls made during a pass wait their turn", .timeLimit(.minutes(1)))
struct CallsDuringAPassTests {
  /// Every kind of call made from a presenter waits, and the calls run in the order made:
  /// plain calls (add, dismiss) and closure calls (cancel) share one queue.
  @Test("Calls a presenter makes wait and run in the order made, plain and closure calls alike")
  func presenterCallsRunInOrder() {
    let f = Fixture()
    let transcript = f.transcript
    // Set after the presenter is made, which captures them: held in an object.
    final class Refs {
      var home: AlertDispatch!
      var c: AlertHandle!
      var added: [AlertHandle] = []
    }
    let refs = Refs()
    let presenter = ClosurePresenter(present: { alert in
      transcript.record("present \(alert.id)")
      guard alert.id == "a" else { return .presented }
      let b = refs.home.add(AlertRequest(id: "b", priority: .high))
      refs.added.append(b)
      transcript.record("b \(b.state), known \(refs.home.alert(withID: "b") != nil)")
      refs.c.cancel()
      alert.didDismiss(result: "x")
      transcript.record("a \(alert.state)")
      // Runs after the cancel of "c": not a duplicate.
      let again = refs.home.add(AlertRequest(id: "c"))
      refs.added.append(again)
      transcript.record("c again \(again.state)")
      return .presented
    })
    refs.home = AlertDispatch(name: "home", clock: f.clock, presenter: presenter)
    f.presenter.observeOutcomes(of: refs.home)
    refs.home.pause()
    refs.c = f.track(refs.home.add(AlertRequest(id: "c")))
    let a = f.track(refs.home.add(AlertRequest(id: "a", priority: .critical)))
    refs.home.resume()
    for handle in refs.added { f.track(handle) }
    f.expect([
      "present a", "b pending, known false", "a presenting", "c again pending",
      "end c: cancelled(cancelled by app)", "end a: dismissed(x)", "present b",
    ])
    #expect(a.endedOutcome == .dismissed("x"))
    #expect(refs.added.map(\.state) == [.showing, .queued])
    // Nothing runs now: a call runs at once.
    let d = f.track(refs.home.add(AlertRequest(id: "d")))
    #expect(d.state == .queued)
    refs.added[0].didDismiss(result: "y")
    f.expect(["end b: dismissed(y)", "present c"])
    #expect(d.state == .queued)
    f.verify()
  }

  /// A call made while a direct call's body runs (here an observer told, as the add ends its
  /// alert as a duplicate, that it ended) waits for the body, then runs before the pass.
  @Test("An observer called inside a direct add queues its calls; they run before the pass")
  func handlerInsideDirectAdd() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("rate", to: home)
    var seen: [String] = []
    var follow: AlertHandle?
    home.observe { event in
      guard follow == nil, case .ended(.cancelled(.duplicate)) = event.kind else { return }
      let handle = home.add(AlertRequest(id: "follow", priority: .critical))
      follow = handle
      seen.append("follow \(handle.state), known \(home.alert(withID: "follow") != nil)")
      home.alert(withID: "rate")?.didDismiss(result: "from handler")
      seen.append("rate \(home.alert(withID: "rate")?.state.description ?? "gone")")
    }
    let duplicate = f.track(home.add(AlertRequest(id: "rate")))
    #expect(duplicate.endedOutcome == .cancelled(.duplicate(of: "rate")))
    #expect(seen == ["follow pending, known false", "rate showing"])
    f.track(follow!)
    f.expect([
      "present rate @home", "end rate: cancelled(duplicate of rate)",
      "end rate: dismissed(from handler)", "present follow @home",
    ])
    #expect(follow!.state == .showing)
    f.verify()
  }

  /// Appear, disappear, activeChild and markReady made from a completion handler (during a
  /// dismiss's body) each wait, and each is carried out with the arguments given.
  @Test("Screen and readiness calls from a handler wait and keep their arguments")
  func screenCallsFromHandler() {
    let f = Fixture()
    let root = f.dispatch("root")
    let tab1 = f.dispatch("tab1", parent: root)
    let tab2 = f.dispatch("tab2", parent: root, visible: false)
    root.activeChild = tab1
    f.add("t1", to: tab1, priority: .low)
    f.add("t2", to: tab2, priority: .high)
    let late = f.add("late", to: root, priority: .critical, readiness: .pending)
    var seen: [String] = []
    f.track(
      root.add(AlertRequest(id: "first", priority: .critical)) { _ in
        tab1.disappear()
        tab2.appear()
        root.activeChild = tab2
        late.markReady()
        seen.append(
          "active \(root.activeChild?.name ?? "none"), tab2 \(tab2.isVisible), tab1 \(tab1.isVisible), late \(late.state)"
        )
      })
    // "first" covers "t1", which is hidden.
    f.expect(["present t1 @tab1", "hide t1 @tab1", "present first @root"])
    f.presenter.tap("first", "OK")
    #expect(seen == ["active tab1, tab2 false, tab1 true, late pending"])
    #expect(root.activeChild === tab2)
    #expect(tab2.isVisible && !tab1.isVisible)
    f.expect(["tap first OK", "end first: dismissed(OK)", "present late @root"])
    f.presenter.tap("late", "OK")
    f.expect(["tap late OK", "end late: dismissed(OK)", "present t2 @tab2"])
    // Switching back from outside runs at once.
    root.activeChild = tab1
    tab2.disappear()
    tab1.appear()
    f.expect(["hide t2 @tab2", "restore t1 @tab1"])
    f.verify()
  }
}
