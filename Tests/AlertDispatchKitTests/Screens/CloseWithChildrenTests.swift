import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// Closing a dispatch with several children re-indexes each new domain and the old one once
/// (`DispatchNode.detachChildren`); these check that each domain indexes exactly its own alerts
/// and waits.
@MainActor
@Suite("Close with children", .timeLimit(.minutes(1)))
struct CloseWithChildrenTests {
  @Test(
    "Closing a dispatch with several children makes each child a root that owns its alerts and waits"
  )
  func closeManyChildren() {
    let f = Fixture()
    let app = f.dispatch("app")
    let mid = f.dispatch("mid", parent: app)
    app.activeChild = mid
    let kids = (0..<3).map { f.dispatch("c\($0)", parent: mid) }
    mid.activeChild = kids[0]
    f.add("a0", to: kids[0])
    f.add("a1", to: kids[1])
    f.add("b1", to: kids[1], after: ["a1"])
    f.add("a2", to: kids[2], after: ["a1"])
    f.add("later", to: app, priority: .low)
    f.expect(["present a0 @c0"])
    #expect(app.explain("a2") == .waitingForDependencies(["a1"]))
    mid.close()
    // The shown alert stays up in its child's new domain (Decisions: a cover holds within one
    // domain), so the app's own alert goes up in the app's.
    f.expect(["present later @app"])
    #expect(mid.children.isEmpty)
    for kid in kids {
      #expect(kid.parent == nil)
      #expect(kid.root === kid)
      #expect(kid.checkInvariants() == [])
    }
    #expect(app.checkInvariants() == [])
    for id: AlertID in ["a0", "a1", "b1", "a2"] {
      #expect(app.explain(id) == .notFound)
    }
    #expect(kids[0].explain("a0") == .showing)
    #expect(kids[1].explain("b1") == .waitingForDependencies(["a1"]))
    // `a1` is in another domain now: no unfinished alert of c2's has that id.
    #expect(kids[2].explain("a2") != .waitingForDependencies(["a1"]))
    #expect(kids[2].explain("a1") == .notFound)
    f.verify()
  }

  @Test("Closing a root with several children leaves it indexing none of their alerts")
  func closeRootWithChildren() {
    let f = Fixture()
    let root = f.dispatch("root")
    let kids = (0..<2).map { f.dispatch("k\($0)", parent: root) }
    root.activeChild = kids[0]
    f.add("x", to: kids[0])
    f.add("y", to: kids[1], after: ["x"])
    f.expect(["present x @k0"])
    root.close()
    f.expect([])
    #expect(root.checkInvariants() == [])
    #expect(root.explain("x") == .notFound)
    #expect(root.explain("y") == .notFound)
    #expect(kids[0].explain("x") == .showing)
    #expect(kids[1].checkInvariants() == [])
    f.verify()
  }
}
