import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// A dispatch the app lets go of is closed (DESIGN.md, "Screens"): its alerts end and give up
/// their ids, and a parent no longer names it as its active child, whether it is released
/// outside a pass or during one.
@MainActor
@Suite("Released dispatches", .timeLimit(.minutes(1)))
struct ReleasedDispatchTests {
  func holders(_ dispatch: AlertDispatch) -> [AlertID: AlertHandle] { dispatch.node.domain.holders }

  /// Adds an alert whose handle nobody but the framework holds.
  func drop(_ id: AlertID, to dispatch: AlertDispatch, priority: AlertPriority = .normal) {
    _ = dispatch.add(AlertRequest(id: id, priority: priority))
  }

  /// A dispatch the app lets go of ends its alerts, which leave its root's table.
  @Test("Releasing a child dispatch takes its alerts out of the root's table")
  func releasedChildLeavesTheTable() throws {
    let f = Fixture()
    let home = f.dispatch("home", visible: false)
    var child: AlertDispatch? = AlertDispatch(name: "child", isVisible: false, clock: f.clock)
    try child!.setParent(home)
    let ids = (0..<40).map { AlertID("c\($0)") }
    let handles = ids.map { child!.add(AlertRequest(id: $0)) }
    let kept = f.add("kept", to: home)
    #expect(holders(home).count == 41)
    child = nil
    #expect(handles.allSatisfy { $0.state.isEnded })
    #expect(holders(home).count == 1)
    #expect(home.alert(withID: "kept") === kept)
    for id in ids { #expect(home.alert(withID: id) == nil) }
    kept.cancel()
    f.verify(allEnded: true)
  }

  /// A parent does not keep its active child alive: once the app releases the child, the parent
  /// names none (or the child the presenter chose instead, during a pass).
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
    root.alert(withID: "trigger")?.didDismiss(result: .closed)
    root.activeChild = nil
    root.activeChild = other
    f.verify()
  }
}
