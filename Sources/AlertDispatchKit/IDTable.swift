/// A table keyed by id (the domain's ids that alerts wait for, ``Domain/waiting``, each with
/// its ``Domain/WaiterList``): open addressing with linear probing on each id's hash (computed
/// once, when the id was made), and backward-shift deletion, so that no slot is ever a
/// tombstone.
///
/// Beside the slots, one byte per slot tells an empty slot (0) from a taken one, whose byte holds
/// seven bits of its id's hash: a probe reads the bytes, 64 to a cache line, and reads a slot
/// only where the bits match, and ``insert(_:entry:)`` writes a new id's slot without reading
/// it.
///
/// A `Dictionary` hashed the id again at every look-up (SipHash, about 150 instructions even
/// over a cached hash), and rehashed the ids after each one it removed. The ids that alerts
/// hold are in a ``HolderTable``, whose slots are smaller still (an alert's id is read from the
/// alert).
package struct IDTable<Entry> {
  /// One slot: an id (`nil` for an empty slot) and its entry (the empty entry where the slot is
  /// empty).
  package struct Slot {
    fileprivate(set) var key: AlertID?
    package fileprivate(set) var entry: Entry
  }

  /// The slots; read an entry as `slots[slot].entry`.
  package private(set) var slots: ContiguousArray<Slot>
  /// One byte per slot: 0 where the slot is empty, ``tag(_:)`` of its id's hash where it is not.
  private var tags: ContiguousArray<UInt8>
  /// How many ids the table has.
  package private(set) var count = 0
  private var mask: Int
  private let empty: Entry

  /// An empty table whose new ids start with the entry `empty`.
  ///
  /// `empty` must hold nothing that destroying it would release (`nil` references, empty
  /// collections, plain values): ``insert(_:entry:)`` writes over an empty slot without
  /// destroying what it holds.
  package init(empty: Entry) {
    self.empty = empty
    slots = ContiguousArray(repeating: Slot(key: nil, entry: empty), count: 8)
    tags = ContiguousArray(repeating: 0, count: 8)
    mask = 7
  }

  /// The byte of a taken slot: the hash's top seven bits (the home slot comes from its low
  /// bits), with the high bit set so that it is never 0.
  private static func tag(_ hash: Int) -> UInt8 {
    UInt8(truncatingIfNeeded: UInt(bitPattern: hash) >> 57) | 0x80
  }

  /// Where `id` is (`found`), or else the empty slot where it goes.
  private func probe(_ id: AlertID) -> (slot: Int, found: Bool) {
    let tag = IDTable.tag(id.textHash)
    var slot = id.textHash & mask
    while true {
      let byte = tags[slot]
      if byte == 0 { return (slot, false) }
      if byte == tag, slots[slot].key == id { return (slot, true) }
      slot = (slot + 1) & mask
    }
  }

  /// The slot of `id`, if the table has it.
  package func slot(of id: AlertID) -> Int? {
    let (slot, found) = probe(id)
    return found ? slot : nil
  }

  /// The slot of `id`, inserted with an empty entry if the table did not have it.
  package mutating func slotInserting(_ id: AlertID) -> Int {
    insert(id, entry: empty).slot
  }

  /// The slot of `id` and `false` if the table has it (its entry unchanged); otherwise `id`
  /// goes in with `entry`, and its new slot comes back with `true`. The new slot is written
  /// without being read. `entry` is taken owned (`consuming` cannot be moved into the closure
  /// that writes the slot), so that the caller's copy goes into the slot without a retain and a
  /// release around the call.
  package mutating func insert(_ id: AlertID, entry: __owned Entry) -> (slot: Int, inserted: Bool) {
    if (count + 1) * 4 > slots.count * 3 { grow() }
    let (slot, found) = probe(id)
    if found { return (slot, false) }
    tags[slot] = IDTable.tag(id.textHash)
    slots.withUnsafeMutableBufferPointer { buffer in
      // The empty slot holds `empty`, which holds nothing to release (see `init(empty:)`).
      (buffer.baseAddress! + slot).initialize(to: Slot(key: id, entry: entry))
    }
    count += 1
    return (slot, true)
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
    tags.withUnsafeMutableBufferPointer { tags in
      slots.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        (base + slot).deinitialize(count: 1)
        // The hole is uninitialized from here until it is filled. The table always has an
        // empty slot besides it (it is at most three quarters full), so the loop stops before
        // coming back to it.
        var hole = slot
        var next = (slot + 1) & mask
        while tags[next] != 0, let hash = base[next].key?.textHash {
          let home = hash & mask
          // The id at `next` may fill the hole unless its home lies cyclically in (hole, next].
          let stays =
            hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
          if !stays {
            (base + hole).moveInitialize(from: base + next, count: 1)
            tags[hole] = tags[next]
            hole = next
          }
          next = (next + 1) & mask
        }
        (base + hole).initialize(to: Slot(key: nil, entry: empty))
        tags[hole] = 0
      }
    }
  }

  private mutating func grow() {
    let old = slots
    let capacity = slots.count * 2
    slots = ContiguousArray(repeating: Slot(key: nil, entry: empty), count: capacity)
    tags = ContiguousArray(repeating: 0, count: capacity)
    mask = capacity - 1
    for index in old.indices {
      guard let hash = old[index].key?.textHash else { continue }
      var slot = hash & mask
      while tags[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = old[index]
      tags[slot] = IDTable.tag(hash)
    }
  }
}
