/// The domain's table of ids (``Domain/IDEntry`` for each id): open addressing with linear
/// probing on each id's hash (computed once, when the id was made), and backward-shift deletion,
/// so that no slot is ever a tombstone.
///
/// A `Dictionary` hashed the id again at every look-up (SipHash, about 150 instructions even
/// over a cached hash), and rehashed the ids after each one it removed: the table is looked up
/// when an alert is added and when it ends, and once per dependency at both times. An id and
/// its entry share a slot, so that a look-up at 100,000 alerts misses the cache once, not
/// twice.
package struct IDTable<Entry> {
  /// One slot: an id (`nil` for an empty slot) and its entry (the empty entry where the slot is
  /// empty).
  package struct Slot {
    fileprivate(set) var key: AlertID?
    package fileprivate(set) var entry: Entry
  }

  /// The slots; read an entry as `slots[slot].entry`.
  package private(set) var slots: ContiguousArray<Slot>
  /// How many ids the table has.
  package private(set) var count = 0
  private var mask: Int
  private let empty: Entry

  /// An empty table whose new ids start with the entry `empty`.
  package init(empty: Entry) {
    self.empty = empty
    slots = ContiguousArray(repeating: Slot(key: nil, entry: empty), count: 8)
    mask = 7
  }

  /// The slot of `id`, if the table has it.
  package func slot(of id: AlertID) -> Int? {
    var slot = id.textHash & mask
    while let key = slots[slot].key {
      if key == id { return slot }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// The slot of `id`, inserted with an empty entry if the table did not have it.
  package mutating func slotInserting(_ id: AlertID) -> Int {
    if (count + 1) * 4 > slots.count * 3 { grow() }
    var slot = id.textHash & mask
    while let key = slots[slot].key {
      if key == id { return slot }
      slot = (slot + 1) & mask
    }
    slots[slot].key = id
    count += 1
    return slot
  }

  /// Changes the entry in `slot` in place.
  package mutating func update<Result>(_ slot: Int, _ body: (inout Entry) -> Result) -> Result {
    body(&slots[slot].entry)
  }

  /// Removes the id in `slot` and its entry, and moves back the ids after it that probed past
  /// it, so that every id stays reachable from its home slot.
  ///
  /// Slots are moved, not swapped: `swapAt` copies each slot through a temporary, retaining
  /// and releasing its id's text, its alert and its waiters three times.
  package mutating func remove(at slot: Int) {
    count -= 1
    let mask = self.mask
    let empty = self.empty
    slots.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      (base + slot).deinitialize(count: 1)
      // The hole is uninitialized from here until it is filled. The table always has an empty
      // slot besides it (it is at most three quarters full), so the loop stops before coming
      // back to it.
      var hole = slot
      var next = (slot + 1) & mask
      while let hash = base[next].key?.textHash {
        let home = hash & mask
        // The id at `next` may fill the hole unless its home lies cyclically in (hole, next].
        let stays = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
        if !stays {
          (base + hole).moveInitialize(from: base + next, count: 1)
          hole = next
        }
        next = (next + 1) & mask
      }
      (base + hole).initialize(to: Slot(key: nil, entry: empty))
    }
  }

  private mutating func grow() {
    let old = slots
    let capacity = slots.count * 2
    slots = ContiguousArray(repeating: Slot(key: nil, entry: empty), count: capacity)
    mask = capacity - 1
    for index in old.indices {
      guard let hash = old[index].key?.textHash else { continue }
      var slot = hash & mask
      while slots[slot].key != nil { slot = (slot + 1) & mask }
      slots[slot] = old[index]
    }
  }
}
