/// The unfinished alerts of a domain by id, one alert per id (the one that holds it): open
/// addressing with linear probing on each id's hash (computed once, when the id was made), and
/// backward-shift deletion, so that no slot is ever a tombstone.
///
/// A slot holds no id, only its alert, unretained, and two bytes beside it: seven bits of the
/// id's hash (the tag; the high bit marks the slot taken) and the slot's distance from the id's
/// home slot. An id is read from its alert only where the tag matches the id looked up, and an
/// alert that ends is found by its identity, compared with the slots' pointers: ending an alert
/// reads 10 bytes a slot of two arrays, and no other alert. Removing one moves the slots after
/// it back by their distances, without reading their alerts either (a distance of 255 or more
/// is read from the alert).
///
/// ``IDTable`` took 48 bytes a slot (the id, the alert and its waiters): at 100,000 alerts, or
/// with the 20,000 offstage alerts of the benchmark's deep tree, an alert that ended waited for
/// its slot to come from memory, while these arrays mostly stay in the processor's cache. The
/// ids that alerts wait for stay in an ``IDTable`` of their own (``Domain/waiting``), which a
/// domain without dependencies never probes.
///
/// The table does not retain its alerts. The domain keeps in it only unfinished alerts that
/// their dispatch holds (``DispatchNode/alerts``), and takes each out (``remove(_:)``) before
/// its dispatch lets go of it; ``Domain/reset()`` drops the whole table.
@MainActor
struct HolderTable {
  /// Per slot: 0 when empty; otherwise the tag in the high byte (its top bit set) and the
  /// distance from the home slot, at most 255, in the low byte.
  private var meta: [UInt16]
  /// Per slot: the alert, unretained (`nil` where the slot is empty).
  private var holders: [UnsafeRawPointer?]
  /// How many ids are held.
  private(set) var count = 0
  private var mask: Int

  /// An empty table.
  init() {
    meta = Array(repeating: 0, count: 8)
    holders = Array(repeating: nil, count: 8)
    mask = 7
  }

  /// The slots the table has (for the benchmark's memory figures and the tests).
  var capacity: Int { meta.count }

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
      let taken = meta[slot]
      if taken == 0 { return (slot, false) }
      if taken & 0xFF00 == tag, HolderTable.alert(holders[slot]).id == id { return (slot, true) }
      slot = (slot + 1) & mask
    }
  }

  /// The alert that holds `id`, if any.
  func holder(of id: AlertID) -> AlertHandle? {
    let (slot, found) = probe(id)
    return found ? HolderTable.alert(holders[slot]) : nil
  }

  /// Whether an alert holds `id`.
  func isHeld(_ id: AlertID) -> Bool { probe(id).found }

  /// Makes `alert` the holder of its id unless another alert holds it: returns that alert
  /// (and changes nothing), or `nil` once `alert` holds the id.
  mutating func insertUnlessHeld(_ alert: AlertHandle) -> AlertHandle? {
    if (count + 1) * 4 > meta.count * 3 { grow() }
    let id = alert.id
    let (slot, found) = probe(id)
    if found { return HolderTable.alert(holders[slot]) }
    place(alert, hash: id.textHash, at: slot)
    return nil
  }

  /// Makes `alert` the holder of its id, in place of the alert that held it, if any.
  mutating func setHolder(_ alert: AlertHandle) {
    let (slot, found) = probe(alert.id)
    if found {
      holders[slot] = HolderTable.pointer(alert)
    } else {
      _ = insertUnlessHeld(alert)
    }
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
      let taken = meta[slot]
      if taken == 0 { return false }
      if taken & 0xFF00 == tag && holders[slot] == target {
        remove(at: slot)
        return true
      }
      slot = (slot + 1) & mask
    }
  }

  /// The alerts held, in no particular order (for the invariant checks and the tests).
  var alerts: [AlertHandle] {
    meta.indices.compactMap { meta[$0] == 0 ? nil : HolderTable.alert(holders[$0]) }
  }

  /// Whether every alert held is among `alerts`, checked by address before any alert is read
  /// through the table (the invariant checker: the table holds its alerts unretained).
  func holdsOnly(_ alerts: [AlertHandle]) -> Bool {
    let known = Set(alerts.map(HolderTable.pointer))
    return meta.indices.allSatisfy { meta[$0] == 0 || known.contains(holders[$0]!) }
  }

  /// Writes `alert` into the empty slot `slot`, found by probing from `hash`'s home slot.
  private mutating func place(_ alert: AlertHandle, hash: Int, at slot: Int) {
    let distance = min((slot - hash) & mask, 255)
    meta[slot] = HolderTable.tag(hash) | UInt16(distance)
    holders[slot] = HolderTable.pointer(alert)
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
      let taken = meta[next]
      if taken == 0 { break }
      var distance = Int(taken & 0xFF)
      if distance == 255 {
        // Saturated: the real distance comes from the alert's hash.
        distance = (next - HolderTable.alert(holders[next]).id.textHash) & mask
      }
      let gap = (next - hole) & mask
      if distance >= gap {
        meta[hole] = (taken & 0xFF00) | UInt16(min(distance - gap, 255))
        holders[hole] = holders[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    meta[hole] = 0
    holders[hole] = nil
  }

  /// Doubles the slots. Each id's hash is read from its alert: growing is rare (the table
  /// keeps its size), and the alerts are read once each.
  private mutating func grow() {
    let oldMeta = meta
    let oldHolders = holders
    let capacity = meta.count * 2
    meta = Array(repeating: 0, count: capacity)
    holders = Array(repeating: nil, count: capacity)
    mask = capacity - 1
    count = 0
    for index in oldMeta.indices where oldMeta[index] != 0 {
      let alert = HolderTable.alert(oldHolders[index])
      let hash = alert.id.textHash
      var slot = hash & mask
      while meta[slot] != 0 { slot = (slot + 1) & mask }
      place(alert, hash: hash, at: slot)
    }
  }
}
