import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// Several roots that need a pass run theirs one after the other, in the order they asked for
/// it: made dirty by one action, asking from inside another root's pass, or deferred to the end
/// of the main-actor turn; a root freed before its turn is skipped.
@MainActor
@Suite("Passes of several roots run in the order they were asked for", .timeLimit(.minutes(1)))
struct PassOrderTests {
  /// Roots made dirty by one action run their passes in the order they were made dirty: first
  /// in, first out, however many there are.
  @Test("Roots made dirty by one action run their passes in the order they were made dirty")
  func dirtyRootsInOrder() {
    let f = Fixture()
    let first = f.dispatch("first")
    let second = f.dispatch("second")
    let third = f.dispatch("third")
    // One action whose three adds wait in line, then run, marking each root dirty in turn.
    Engine.shared.perform {
      f.track(second.add(AlertRequest(id: "b")))
      f.track(third.add(AlertRequest(id: "c")))
      f.track(first.add(AlertRequest(id: "a")))
    }
    f.expect(["present b @second", "present c @third", "present a @first"])
    f.verify()
  }

  /// Roots that ask for passes from inside another root's pass run theirs in the order they
  /// asked, also when the first of them is freed before its turn; coalesced roots come back in
  /// the order they were deferred.
  @Test("Roots waiting for a pass run in the order they asked, also when one is freed first")
  func rootsRunInOrder() {
    let f = Fixture()
    var order: [String] = []
    func make(_ name: String) -> AlertDispatch {
      let dispatch = AlertDispatch(name: name, clock: f.clock)
      dispatch.presenter = ClosurePresenter(present: { alert in
        order.append("\(alert.id)")
        return .presented
      })
      return dispatch
    }
    let a = make("a")
    var b: AlertDispatch? = make("b")
    let c = make("c")
    let d = make("d")
    let e = make("e")
    // Not "b": the fixture would keep it alive.
    for root in [a, c, d, e] { f.watch(root) }
    a.presenter = ClosurePresenter(present: { alert in
      order.append("\(alert.id)")
      if alert.id == "a1" {
        _ = b!.add(AlertRequest(id: "b1"))
        _ = c.add(AlertRequest(id: "c1"))
        b = nil
        _ = d.add(AlertRequest(id: "d1"))
        _ = e.add(AlertRequest(id: "e1"))
      }
      if alert.id == "a2" {
        _ = e.add(AlertRequest(id: "e2"))
        _ = c.add(AlertRequest(id: "c2"))
        _ = d.add(AlertRequest(id: "d2"))
      }
      return .presented
    })
    _ = a.add(AlertRequest(id: "a1"))
    #expect(order == ["a1", "c1", "d1", "e1"])
    a.alert(withID: "a1")?.didDismiss()
    for x in [c, d, e] { x.unfinishedAlerts.forEach { $0.didDismiss() } }
    order = []
    _ = a.add(AlertRequest(id: "a2"))
    #expect(order == ["a2", "e2", "c2", "d2"])
    order = []
    for x in [a, c, d, e] {
      x.unfinishedAlerts.forEach { $0.didDismiss() }
      x.passScheduling = .coalesced
    }
    var g: AlertDispatch? = make("g")
    g!.passScheduling = .coalesced
    _ = d.add(AlertRequest(id: "d3"))
    _ = g!.add(AlertRequest(id: "g3"))
    _ = c.add(AlertRequest(id: "c3"))
    g = nil
    _ = e.add(AlertRequest(id: "e3"))
    #expect(order == [])
    AlertDispatch.runDeferredPasses()
    #expect(order == ["d3", "c3", "e3"])
    f.verify()
  }
}
