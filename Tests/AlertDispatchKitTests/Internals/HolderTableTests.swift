import Testing

@testable import AlertDispatchKit

/// The domain's table of the alerts that hold ids (`HolderTable`), checked against a
/// dictionary: it holds its alerts unretained and finds a leaving alert by identity, and its
/// slots keep their distance from their home slot in a byte that saturates at 255.
@MainActor
@Suite("Table of holders")
struct HolderTableTests {
  /// A dispatch that owns the handles the tests make (the table never reads it).
  let owner = AlertDispatch(name: "owner")

  func handle(_ id: AlertID, _ seq: Int) -> AlertHandle {
    AlertHandle(request: AlertRequest(id: id), owner: owner.node, seq: UInt64(seq))
  }

  /// Ids whose hash's low bits land in the 8 home slots around the end of a table of
  /// `capacity` slots (so that probe runs wrap around it).
  static func clusteredIDs(_ n: Int, capacity: Int) -> [AlertID] {
    var ids: [AlertID] = []
    var index = 0
    while ids.count < n {
      let id = AlertID("c\(index)")
      let home = id.textHash & (capacity - 1)
      if home >= capacity - 4 || home < 4 { ids.append(id) }
      index += 1
    }
    return ids
  }

  @Test(
    "Agrees with a dictionary after every one of 20,000 random operations", arguments: [1, 2, 3])
  func agreesWithDictionary(seed: UInt64) {
    var random = TestGenerator(state: seed)
    let pool = (0..<48).map { AlertID("id\($0)") }
    // Two alerts per id: the one that holds it, and another that does not.
    let alerts = pool.indices.map { [handle(pool[$0], 2 * $0), handle(pool[$0], 2 * $0 + 1)] }
    var table = HolderTable()
    var model: [AlertID: AlertHandle] = [:]
    for step in 1...20_000 {
      let index = random.next(pool.count)
      let id = pool[index]
      let alert = alerts[index][random.next(2)]
      switch random.next(5) {
      case 0:
        let existing = table.insertUnlessHeld(alert)
        #expect(existing === model[id], "insert \(id) at \(step)")
        if model[id] == nil { model[id] = alert }
      case 1:
        table.setHolder(alert)
        model[id] = alert
      case 2:
        let removed = table.remove(alert)
        #expect(removed == (model[id] === alert), "remove \(id) at \(step)")
        if removed { model[id] = nil }
      case 3:
        table.removeHolder(of: id)
        model[id] = nil
      default:
        #expect(table.holder(of: id) === model[id], "\(id) at \(step)")
        #expect(table.isHeld(id) == (model[id] != nil))
      }
      #expect(table.count == model.count)
      if step % 1_000 == 0 {
        for id in pool {
          #expect(table.holder(of: id) === model[id], "\(id) at \(step)")
        }
      }
    }
  }

  /// 400 ids in one run of slots across the end of a table of 1,024: most slots lie more than
  /// 255 slots from their home, so their distance is read from their alert.
  @Test("A run longer than the distance byte holds, and removals in any order keep it whole")
  func runLongerThanTheDistanceByte() {
    let ids = HolderTableTests.clusteredIDs(400, capacity: 1_024)
    let alerts = ids.indices.map { handle(ids[$0], $0) }
    var table = HolderTable()
    for alert in alerts {
      let existing = table.insertUnlessHeld(alert)
      #expect(existing == nil)
    }
    #expect(table.capacity == 1_024)
    #expect(table.count == 400)
    for alert in alerts { #expect(table.holder(of: alert.id) === alert) }
    var random = TestGenerator(state: 7)
    var held = alerts
    // Take out half in a random order, checking every id after each removal.
    for _ in 0..<200 {
      let leaving = held.remove(at: random.next(held.count))
      let removed = table.remove(leaving)
      let removedAgain = table.remove(leaving)
      #expect(removed && !removedAgain)
      #expect(table.holder(of: leaving.id) == nil)
      for alert in held where table.holder(of: alert.id) !== alert {
        Issue.record("\(alert.id) lost after \(leaving.id) left")
      }
    }
    // Back in, in another order, then all out.
    let back = alerts.filter { alert in !held.contains { $0 === alert } }.reversed()
    for alert in back {
      let existing = table.insertUnlessHeld(alert)
      #expect(existing == nil)
    }
    held += back
    for alert in held { #expect(table.holder(of: alert.id) === alert) }
    while !held.isEmpty {
      let leaving = held.remove(at: random.next(held.count))
      let removed = table.remove(leaving)
      #expect(removed)
      for alert in held where table.holder(of: alert.id) !== alert {
        Issue.record("\(alert.id) lost after \(leaving.id) left")
      }
    }
    #expect(table.count == 0)
    #expect(table.alerts.isEmpty)
  }

  @Test("An alert that does not hold its id is not taken out, and the holder stays")
  func removeByIdentity() {
    var table = HolderTable()
    let holder = handle("a", 0)
    let other = handle("a", 1)
    let inserted = table.insertUnlessHeld(holder)
    let refused = table.insertUnlessHeld(other)
    #expect(inserted == nil && refused === holder)
    let otherRemoved = table.remove(other)
    #expect(!otherRemoved)
    #expect(table.holder(of: "a") === holder)
    table.setHolder(other)
    let holderRemoved = table.remove(holder)
    let replacementRemoved = table.remove(other)
    #expect(!holderRemoved && replacementRemoved)
    #expect(table.count == 0)
  }

  /// The domain keeps only unfinished alerts in the table, which holds them unretained: the
  /// invariant checker reads its pointers before it reads any alert through them.
  @Test("A domain's table holds exactly its unfinished alerts, through replacements and ends")
  func domainHoldsItsUnfinishedAlerts() {
    AlertDispatch.checksInvariants = true
    AlertDispatch.diagnosticHandler = { _ in }
    let home = AlertDispatch(
      name: "home", presenter: ClosurePresenter(present: { _ in .presented }))
    let tab = AlertDispatch(name: "tab")
    try? tab.setParent(home)
    let first = home.add(AlertRequest(id: "a"))
    let replacement = tab.add(AlertRequest(id: "a", duplicates: .replaceExisting))
    let waiter = home.add(AlertRequest(id: "w", after: ["a", "b"]))
    #expect(first.state.isEnded)
    #expect(home.node.domain.holders.count == 2)
    #expect(home.checkInvariants() == [])
    replacement.cancel()
    waiter.cancel()
    #expect(home.node.domain.holders.count == 0)
    #expect(home.node.domain.waiting.count == 0)
    #expect(home.checkInvariants() == [])
    #expect(home.invariantViolations == [])
  }
}
