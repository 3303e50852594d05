/// The root's index of everything unfinished in its domain: alerts by id, who waits on which id,
/// which alerts are visible in each lane, and each lane's settings.
///
/// A domain is rebuilt from the tree when the tree changes shape (rare); events update it
/// incrementally.
@MainActor
final class Domain {
  struct LaneState {
    let lane: AlertLane
    /// When the lane's last visible alert ended; kept only for a lane with a minimum gap.
    var lastEnd: AlertInstant?
    /// The lane's visible alerts, first up first.
    var visible: [AlertHandle] = []
    /// For a lane with a waiting limit: the alerts that waited to go up for the first time when
    /// they were recorded, first added first; those that went up or ended since are dropped at
    /// the next pass.
    var waiting: [AlertHandle] = []

    /// Whether the lane has a minimum gap to keep after an alert ends.
    var hasGap: Bool { lane.minimumGap > .zero }
  }

  /// The unfinished alert that holds each id.
  var holders: [AlertID: AlertHandle] = [:]
  /// The alerts that wait for each id some alert waits for (held or not), in the order they
  /// started waiting.
  var waiting: [AlertID: [AlertHandle]] = [:]
  /// Every lane the domain has seen, in the order first seen.
  private(set) var lanes: [LaneState] = []
  var wakeTimer: (any AlertTimer)?
  var wakeAt: AlertInstant?
  /// Unfinished alerts that have an id another unfinished alert holds, oldest first: two
  /// domains that join may each have one (Decisions.md, "Joining domains"). When the holder
  /// ends, the oldest takes the id over. Empty unless a join made such a pair.
  var sharers: [AlertID: [AlertHandle]] = [:]
  /// Alerts waiting for a presenter retry.
  var refused: [ObjectIdentifier: AlertHandle] = [:]
  /// The unfinished alerts that go up now or end (``AlertRequest/showNowOrDrop``) and have not
  /// gone up, first added first: each pass's snapshot names the ready ones. Changed by a new
  /// array being assigned (it is short), so that Swift proves the passes' reads exclusive at
  /// compile time.
  private(set) var showNow: [AlertHandle] = []

  /// Adds `alert` to ``showNow``.
  func noteShowNow(_ alert: AlertHandle) {
    showNow = showNow + [alert]
  }

  /// Takes `alert` off ``showNow``: it went up or ended.
  func forgetShowNow(_ alert: AlertHandle) {
    guard showNow.contains(where: { $0 === alert }) else { return }
    showNow = showNow.filter { $0 !== alert }
  }

  /// Lets refused alerts retry at the next pass instead of waiting for their backoff.
  func retryRefusedNow() {
    for alert in refused.values { alert.move("retryNow") { $0.retryNow() } }
    refused = [:]
  }

  /// The index of `lane` in ``lanes``.
  func index(of lane: LaneKey) -> Int? {
    lanes.firstIndex { $0.lane.key == lane }
  }

  /// The index of the lane of `alert` in ``lanes``, which learn the lane if they do not know
  /// it yet.
  private func laneIndex(of alert: AlertHandle) -> Int {
    if let index = index(of: alert.laneKey) { return index }
    lanes.append(LaneState(lane: alert.request.lane))
    return lanes.count - 1
  }

  /// Registers the lane of `alert` with the domain; returns why the request cannot use it (the
  /// domain knows the lane's name with other settings), or `nil`.
  func registerLane(of alert: AlertHandle) -> String? {
    let lane = alert.request.lane
    guard let index = index(of: lane.key) else {
      lanes.append(LaneState(lane: lane))
      return nil
    }
    let known = lanes[index].lane
    guard known.capacity == lane.capacity && known.minimumGap == lane.minimumGap,
      known.order == lane.order, known.maximumWaiting == lane.maximumWaiting,
      known.maximumWaiting == nil || known.overflow == lane.overflow
    else {
      let sides = Domain.settings(of: known, lane)
      return "lane '\(lane.name)' is \(sides.0) in this domain; this request says \(sides.1)"
    }
    return nil
  }

  /// Two lanes' settings in words, for a request whose lane disagrees with the domain's; the
  /// order and the waiting limit are named when they are among the disagreements.
  private static func settings(of known: AlertLane, _ lane: AlertLane) -> (String, String) {
    let showingOrder = known.order != lane.order
    let showingLimit =
      known.maximumWaiting != lane.maximumWaiting || known.overflow != lane.overflow
    func words(_ lane: AlertLane) -> String {
      var text = "capacity \(lane.capacity), gap \(AlertInstant.format(lane.minimumGap))"
      if showingOrder { text += ", order \(lane.order)" }
      if showingLimit {
        text +=
          lane.maximumWaiting.map { ", at most \($0) waiting, \(lane.overflow)" }
          ?? ", no waiting limit"
      }
      return text
    }
    return (words(known), words(lane))
  }

  /// Records that `alert` waits to go up for the first time in a lane with a waiting limit
  /// (see ``LaneState/waiting``).
  func noteWaiting(_ alert: AlertHandle) {
    let index = laneIndex(of: alert)
    guard lanes[index].lane.maximumWaiting != nil else { return }
    lanes[index].waiting.append(alert)
  }

  /// Drops from each lane's ``LaneState/waiting`` the alerts that went up or ended since they
  /// were recorded.
  func forgetNotWaiting() {
    for index in lanes.indices where !lanes[index].waiting.isEmpty {
      let kept = lanes[index].waiting.filter { !$0.hasGoneUp && !$0.state.isEnded }
      // The old list is let go of after the lanes have changed: it may hold the last reference
      // to an alert that ended, whose release may run app code.
      let old = lanes[index].waiting
      lanes[index].waiting = kept
      withExtendedLifetime(old) {}
    }
  }

  func addVisible(_ alert: AlertHandle) {
    lanes[laneIndex(of: alert)].visible.append(alert)
  }

  /// Takes `alert`, which the caller holds, out of its lane's visible alerts.
  func removeVisible(_ alert: AlertHandle) {
    lanes[laneIndex(of: alert)].visible.removeAll { $0 === alert }
  }

  /// Notes that `alert`, visible, ended at `now`, for its lane's gap.
  func noteEnd(of alert: AlertHandle, at now: AlertInstant) {
    let index = laneIndex(of: alert)
    guard lanes[index].hasGap else { return }
    lanes[index].lastEnd = now
  }

  /// The unfinished alert with this id.
  func alert(withID id: AlertID) -> AlertHandle? { holders[id] }

  /// The unfinished alerts with this id: the one that holds it, then those that share it
  /// after a join, oldest first.
  func unfinishedAlerts(withID id: AlertID) -> [AlertHandle] {
    guard let holder = holders[id] else { return [] }
    return [holder] + (sharers[id] ?? [])
  }

  /// The unfinished alert with this id that a newcomer with the id duplicates: the oldest that
  /// is not leaving the screen (being dismissed), or `nil` when every one is leaving.
  func staying(withID id: AlertID) -> AlertHandle? {
    unfinishedAlerts(withID: id).first { $0.state != .dismissing }
  }

  /// The alerts that wait for `id`, in the order they started waiting.
  func waiters(for id: AlertID) -> [AlertHandle] { waiting[id] ?? [] }

  /// Gives `id` to `alert` (or to nobody). `alert`, if any, has that id.
  func setAlert(_ alert: AlertHandle?, for id: AlertID) { holders[id] = alert }

  /// Gives `alert` its id unless an unfinished alert has it: returns that alert (and gives the
  /// id to nobody), or `nil`; and the alerts that wait for the id either way.
  func claimUnlessTaken(_ alert: AlertHandle) -> (existing: AlertHandle?, waiters: [AlertHandle]) {
    // One look-up in the common case: the id is free.
    let existing = holders.updateValue(alert, forKey: alert.id)
    if let existing { holders[alert.id] = existing }
    return (existing, waiters(for: alert.id))
  }

  /// Gives `alert` its id and returns the alerts that wait for that id.
  func claim(_ alert: AlertHandle) -> [AlertHandle] {
    holders[alert.id] = alert
    return waiters(for: alert.id)
  }

  /// Records that `alert`, unfinished, has an id that another unfinished alert holds (after a
  /// join).
  func addSharer(_ alert: AlertHandle) {
    sharers[alert.id, default: []].append(alert)
  }

  /// Gives `id` back to the oldest alert that shares it after a join and is not leaving the
  /// screen, when a newcomer that replaced another one took it: lookups find the oldest, and
  /// the newcomer shares the id.
  func returnToOldestSharer(_ id: AlertID) {
    guard let holder = holders[id], var list = sharers[id],
      let position = list.firstIndex(where: { $0.state != .dismissing }),
      list[position].seq < holder.seq
    else { return }
    holders[id] = list.remove(at: position)
    list.insert(holder, at: list.firstIndex { $0.seq > holder.seq } ?? list.endIndex)
    sharers[id] = list
  }

  /// Takes the id back from `alert`, if it still has it, and returns the alerts that waited for
  /// it; `nil` when the id belongs to another alert (one that replaced it, or one it shared
  /// the id with after a join, which now takes it over) or to none.
  func release(_ alert: AlertHandle) -> [AlertHandle]? {
    if var list = sharers[alert.id] {
      if let position = list.firstIndex(where: { $0 === alert }) {
        list.remove(at: position)
        sharers[alert.id] = list.isEmpty ? nil : list
        return nil
      }
      if holders[alert.id] === alert {
        // The oldest sharer takes the id over.
        holders[alert.id] = list.removeFirst()
        sharers[alert.id] = list.isEmpty ? nil : list
        return nil
      }
    }
    guard let index = holders.index(forKey: alert.id), holders.values[index] === alert else {
      return nil
    }
    holders.remove(at: index)
    return waiters(for: alert.id)
  }

  /// Records that `waiter` waits for `id`.
  func addWaiter(_ waiter: AlertHandle, for id: AlertID) {
    waiting[id, default: []].append(waiter)
  }

  /// Forgets that `waiter` waits for `id`.
  func removeWaiter(_ waiter: AlertHandle, for id: AlertID) {
    guard var list = waiting[id], let position = list.firstIndex(where: { $0 === waiter }) else {
      return
    }
    list.remove(at: position)
    waiting[id] = list.isEmpty ? nil : list
  }

  /// For the invariant checks: whether every alert the lists of waiters name is among `alerts`.
  func waitersAreAmong(_ alerts: [AlertHandle]) -> Bool {
    let known = Set(alerts.map(ObjectIdentifier.init))
    return waiting.values.allSatisfy { $0.allSatisfy { known.contains(ObjectIdentifier($0)) } }
  }

  /// Forgets everything indexed (the tree changed shape, or the root was released).
  func reset() {
    holders = [:]
    waiting = [:]
    sharers = [:]
    lanes = lanes.map { LaneState(lane: $0.lane, lastEnd: $0.lastEnd) }
    refused = [:]
    showNow = []
    Engine.shared.cancel(wakeTimer)
    wakeTimer = nil
    wakeAt = nil
  }
}
