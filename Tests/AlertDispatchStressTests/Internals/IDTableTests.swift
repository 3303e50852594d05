import AlertDispatchKit
import AlertDispatchStressKit
import Testing

/// The domain's table of ids checked against a `Dictionary`: random inserts, look-ups and
/// removals over a small pool of ids, so that probe runs collide, wrap around the end of the
/// table and are cut by removals (backward-shift deletion), and the table grows.
@Suite("Table of ids")
struct IDTableTests {
  @Test(
    "Agrees with a dictionary after every one of 20,000 random operations", arguments: [1, 2, 3])
  func agreesWithDictionary(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let pool = (0..<48).map { AlertID("id\($0)") }
    var table = IDTable<Int>(empty: 0)
    var model: [AlertID: Int] = [:]
    for step in 1...20_000 {
      let id = pool[Int(random.next() % UInt64(pool.count))]
      switch random.next() % 3 {
      case 0:
        let slot = table.slotInserting(id)
        table.update(slot) { $0 += step }
        model[id, default: 0] += step
      case 1:
        if let slot = table.slot(of: id) { table.remove(at: slot) }
        model[id] = nil
      default:
        #expect(table.slot(of: id).map { table.slots[$0].entry } == model[id])
      }
      #expect(table.count == model.count)
      if step % 1_000 == 0 {
        for id in pool {
          #expect(table.slot(of: id).map { table.slots[$0].entry } == model[id], "\(id) at \(step)")
        }
      }
    }
  }

  @Test("A removed id's entry is empty again when the id comes back")
  func removedEntryIsEmpty() {
    var table = IDTable<[Int]>(empty: [])
    let slot = table.slotInserting("a")
    table.update(slot) { $0.append(1) }
    table.remove(at: slot)
    #expect(table.slot(of: "a") == nil)
    #expect(table.slots[table.slotInserting("a")].entry == [])
  }
}
