import Testing

@testable import AlertDispatchKit

/// Review of c65d043..6ace1d7: the domain's ids split into a table of holders (unretained
/// alerts, found by identity when they end) and a table of waiters; `insertCheaply` by
/// unsafe moves; a bucket's next alert moved into its first slot.
@MainActor
@Suite("Round 11 review")
struct Round11ReviewTests {
  func holders(_ dispatch: AlertDispatch) -> HolderTable { dispatch.node.domain.holders }

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
}

/// `Array.insertCheaply(_:at:)` appends, then moves the element into place by unsafe moves:
/// every index, with elements that hold references, keeps the order and each reference once.
@MainActor
@Suite("insertCheaply")
struct InsertCheaplyTests {
  final class Counted {
    nonisolated(unsafe) static var live = 0
    let value: Int
    init(_ value: Int) {
      self.value = value
      Counted.live += 1
    }
    deinit { Counted.live -= 1 }
  }

  @Test("Inserts at every index of arrays of 0 to 9 elements, without a leak or a double release")
  func everyIndex() {
    Counted.live = 0
    for n in 0..<10 {
      for index in 0...n {
        do {
          var array = (0..<n).map { Counted($0 < index ? $0 : $0 + 1) }
          var model = (0..<n).map { $0 < index ? $0 : $0 + 1 }
          array.insertCheaply(Counted(index), at: index)
          model.insert(index, at: index)
          #expect(array.map(\.value) == model, "n \(n) index \(index)")
          #expect(array.map(\.value) == Array(0...n))
          #expect(Counted.live == n + 1)
          // A copy shares the storage: the insert must copy it first, and leave the copy alone.
          let copy = array
          array.insertCheaply(Counted(-1), at: index)
          #expect(copy.map(\.value) == Array(0...n))
          #expect(array[index].value == -1 && array.count == n + 2)
          #expect(Counted.live == n + 2)
        }
        #expect(Counted.live == 0, "n \(n) index \(index)")
      }
    }
  }

  @Test("Inserts strings and optionals at the front, middle and end")
  func strings() {
    var array: [String?] = []
    array.insertCheaply("b", at: 0)
    array.insertCheaply(nil, at: 1)
    array.insertCheaply(String(repeating: "a", count: 40), at: 0)
    array.insertCheaply("c", at: 2)
    #expect(array == [String(repeating: "a", count: 40), "b", "c", nil])
  }
}
