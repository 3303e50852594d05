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
  }

  var byID: [AlertID: AlertHandle] = [:]
  var dependents: [AlertID: [AlertHandle]] = [:]
  var visible: [String: [AlertHandle]] = [:]
  var lanes: [String: LaneState] = [:]
  var laneOrder: [String] = []
  var wakeTimer: (any AlertTimer)?
  var wakeAt: AlertInstant?
  /// Alerts waiting for a presenter retry.
  var refused: [ObjectIdentifier: AlertHandle] = [:]

  /// Lets refused alerts retry at the next pass instead of waiting for their backoff.
  func retryRefusedNow() {
    for alert in refused.values { alert.retryAt = nil }
    refused = [:]
  }

  func registerLane(_ lane: AlertLane) -> String? {
    if let known = lanes[lane.name]?.lane {
      guard known == lane else {
        return
          "lane '\(lane.name)' is capacity \(known.capacity), gap \(AlertInstant.format(known.minimumGap)) in this domain; this request says capacity \(lane.capacity), gap \(AlertInstant.format(lane.minimumGap))"
      }
      return nil
    }
    lanes[lane.name] = LaneState(lane: lane)
    laneOrder.append(lane.name)
    return nil
  }

  func addVisible(_ alert: AlertHandle) {
    visible[alert.request.lane.name, default: []].append(alert)
  }

  func removeVisible(_ alert: AlertHandle) {
    let name = alert.request.lane.name
    guard var list = visible[name], let index = list.firstIndex(where: { $0 === alert }) else {
      return
    }
    list.remove(at: index)
    visible[name] = list
  }

  func reset() {
    byID = [:]
    dependents = [:]
    visible = [:]
    refused = [:]
    wakeTimer?.cancel()
    wakeTimer = nil
    wakeAt = nil
  }
}
