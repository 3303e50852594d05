/// The root's index of everything unfinished in its domain: alerts by id, who waits on which id,
/// which alerts are visible in each lane, and each lane's settings.
///
/// A domain is rebuilt from the tree when the tree changes shape (rare); events update it
/// incrementally.
@MainActor
final class Domain {
  struct LaneState {
    var lane: AlertLane
    var lastEnd: AlertInstant?
    /// The lane's visible alerts, first up first.
    var visible: [AlertHandle] = []
  }

  // Unchecked for exclusivity at run time: see the note on `Engine.actions`.
  @exclusivity(unchecked)
  var byID: [AlertID: AlertHandle] = [:]
  @exclusivity(unchecked)
  var dependents: [AlertID: [AlertHandle]] = [:]
  /// Every lane the domain has seen, in the order first seen. A domain has a few lanes: finding
  /// one by a linear search over interned keys costs less than hashing its name.
  @exclusivity(unchecked)
  var lanes: [LaneState] = []
  var wakeTimer: (any AlertTimer)?
  var wakeAt: AlertInstant?
  /// Storage the passes reuse (empty between passes), so that a pass allocates nothing.
  @exclusivity(unchecked)
  var linkBuffer: [ActiveChain.Link] = []
  @exclusivity(unchecked)
  var cursorBuffer: [LaneQueue.Cursor] = []
  /// Alerts waiting for a presenter retry.
  @exclusivity(unchecked)
  var refused: [ObjectIdentifier: AlertHandle] = [:]

  /// Lets refused alerts retry at the next pass instead of waiting for their backoff.
  func retryRefusedNow() {
    for alert in refused.values { alert.retryAt = nil }
    refused = [:]
  }

  /// The index of `lane` in ``lanes``.
  func index(of lane: LaneKey) -> Int? {
    for index in lanes.indices where lanes[index].lane.key == lane { return index }
    return nil
  }

  /// The visible alerts of a lane, first up first.
  func visible(in lane: LaneKey) -> [AlertHandle] {
    index(of: lane).map { lanes[$0].visible } ?? []
  }

  func registerLane(_ lane: AlertLane) -> String? {
    if let known = index(of: lane.key).map({ lanes[$0].lane }) {
      guard known == lane else {
        return
          "lane '\(lane.name)' is capacity \(known.capacity), gap \(AlertInstant.format(known.minimumGap)) in this domain; this request says capacity \(lane.capacity), gap \(AlertInstant.format(lane.minimumGap))"
      }
      return nil
    }
    lanes.append(LaneState(lane: lane))
    return nil
  }

  func addVisible(_ alert: AlertHandle) {
    guard let index = index(of: alert.laneKey) else { return }
    lanes[index].visible.append(alert)
  }

  func removeVisible(_ alert: AlertHandle) {
    guard let lane = index(of: alert.laneKey),
      let index = lanes[lane].visible.firstIndex(where: { $0 === alert })
    else { return }
    lanes[lane].visible.remove(at: index)
  }

  func reset() {
    byID = [:]
    dependents = [:]
    for index in lanes.indices { lanes[index].visible = [] }
    refused = [:]
    wakeTimer?.cancel()
    wakeTimer = nil
    wakeAt = nil
  }
}
