/// The root's index of everything unfinished in its domain: alerts by id, who waits on which id,
/// which alerts are visible in each lane, and each lane's settings.
///
/// A domain is rebuilt from the tree when the tree changes shape (rare); events update it
/// incrementally.
@MainActor
final class Domain {
  struct LaneState {
    let lane: AlertLane
    /// Whether the lane has a minimum gap, read before the gap itself at every plan: most lanes
    /// have none, and comparing durations calls into the standard library.
    let hasGap: Bool
    /// When the lane's last visible alert ended; kept only for a lane with a minimum gap.
    var lastEnd: AlertInstant?
    /// The lane's visible alerts, first up first.
    var visible = AlertList()

    init(lane: AlertLane) {
      self.lane = lane
      hasGap = lane.minimumGap > .zero
    }
  }

  // Unchecked for exclusivity at run time: see the note on `Engine.actions`.
  /// The unfinished alert that holds each id.
  @exclusivity(unchecked)
  var holders = HolderTable()
  /// The alerts that wait for each id, for the ids some alert waits for (held or not): empty,
  /// and never probed, in a domain whose alerts have no dependencies.
  @exclusivity(unchecked)
  var waiting = IDTable(empty: WaiterList())
  /// Every lane the domain has seen, in the order first seen. A domain has a few lanes: finding
  /// one by a linear search over interned keys costs less than hashing its name.
  @exclusivity(unchecked)
  var lanes: [LaneState] = []
  var wakeTimer: (any AlertTimer)?
  var wakeAt: AlertInstant?
  /// Storage the passes reuse, so that a pass allocates nothing: the last pass's chain (see
  /// ``ActiveChain/init(root:reusing:cachedAs:stamp:)``), and empty buffers.
  @exclusivity(unchecked)
  var linkBuffer: [ActiveChain.Link] = []
  /// What ``linkBuffer`` was built from, when it can be reused as it is: no provider was asked.
  @exclusivity(unchecked)
  var chainKey: ActiveChain.Key?
  /// The stamp of the chain in ``linkBuffer`` (0 for none): a dispatch whose
  /// ``DispatchNode/chainStamp`` is the same is a link of it, at its
  /// ``DispatchNode/chainIndex``. Unlike the links themselves, this holds while ``chainKey``
  /// says the chain is current.
  @exclusivity(unchecked)
  var chainStamp: UInt64 = 0
  /// Unfinished alerts that have an id another unfinished alert holds, oldest first: two
  /// domains that join may each have one (Decisions.md, "Joining domains"). When the holder
  /// ends, the oldest takes the id over. Empty unless a join made such a pair.
  @exclusivity(unchecked)
  var sharers: [AlertID: [AlertHandle]] = [:]
  /// Alerts waiting for a presenter retry.
  @exclusivity(unchecked)
  var refused: [ObjectIdentifier: AlertHandle] = [:]

  /// Lets refused alerts retry at the next pass instead of waiting for their backoff.
  func retryRefusedNow() {
    // Most appears find none: emptying an empty table would still make a new one.
    guard !refused.isEmpty else { return }
    for alert in refused.values { alert.retryAt = nil }
    refused = [:]
  }

  /// The instant before which nothing new may go up in the lane at `index` because of its
  /// minimum gap, read field by field: a copy of the lane's state would retain its name and its
  /// visible alerts.
  func gapUntil(laneAt index: Int, now: AlertInstant) -> AlertInstant? {
    guard lanes[index].hasGap, let last = lanes[index].lastEnd else { return nil }
    let until = last + lanes[index].lane.minimumGap
    return until > now ? until : nil
  }

  /// The index of `lane` in ``lanes``.
  func index(of lane: LaneKey) -> Int? {
    for index in lanes.indices where lanes[index].lane.key == lane { return index }
    return nil
  }

  /// The visible alerts of a lane, first up first.
  func visible(in lane: LaneKey) -> [AlertHandle] {
    guard let index = index(of: lane) else { return [] }
    return Array(lanes[index].visible)
  }

  func registerLane(_ lane: AlertLane) -> String? {
    if let index = index(of: lane.key) {
      // Most requests name the lane the domain knows, as the same constant.
      if lanes[index].lane.isIdentical(to: lane) { return nil }
      let known = lanes[index].lane
      // Equal keys mean equal names: only the settings are left to compare.
      guard known.capacity == lane.capacity && known.minimumGap == lane.minimumGap else {
        return
          "lane '\(lane.name)' is capacity \(known.capacity), gap \(AlertInstant.format(known.minimumGap)) in this domain; this request says capacity \(lane.capacity), gap \(AlertInstant.format(lane.minimumGap))"
      }
      return nil
    }
    lanes.append(LaneState(lane: lane))
    return nil
  }

  /// The visible alert at `position` of the lane at `index`, not retained (the lane holds it).
  func visibleReference(inLaneAt index: Int, at position: Int) -> Unmanaged<AlertHandle> {
    lanes[index].visible.reference(at: position)
  }

  func addVisible(_ alert: AlertHandle) {
    guard let index = index(of: alert.laneKey) else { return }
    lanes[index].visible.append(alert)
  }

  func removeVisible(_ alert: AlertHandle) {
    guard let lane = index(of: alert.laneKey),
      let index = lanes[lane].visible.position(of: alert)
    else { return }
    lanes[lane].visible.remove(at: index)
  }

  /// The alerts that wait for one id, in the order they started waiting. Most ids have one
  /// waiter or none, so the first is held inline: a dependency allocates no list.
  ///
  /// The alerts are not retained, as in ``AlertList``: a list names only unfinished alerts,
  /// which their dispatches hold, and each alert leaves the lists it waits in when it ends
  /// (`AlertHandle.unindex(from:)`), before its dispatch lets go of it. (When a dispatch moves
  /// to another domain, the domain it left still lists its alerts until that domain is rebuilt,
  /// in the same call; nothing reads the lists meanwhile, as with the table of holders.)
  /// Retained, each dependency cost two atomic operations, and handing the list of an alert
  /// that ended to its waiters two more for each waiter.
  struct WaiterList: Sequence {
    private var first: Unmanaged<AlertHandle>?
    private var rest = AlertList()

    /// No waiter.
    init() {}

    /// One waiter.
    init(_ waiter: AlertHandle) { first = .passUnretained(waiter) }

    var isEmpty: Bool { first == nil }

    mutating func append(_ waiter: AlertHandle) {
      if first == nil { first = .passUnretained(waiter) } else { rest.append(waiter) }
    }

    /// Removes one occurrence of `waiter` (the same object), if it is there.
    mutating func remove(_ waiter: AlertHandle) {
      if first?.toOpaque() == Unmanaged.passUnretained(waiter).toOpaque() {
        guard rest.count > 0 else { return first = nil }
        first = rest.reference(at: 0)
        rest.remove(at: 0)
      } else if let position = rest.position(of: waiter) {
        rest.remove(at: position)
      }
    }

    /// Yields each waiter not retained: call it with `withGuaranteed`.
    struct Iterator: IteratorProtocol {
      fileprivate let list: WaiterList
      fileprivate var index = -1

      mutating func next() -> Unmanaged<AlertHandle>? {
        defer { index += 1 }
        if index < 0 { return list.first }
        return index < list.rest.count ? list.rest.reference(at: index) : nil
      }
    }

    func makeIterator() -> Iterator { Iterator(list: self) }
  }

  /// For the invariant checks: how many waiters the lists of waiters name, or `nil` if one of
  /// them is not among `alerts` (compared by address, before any is read through a list).
  func listedWaiters(within alerts: [AlertHandle]) -> Int? {
    var known = Set<UnsafeMutableRawPointer>()
    for alert in alerts { known.insert(Unmanaged.passUnretained(alert).toOpaque()) }
    var count = 0
    for slot in waiting.slots where slot.key != nil {
      for reference in slot.entry {
        guard known.contains(reference.toOpaque()) else { return nil }
        count += 1
      }
    }
    return count
  }

  /// The unfinished alert with this id.
  func alert(withID id: AlertID) -> AlertHandle? {
    holders.holder(of: id)
  }

  /// The unfinished alerts with this id: the one that holds it, then those that share it
  /// after a join, oldest first.
  func unfinishedAlerts(withID id: AlertID) -> [AlertHandle] {
    guard let holder = alert(withID: id) else { return [] }
    guard !sharers.isEmpty, let others = sharers[id] else { return [holder] }
    return [holder] + others
  }

  /// The alerts that wait for `id`, in the order they started waiting.
  func waiters(for id: AlertID) -> WaiterList {
    // Most domains have no dependencies: their table of waiters is empty.
    guard waiting.count > 0, let slot = waiting.slot(of: id) else { return WaiterList() }
    return waiting.slots[slot].entry
  }

  /// Gives `id` to `alert` (or to nobody). `alert`, if any, has that id.
  func setAlert(_ alert: AlertHandle?, for id: AlertID) {
    if let alert {
      holders.setHolder(alert)
    } else {
      holders.removeHolder(of: id)
    }
  }

  /// Gives `alert` its id unless an unfinished alert has it: returns that alert (and gives the
  /// id to nobody), or `nil`; and the alerts that wait for the id either way. One look-up
  /// serves both the duplicate check and the claim.
  func claimUnlessTaken(_ alert: AlertHandle) -> (existing: AlertHandle?, waiters: WaiterList) {
    let existing = holders.insertUnlessHeld(alert)
    return (existing, waiters(for: alert.id))
  }

  /// Gives `alert` its id and returns the alerts that wait for that id.
  func claim(_ alert: AlertHandle) -> WaiterList {
    holders.setHolder(alert)
    return waiters(for: alert.id)
  }

  /// Records that `alert`, unfinished, has an id that another unfinished alert holds (after a
  /// join).
  func addSharer(_ alert: AlertHandle) {
    sharers[alert.id, default: []].append(alert)
  }

  /// Takes the id back from `alert`, if it still has it, and returns the alerts that waited for
  /// it; `nil` when the id belongs to another alert (one that replaced it, or one it shared
  /// the id with after a join, which now takes it over) or to none.
  ///
  /// The alert is found in ``holders`` by its identity: nothing but that table's slots is
  /// read, and the table of waiters only when some alert waits for some id.
  func release(_ alert: AlertHandle) -> WaiterList? {
    if !sharers.isEmpty, let successor = removeSharer(alert) {
      // A successor comes back only when `alert` held the id: it takes the id's slot over.
      holders.setHolder(successor)
      return nil
    }
    guard holders.remove(alert) else { return nil }
    return waiters(for: alert.id)
  }

  /// Takes `alert` out of the sharers of its id. Returns the sharer that takes the id over when
  /// `alert` holds it (the oldest), and `nil` when `alert` only shared it or none is left.
  private func removeSharer(_ alert: AlertHandle) -> AlertHandle? {
    guard var list = sharers[alert.id] else { return nil }
    var successor: AlertHandle?
    if let position = list.position(of: alert) {
      list.remove(at: position)
    } else if self.alert(withID: alert.id) === alert {
      successor = list.removeFirst()
    }
    sharers[alert.id] = list.isEmpty ? nil : list
    return successor
  }

  /// Records that `waiter` waits for `id`; returns whether an unfinished alert has that id.
  func addWaiter(_ waiter: AlertHandle, for id: AlertID) -> Bool {
    // The first waiter for an id, the common case, is written in with it, so that its new slot
    // is not read back (at 100,000 alerts the read waits for the line the write asked for).
    let (slot, inserted) = waiting.insert(id, entry: WaiterList(waiter))
    if !inserted { waiting.update(slot) { $0.append(waiter) } }
    return holders.isHeld(id)
  }

  /// Forgets that `waiter` waits for `id`.
  func removeWaiter(_ waiter: AlertHandle, for id: AlertID) {
    guard waiting.count > 0, let slot = waiting.slot(of: id) else { return }
    waiting.update(slot) { $0.remove(waiter) }
    if waiting.slots[slot].entry.isEmpty { waiting.remove(at: slot) }
  }

  func reset() {
    holders = HolderTable()
    waiting = IDTable(empty: WaiterList())
    sharers = [:]
    // The last chain names its nodes (unretained): forget them, as the chain key does.
    linkBuffer = []
    chainKey = nil
    chainStamp = 0
    for index in lanes.indices { lanes[index].visible = AlertList() }
    refused = [:]
    wakeTimer?.cancel()
    wakeTimer = nil
    wakeAt = nil
  }
}

extension Array {
  /// Removes every element and keeps the storage: as `removeAll(keepingCapacity: true)`, which
  /// goes through the general `replaceSubrange(_:with:)` and costs about 70 instructions even
  /// for the one or two elements the passes' buffers hold.
  mutating func empty() {
    while !isEmpty { removeLast() }
  }

  // `insert(_:at:)` and `remove(at:)` go through `replaceSubrange(_:with:)` too, about 70
  // instructions even for one element at the end, where `append` and `removeLast` cost a few.

  /// Inserts `element` at `index`, with `append` when `index` is the end.
  ///
  /// Elsewhere the element is appended and then moved into place with one move of the
  /// elements after `index`: through `replaceSubrange`, the insert cost about 80 instructions
  /// for an `Int` and 160 for a lane queue's bucket, more than the move itself for the runs of
  /// at most 64 priorities it serves.
  @inline(__always)
  mutating func insertCheaply(_ element: consuming Element, at index: Int) {
    precondition(index >= 0 && index <= count, "insertCheaply: index out of range")
    append(element)
    guard index < count - 1 else { return }
    withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      let last = buffer.count - 1
      let moved = (base + last).move()
      (base + index + 1).moveInitialize(from: base + index, count: last - index)
      (base + index).initialize(to: moved)
    }
  }

  /// Removes and returns the element at `index`, with `removeLast` when it is the last.
  @discardableResult
  @inline(__always)
  mutating func removeCheaply(at index: Int) -> Element {
    index == count - 1 ? removeLast() : remove(at: index)
  }
}

/// Alerts listed in order without being retained: the list of a lane's visible alerts.
///
/// A domain lists only unfinished alerts, which their dispatches hold (``DispatchNode/alerts``),
/// and takes each out before its dispatch lets go of it, as ``HolderTable`` does; reading an
/// alert from the list gives a strong reference. Retained, each alert going up and coming down
/// cost two atomic operations.
struct AlertList: Sequence {
  private var references: [Unmanaged<AlertHandle>] = []

  var count: Int { references.count }

  /// The alert at `index`, retained for the caller.
  subscript(index: Int) -> AlertHandle { references[index].takeUnretainedValue() }

  /// The alert at `index`, not retained.
  func reference(at index: Int) -> Unmanaged<AlertHandle> { references[index] }

  mutating func append(_ alert: AlertHandle) { references.append(.passUnretained(alert)) }

  /// The index of `alert` (the same object), if listed.
  func position(of alert: AlertHandle) -> Int? {
    let address = Unmanaged.passUnretained(alert).toOpaque()
    for index in references.indices where references[index].toOpaque() == address {
      return index
    }
    return nil
  }

  /// Removes the alert at `index`, keeping the order of the others (a lane shows one alert, or
  /// a few: most often the last goes).
  mutating func remove(at index: Int) { references.removeCheaply(at: index) }

  struct Iterator: IteratorProtocol {
    fileprivate var base: IndexingIterator<[Unmanaged<AlertHandle>]>
    mutating func next() -> AlertHandle? {
      guard let reference = base.next() else { return nil }
      return reference.takeUnretainedValue()
    }
  }

  func makeIterator() -> Iterator { Iterator(base: references.makeIterator()) }
}

extension Array where Element: AnyObject {
  // Loops, not `firstIndex(where:)` or `removeAll(where:)`: a closure made on the main actor
  // and handed to the standard library checks at run time, each time it is called, that it
  // runs on the main actor, which cost more than the search itself on the paths every alert
  // takes.

  /// The index of `alert` (the same object, not an equal one).
  func position(of alert: Element) -> Int? {
    for index in indices where self[index] === alert { return index }
    return nil
  }

  /// Removes `alert` (the same object) wherever it is.
  mutating func removeIdentical(_ alert: Element) {
    var index = 0
    while index < count {
      if self[index] === alert { remove(at: index) } else { index += 1 }
    }
  }
}
