import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// The tables that map ids to alerts: a domain forgets an ended id unless alerts wait for it,
/// and `IDTable` stores or frees an entry it is given exactly once.
@MainActor
@Suite("Tables of ids: slots of ended ids, owned entries")
struct DomainIDTableTests {
  /// `release(_:)` drops the slot of an id nobody waits for, and keeps the slot (and its
  /// waiters) of an id others wait for until they leave it.
  @Test("An ended id is forgotten unless others wait for it")
  func releasedIDs() {
    let f = Fixture()
    let home = f.dispatch("home")
    var trace: [String] = []
    func note(_ step: String) {
      let domain = home.node.domain
      let held = domain.holders.alerts.map(\.id)
      let awaited = domain.waiting.slots.compactMap(\.key)
      let keys = Set(held + awaited).map { key in
        "\(key)\(domain.alert(withID: key) == nil ? "" : "+")\(domain.waiters(for: key).map { "<\($0.takeUnretainedValue().id)" }.joined())"
      }
      trace.append("\(step): \(keys.sorted().joined(separator: " "))")
    }
    let a = f.add("a", to: home)
    note("a up")
    a.dismiss(result: .closed)
    note("a ended")
    #expect(home.explain("a") == .notFound)
    // Re-added after its end: a new alert, not a duplicate.
    let a2 = f.add("a", to: home)
    #expect(a2.state == .showing)
    let b = f.add("b", to: home, after: ["a"])
    let c = f.add("c", to: home, after: ["a", "b"])
    note("b, c wait")
    a2.dismiss(result: .closed)
    note("a2 ended")
    #expect(b.state == .showing)
    let a3 = f.add("a", to: home)
    note("a3 added")
    b.dismiss(result: .closed)
    note("b ended")
    home.alert(withID: "a")?.dismiss(result: .closed)
    home.alert(withID: "c")?.dismiss(result: .closed)
    note("all ended")
    #expect(a3.state.isEnded && c.state.isEnded)
    #expect(home.node.domain.holders.count == 0 && home.node.domain.waiting.count == 0)
    #expect(
      trace == [
        "a up: a+", "a ended: ", "b, c wait: a+<b<c b+<c c+", "a2 ended: a<b<c b+<c c+",
        "a3 added: a+<b<c b+<c c+", "b ended: a+<c b<c c+", "all ended: ",
      ])
    f.verify(allEnded: true)
  }

  /// The found path of `insert(_:entry:)` must free the entry it did not store, once; the new
  /// slot must hold it (and its caller's copy stay valid).
  @Test("The id table stores or frees an owned entry exactly once")
  func ownedEntries() {
    final class Box {
      let value: Int
      init(_ value: Int) { self.value = value }
    }
    struct Entry {
      var box: Box?
    }
    weak var stored: Box?
    weak var refused: Box?
    weak var kept: Box?
    do {
      var table = IDTable(empty: Entry())
      do {
        let box = Box(1)
        stored = box
        let (slot, inserted) = table.insert("a", entry: Entry(box: box))
        #expect(inserted)
        #expect(table.slots[slot].entry.box === box)
      }
      #expect(stored != nil)
      do {
        let box = Box(2)
        refused = box
        let (slot, inserted) = table.insert("a", entry: Entry(box: box))
        #expect(!inserted)
        #expect(table.slots[slot].entry.box?.value == 1)
      }
      #expect(refused == nil)
      // A caller that keeps its own copy of the entry.
      let entry = Entry(box: Box(3))
      kept = entry.box
      _ = table.insert("b", entry: entry)
      _ = table.insert("b", entry: entry)
      #expect(entry.box?.value == 3)
      // Enough ids to grow the table several times.
      for index in 0..<100 { _ = table.insert(AlertID("n\(index)"), entry: Entry(box: Box(index))) }
      _ = table.slotInserting("empty")
      #expect(table.count == 103)
      #expect(table.slot(of: "a").map { table.slots[$0].entry.box?.value } == 1)
      table.remove(at: table.slot(of: "b")!)
      #expect(kept != nil)
      withExtendedLifetime(entry) {}
      table.remove(at: table.slot(of: "a")!)
      #expect(stored == nil)
    }
    #expect(kept == nil)
  }
}
