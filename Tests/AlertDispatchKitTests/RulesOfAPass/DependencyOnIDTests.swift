import Testing

@testable import AlertDispatchKit

/// A dependency names an id, not an alert: it is blocked by whichever unfinished alert of the
/// domain holds that id now (after a join, the older of two alerts that share it; after a
/// replacement, the replacement), and by nothing while no alert holds it (DESIGN.md, "Rules of
/// a pass", 3).
@MainActor
@Suite("Dependencies: blocked by the alert that holds the id", .timeLimit(.minutes(1)))
struct DependencyOnIDTests {
  func holders(_ dispatch: AlertDispatch) -> [AlertID: AlertHandle] { dispatch.node.domain.holders }

  /// After a join the older alert holds the id and the other shares it: each end must leave
  /// the table pointing at an unfinished alert (the sharer takes over in the holder's slot).
  @Test("Sharers after a join take the id over in the table, and a split rebuilds both tables")
  func sharersTakeOverInTheTable() throws {
    let f = Fixture()
    let home = f.dispatch("home", visible: false)
    let other = f.dispatch("other", visible: false)
    let first = f.add("x", to: home)
    let second = f.add("x", to: other)
    let thirdRoot = f.dispatch("third", visible: false)
    let third = f.add("x", to: thirdRoot)
    let waiter = f.add("w", to: home, after: ["x"])
    try other.setParent(home)
    #expect(holders(home).count == 2)
    #expect(holders(other).count == 0)
    #expect(home.alert(withID: "x") === first)
    // The holder ends: the sharer holds the id, in the same slot, and still blocks the waiter.
    first.cancel()
    #expect(home.alert(withID: "x") === second)
    #expect(holders(home).count == 2)
    #expect(!waiter.blockedBy.isEmpty)
    #expect(home.checkInvariants() == [])
    // A split: each root's table holds its own alerts again.
    try other.setParent(nil)
    #expect(home.alert(withID: "x") == nil)
    #expect(waiter.blockedBy.isEmpty)
    #expect(other.alert(withID: "x") === second)
    #expect(holders(home).count == 1 && holders(other).count == 1)
    // Joined again, the other way round, with a third alert of the id: two sharers.
    try home.setParent(other)
    try thirdRoot.setParent(other)
    #expect(other.alert(withID: "x") === second)
    #expect(!waiter.blockedBy.isEmpty)
    second.cancel()
    #expect(other.alert(withID: "x") === third)
    third.cancel()
    #expect(other.alert(withID: "x") == nil)
    #expect(waiter.blockedBy.isEmpty)
    waiter.cancel()
    #expect(holders(other).count == 0)
    for root in f.roots { #expect(root.checkInvariants() == []) }
    f.verify(allEnded: true)
  }

  /// The alerts that wait for an id keep waiting for it while no alert holds it: each alert
  /// that takes the id later blocks them, and unblocks them when it ends.
  @Test("Waiters of an id not held are blocked by each alert that takes it, until it ends")
  func waitersOfAnIDNotHeld() {
    let f = Fixture()
    let home = f.dispatch("home", visible: false)
    let waiter = f.add("w", to: home, after: ["z"])
    #expect(waiter.blockedBy.isEmpty)
    #expect(holders(home).count == 1)
    for _ in 0..<3 {
      let z = f.add("z", to: home)
      #expect(!waiter.blockedBy.isEmpty)
      z.cancel()
      #expect(waiter.blockedBy.isEmpty)
      #expect(home.alert(withID: "z") == nil)
    }
    // Replaced while it blocks: the replacement blocks in its place.
    let z = f.add("z", to: home)
    let replacement = f.add("z", to: home, duplicates: .replaceExisting)
    #expect(z.state.isEnded)
    #expect(home.alert(withID: "z") === replacement)
    #expect(!waiter.blockedBy.isEmpty)
    replacement.cancel()
    #expect(waiter.blockedBy.isEmpty)
    waiter.cancel()
    #expect(holders(home).count == 0)
    #expect(home.node.domain.waiting.count == 0)
    f.verify(allEnded: true)
  }
}
