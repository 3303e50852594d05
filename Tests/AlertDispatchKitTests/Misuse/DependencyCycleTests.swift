import Testing

@testable import AlertDispatchKit

/// An alert refused for a dependency cycle ends as dependency cycle and changes nothing else:
/// its id is free again, the alerts that wait stay blocked by what blocked them, and an alert it
/// would have replaced stays (DESIGN.md, "Misuse gets a defined answer, never a crash").
@MainActor
@Suite("Dependency cycles: the refused alert changes nothing", .timeLimit(.minutes(1)))
struct DependencyCycleTests {
  func holders(_ dispatch: AlertDispatch) -> [AlertID: AlertHandle] { dispatch.node.domain.holders }

  /// The cycle check runs after the id was claimed: a refused alert must give it back, or the
  /// table keeps a pointer to an alert nobody holds.
  @Test("An alert refused for a dependency cycle leaves no holder behind, and its id comes back")
  func cycleRefusalGivesTheIDBack() {
    let f = Fixture()
    let home = f.dispatch("home", visible: false)
    let a = f.add("a", to: home, after: ["b"])
    let b = f.add("b", to: home, after: ["a"])
    guard case .ended(.cancelled(.dependencyCycle)) = b.state else {
      Issue.record("b: \(b.state)")
      return
    }
    #expect(holders(home).count == 1)
    #expect(home.alert(withID: "b") == nil)
    #expect(home.checkInvariants() == [])
    // The id is free again: a plain alert takes it, and blocks `a`.
    let again = f.add("b", to: home)
    #expect(home.alert(withID: "b") === again)
    #expect(!a.blockedBy.isEmpty)
    again.cancel()
    #expect(a.blockedBy.isEmpty)
    a.cancel()
    #expect(holders(home).count == 0)
    #expect(home.node.domain.waiting.count == 0)
    f.verify(allEnded: true)
  }

  /// A replacement's cycle goes through the alerts that wait for the id it takes over: the
  /// waiters must come back from the look-up that found the alert it replaces.
  @Test("A replacement that would close a cycle through a waiter of its id is refused")
  func replacementCycleThroughWaiter() {
    let f = Fixture()
    let home = f.dispatch("home", visible: false)
    let original = f.add("a", to: home)
    let waiter = f.add("w", to: home, after: ["a"])
    let replacement = f.add("a", to: home, after: ["w"], duplicates: .replaceExisting)
    guard case .ended(.cancelled(.dependencyCycle)) = replacement.state else {
      Issue.record("replacement: \(replacement.state)")
      return
    }
    #expect(!original.state.isEnded)
    #expect(home.alert(withID: "a") === original)
    #expect(!waiter.blockedBy.isEmpty)
    #expect(holders(home).count == 2)
    original.cancel()
    #expect(waiter.blockedBy.isEmpty)
    waiter.cancel()
    #expect(holders(home).count == 0)
    f.verify(allEnded: true)
  }
}
