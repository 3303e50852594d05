/// The unfinished alerts of a domain by id, one alert per id (the one that holds it): open
/// addressing with linear probing on each id's hash (computed once, when the id was made), and
/// backward-shift deletion, so that no slot is ever a tombstone.
///
/// A slot holds no id, only its alert, unretained, and two bytes beside it: seven bits of the
/// id's hash (the tag; the high bit marks the slot taken) and the slot's distance from the id's
/// home slot (16 bytes in all, four slots to a cache line). An id is read from its alert only
/// where the tag matches the id looked up, and an alert that ends is found by its identity,
/// compared with the slots' pointers: ending an alert reads its slot, and no other alert.
/// Removing one moves the slots after it back by their distances, without reading their alerts
/// either (a distance of 255 or more is read from the alert).
///
/// ``IDTable`` took 48 bytes a slot (the id, the alert and its waiters): at 100,000 alerts, or
/// with the 20,000 offstage alerts of the benchmark's deep tree, an alert that ended waited for
/// its slot to come from memory, where a third of the bytes now mostly stay in the processor's
/// caches. (The two bytes and the pointer in two arrays, 10 bytes a slot, made each look-up
/// read two lines: 7 % more simulated misses on churn at 100,000.) The ids that alerts wait
/// for stay in an ``IDTable`` of their own (``Domain/waiting``), which a domain without
/// dependencies never probes.
///
/// The table does not retain its alerts. The domain keeps in it only unfinished alerts that
/// their dispatch holds (``DispatchNode/alerts``), and takes each out (``remove(_:)``) before
/// its dispatch lets go of it; ``Domain/reset()`` drops the whole table.
@MainActor
struct HolderTable {
  /// A slot: its meta (0 when empty; otherwise the tag in the high byte, its top bit set, and
  /// the distance from the home slot, at most 255, in the low byte) and its alert, unretained
  /// (`nil` where the slot is empty). One array, so that a probe reads one line per slot.
  private struct Slot {
    var holder: UnsafeRawPointer?
    var meta: UInt16
  }
  private var slots: [Slot]
  /// How many ids are held.
  private(set) var count = 0
  private var mask: Int

  /// An empty table.
  init() {
    slots = Array(repeating: Slot(holder: nil, meta: 0), count: 8)
    mask = 7
  }

  /// The slots the table has (for the benchmark's memory figures and the tests).
  var capacity: Int { slots.count }

  /// The high byte of a taken slot's meta: the hash's top seven bits (the home slot comes from
  /// its low bits), with the high bit set so that a taken slot's meta is never 0.
  @inline(__always)
  private static func tag(_ hash: Int) -> UInt16 {
    (UInt16(truncatingIfNeeded: UInt(bitPattern: hash) >> 57) | 0x80) << 8
  }

  @inline(__always)
  private static func pointer(_ alert: AlertHandle) -> UnsafeRawPointer {
    UnsafeRawPointer(Unmanaged.passUnretained(alert).toOpaque())
  }

  @inline(__always)
  private static func alert(_ pointer: UnsafeRawPointer?) -> AlertHandle {
    Unmanaged<AlertHandle>.fromOpaque(pointer!).takeUnretainedValue()
  }

  /// The slot of the alert that holds `id`, or the empty slot where one would go.
  private func probe(_ id: AlertID) -> (slot: Int, found: Bool) {
    let tag = HolderTable.tag(id.textHash)
    var slot = id.textHash & mask
    while true {
      let taken = slots[slot].meta
      if taken == 0 { return (slot, false) }
      if taken & 0xFF00 == tag, HolderTable.alert(slots[slot].holder).id == id {
        return (slot, true)
      }
      slot = (slot + 1) & mask
    }
  }

  /// The alert that holds `id`, if any.
  func holder(of id: AlertID) -> AlertHandle? {
    let (slot, found) = probe(id)
    return found ? HolderTable.alert(slots[slot].holder) : nil
  }

  /// Whether an alert holds `id`.
  func isHeld(_ id: AlertID) -> Bool { probe(id).found }

  /// Makes `alert` the holder of its id unless another alert holds it: returns that alert
  /// (and changes nothing), or `nil` once `alert` holds the id.
  mutating func insertUnlessHeld(_ alert: AlertHandle) -> AlertHandle? {
    let id = alert.id
    let (slot, found) = probeMakingRoom(id)
    if found { return HolderTable.alert(slots[slot].holder) }
    place(alert, hash: id.textHash, at: slot)
    return nil
  }

  /// Makes `alert` the holder of its id, in place of the alert that held it, if any.
  mutating func setHolder(_ alert: AlertHandle) {
    let id = alert.id
    let (slot, found) = probeMakingRoom(id)
    if found {
      slots[slot].holder = HolderTable.pointer(alert)
    } else {
      place(alert, hash: id.textHash, at: slot)
    }
  }

  /// ``probe(_:)``, after growing the table if one more id would fill it past three quarters,
  /// so that the empty slot it may return is where the id goes.
  private mutating func probeMakingRoom(_ id: AlertID) -> (slot: Int, found: Bool) {
    if (count + 1) * 4 > slots.count * 3 { grow() }
    return probe(id)
  }

  /// Takes `id` from the alert that holds it, if any.
  mutating func removeHolder(of id: AlertID) {
    let (slot, found) = probe(id)
    if found { remove(at: slot) }
  }

  /// Takes `alert` out if it holds its id, and returns whether it did. The slots are matched
  /// by tag and then by identity: no alert is read but `alert`.
  mutating func remove(_ alert: AlertHandle) -> Bool {
    let hash = alert.id.textHash
    let tag = HolderTable.tag(hash)
    let target = HolderTable.pointer(alert)
    var slot = hash & mask
    while true {
      let taken = slots[slot].meta
      if taken == 0 { return false }
      if taken & 0xFF00 == tag && slots[slot].holder == target {
        remove(at: slot)
        return true
      }
      slot = (slot + 1) & mask
    }
  }

  /// The alerts held, in no particular order (for the invariant checks and the tests).
  var alerts: [AlertHandle] {
    slots.indices.compactMap { slots[$0].meta == 0 ? nil : HolderTable.alert(slots[$0].holder) }
  }

  /// Whether every alert held is among `alerts`, checked by address before any alert is read
  /// through the table (the invariant checker: the table holds its alerts unretained).
  func holdsOnly(_ alerts: [AlertHandle]) -> Bool {
    let known = Set(alerts.map(HolderTable.pointer))
    return slots.indices.allSatisfy { slots[$0].meta == 0 || known.contains(slots[$0].holder!) }
  }

  /// Writes `alert` into the empty slot `slot`, found by probing from `hash`'s home slot.
  private mutating func place(_ alert: AlertHandle, hash: Int, at slot: Int) {
    let distance = min((slot - hash) & mask, 255)
    slots[slot].meta = HolderTable.tag(hash) | UInt16(distance)
    slots[slot].holder = HolderTable.pointer(alert)
    count += 1
  }

  /// Empties `slot` and moves back each slot after it, up to the next empty one, that may move
  /// (its home lies cyclically at or before the hole), so that every id stays reachable from
  /// its home slot.
  private mutating func remove(at slot: Int) {
    count -= 1
    var hole = slot
    var next = (slot + 1) & mask
    while true {
      let taken = slots[next].meta
      if taken == 0 { break }
      var distance = Int(taken & 0xFF)
      if distance == 255 {
        // Saturated: the real distance comes from the alert's hash.
        distance = (next - HolderTable.alert(slots[next].holder).id.textHash) & mask
      }
      let gap = (next - hole) & mask
      if distance >= gap {
        slots[hole].meta = (taken & 0xFF00) | UInt16(min(distance - gap, 255))
        slots[hole].holder = slots[next].holder
        hole = next
      }
      next = (next + 1) & mask
    }
    slots[hole].meta = 0
    slots[hole].holder = nil
  }

  /// Doubles the slots. Each id's hash is read from its alert: growing is rare (the table
  /// keeps its size), and the alerts are read once each.
  private mutating func grow() {
    let old = slots
    let capacity = slots.count * 2
    slots = Array(repeating: Slot(holder: nil, meta: 0), count: capacity)
    mask = capacity - 1
    count = 0
    for index in old.indices where old[index].meta != 0 {
      let alert = HolderTable.alert(old[index].holder)
      let hash = alert.id.textHash
      var slot = hash & mask
      while slots[slot].meta != 0 { slot = (slot + 1) & mask }
      place(alert, hash: hash, at: slot)
    }
  }
}
