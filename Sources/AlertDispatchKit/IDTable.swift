/// The domain's table of ids (``Domain/IDEntry`` for each id): open addressing with linear probing on each id's hash (computed
/// once, when the id was made), and backward-shift deletion, so that no slot is ever a
/// tombstone.
///
/// A `Dictionary` hashed the id again at every look-up (SipHash, about 150 instructions even
/// over a cached hash), and rehashed the ids after each one it removed: the table is looked up
/// when an alert is added and when it ends, and once per dependency at both times.
package struct IDTable<Entry> {
  /// The id in each slot; `nil` for an empty slot.
  private var keys: ContiguousArray<AlertID?>
  /// The entry in each slot; the empty entry where the slot is empty.
  package private(set) var entries: ContiguousArray<Entry>
  /// How many ids the table has.
  package private(set) var count = 0
  private var mask: Int
  private let empty: Entry

  /// An empty table whose new ids start with the entry `empty`.
  package init(empty: Entry) {
    self.empty = empty
    keys = ContiguousArray(repeating: nil, count: 8)
    entries = ContiguousArray(repeating: empty, count: 8)
    mask = 7
  }

  /// The slot of `id`, if the table has it.
  package func slot(of id: AlertID) -> Int? {
    var slot = id.textHash & mask
    while let key = keys[slot] {
      if key == id { return slot }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// The slot of `id`, inserted with an empty entry if the table did not have it.
  package mutating func slotInserting(_ id: AlertID) -> Int {
    if (count + 1) * 4 > keys.count * 3 { grow() }
    var slot = id.textHash & mask
    while let key = keys[slot] {
      if key == id { return slot }
      slot = (slot + 1) & mask
    }
    keys[slot] = id
    count += 1
    return slot
  }

  /// Changes the entry in `slot` in place.
  package mutating func update<Result>(_ slot: Int, _ body: (inout Entry) -> Result) -> Result {
    body(&entries[slot])
  }

  /// Removes the id in `slot` and its entry, and moves back the ids after it that probed past
  /// it, so that every id stays reachable from its home slot.
  package mutating func remove(at slot: Int) {
    keys[slot] = nil
    entries[slot] = empty
    count -= 1
    var hole = slot
    var next = (slot + 1) & mask
    while let key = keys[next] {
      let home = key.textHash & mask
      // The id at `next` may fill the hole unless its home lies cyclically in (hole, next].
      let stays = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
      if !stays {
        keys.swapAt(hole, next)
        entries.swapAt(hole, next)
        hole = next
      }
      next = (next + 1) & mask
    }
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldEntries = entries
    let capacity = keys.count * 2
    keys = ContiguousArray(repeating: nil, count: capacity)
    entries = ContiguousArray(repeating: empty, count: capacity)
    mask = capacity - 1
    for index in oldKeys.indices {
      guard let key = oldKeys[index] else { continue }
      var slot = key.textHash & mask
      while keys[slot] != nil { slot = (slot + 1) & mask }
      keys[slot] = key
      entries[slot] = oldEntries[index]
    }
  }
}
