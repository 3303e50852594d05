import AlertDispatchKit
import AlertDispatchStressKit
import Testing

/// An entry that counts the live instances, so that a slot freed twice or never shows.
final class Tracked {
  nonisolated(unsafe) static var live = 0
  let value: Int
  init(_ value: Int) { self.value = value; Tracked.live += 1 }
  deinit { Tracked.live -= 1 }
}

/// Ids whose hashes all land in 4 adjacent home slots
/// that straddle the end of the table at every size up to 64, so that every removal shifts
/// slots across the wraparound; the entries are counted objects.
@Suite("Table of ids, clustered at the wraparound", .serialized)
struct IDTableStressTests {
  static func clusteredIDs(_ n: Int) -> [AlertID] {
    var out: [AlertID] = []
    var i = 0
    while out.count < n {
      let id = AlertID("c\(i)")
      if [62, 63, 0, 1].contains(id.textHash & 63) { out.append(id) }
      i += 1
    }
    return out
  }

  @Test("Clustered ids, every removal order of a full 8-slot table")
  func fullSmallTable() {
    let pool = Self.clusteredIDs(6)
    // All permutations of removal order for 6 ids in an 8-slot table (6 is the max before growth).
    func permutations(_ a: [Int]) -> [[Int]] {
      if a.count <= 1 { return [a] }
      return a.indices.flatMap { i -> [[Int]] in
        var rest = a; let x = rest.remove(at: i)
        return permutations(rest).map { [x] + $0 }
      }
    }
    let before = Tracked.live
    for order in permutations(Array(0..<6)) {
      do {
        var table = IDTable<[Tracked]>(empty: [])
        for (k, id) in pool.enumerated() {
          let s = table.slotInserting(id)
          table.update(s) { $0.append(Tracked(k)) }
        }
        #expect(table.slots.count == 8)
        var present = Set(0..<6)
        for k in order {
          table.remove(at: table.slot(of: pool[k])!)
          present.remove(k)
          for j in 0..<6 {
            let got = table.slot(of: pool[j]).map { table.slots[$0].entry.map(\.value) }
            #expect(
              got == (present.contains(j) ? [j] : nil), "order \(order) after removing \(k): \(j)")
          }
          #expect(Tracked.live - before == present.count)
        }
      }
      #expect(Tracked.live == before)
    }
  }

  @Test(
    "Clustered ids agree with a dictionary over 200,000 random operations", arguments: [1, 2, 3, 4])
  func clusteredAgainstDictionary(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let pool = Self.clusteredIDs(48)
    let before = Tracked.live
    do {
      var table = IDTable<[Tracked]>(empty: [])
      var model: [AlertID: [Int]] = [:]
      for step in 1...200_000 {
        let id = pool[Int(random.next() % UInt64(pool.count))]
        switch random.next() % 3 {
        case 0:
          let slot = table.slotInserting(id)
          table.update(slot) { $0.append(Tracked(step)) }
          model[id, default: []].append(step)
        case 1:
          if let slot = table.slot(of: id) { table.remove(at: slot) }
          model[id] = nil
        default:
          break
        }
        if table.count != model.count { Issue.record("count at \(step)"); return }
        if step % 97 == 0 {
          for id in pool
          where table.slot(of: id).map({ table.slots[$0].entry.map(\.value) }) != model[id] {
            Issue.record("\(id) at \(step)"); return
          }
          let liveInModel = model.values.reduce(0) { $0 + $1.count }
          if Tracked.live - before != liveInModel {
            Issue.record("live \(Tracked.live - before) vs \(liveInModel) at \(step)"); return
          }
        }
      }
    }
    #expect(Tracked.live == before)
  }
}
