import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// Review of 532e699..ff1822c: a node's active child and the lists of waiters no longer
/// retained, and the engine's first root waiting for a pass kept beside its line. These probes
/// come from the round's independent review (under AddressSanitizer, the first fails with a
/// use after free when `applySetParent` no longer clears the parent's active child).
@MainActor
@Suite("Round 15 review")
struct Round15ReviewTests {
  /// Adds an alert whose handle nobody but the framework holds.
  func drop(_ id: AlertID, to dispatch: AlertDispatch, priority: AlertPriority = .normal) {
    _ = dispatch.add(AlertRequest(id: id, priority: priority))
  }

  func check(_ roots: [AlertDispatch], sourceLocation: SourceLocation = #_sourceLocation) {
    for root in roots {
      #expect(root.invariantViolations == [], sourceLocation: sourceLocation)
      #expect(root.checkInvariants() == [], sourceLocation: sourceLocation)
    }
  }

  @Test("An active child the app releases is no longer named, outside a pass or during one")
  func releasedActiveChild() {
    let f = Fixture()
    let root = f.dispatch("root")
    let other = f.dispatch("other", parent: root)
    let before = AlertDispatch.liveNodeCount
    do {
      let child = AlertDispatch(name: "child", clock: f.clock)
      try! child.setParent(root)
      root.activeChild = child
      drop("c", to: child)
      #expect(root.activeChild === child)
    }
    #expect(AlertDispatch.liveNodeCount == before)
    #expect(root.activeChild == nil)
    // The presenter releases the next active child while a pass runs.
    var child: AlertDispatch? = AlertDispatch(name: "child", clock: f.clock)
    try! child!.setParent(root)
    root.activeChild = child
    root.presenter = ClosurePresenter(present: { alert in
      if alert.id == "trigger" {
        child = nil
        root.activeChild = other
      }
      return .presented
    })
    drop("c2", to: child!, priority: .low)
    drop("trigger", to: root, priority: .critical)
    #expect(child == nil)
    #expect(root.activeChild === other)
    drop("o", to: other)
    root.alert(withID: "trigger")?.dismiss(result: .closed)
    root.activeChild = nil
    root.activeChild = other
    check([root])
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
    a.alert(withID: "a1")?.dismiss()
    for x in [c, d, e] { x.unfinishedAlerts.forEach { $0.dismiss() } }
    order = []
    _ = a.add(AlertRequest(id: "a2"))
    #expect(order == ["a2", "e2", "c2", "d2"])
    order = []
    for x in [a, c, d, e] {
      x.unfinishedAlerts.forEach { $0.dismiss() }
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
    check([a, c, d, e])
  }
}
