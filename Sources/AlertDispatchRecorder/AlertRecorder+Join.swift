import AlertDispatchKit
import AlertDispatchScenarioFormat

extension AlertRecorder {
  /// Declares a dispatch that joins the domain, with its subtree, pauses and alerts as they are,
  /// and returns what to run once it joined.
  ///
  /// When none of its alerts has gone up, the replay adds each of them where it was added on
  /// the device — at its instant, in its place in add order among the domain's alerts — to the
  /// dispatch, which is a domain of its own until it joins, under a pause of the recording's own
  /// that is released once it joined. So its alerts keep their places in line and their delays,
  /// deadlines and expiries run from their adds, and they are first weighed in the domain they
  /// join, as on the device. Those a pause does not hold — show-now alerts, which get one chance,
  /// and those that ignore pauses — are added pending and marked ready once it joined. One that
  /// went up in its former domain goes up again there first, at the join, as the rebuild of a
  /// snapshot does.
  func join(_ dispatch: AlertDispatch, at time: AlertInstant) -> [ScenarioAction] {
    let alerts = AlertRecorder.preorder(dispatch).flatMap(\.unfinishedAlerts)
    let paused = !alerts.isEmpty && !alerts.contains(where: \.hasBeenShown)
    let rebuilt = rebuild(
      subtreeOf: dispatch, parent: nil, checked: false, paused: paused, at: time)
    let readies = rebuilt.readyOnJoin.map { ScenarioAction.ready($0) }
    guard paused else {
      for item in rebuilt.items { append(item, at: time) }
      return readies
    }
    let token = names.recordingToken("joining")
    var tree: [RecordedItem] = [.action(.pause(names.name(dispatch), .all, token: token))]
    var adds: [String: [RecordedItem]] = [:]
    for item in rebuilt.items {
      switch item {
      case .declare: append(item, at: time)
      case .action(.add(let name)): adds[name, default: []].append(item)
      case .action(.ready(let name)) where adds[name] != nil: adds[name, default: []].append(item)
      case .action: tree.append(item)
      // Nothing of a domain that is not the recorded one shows in the transcript.
      default: break
      }
    }
    var from = segments[segments.count - 1].snapshotCount
    for (index, entry) in rebuilt.alerts.sorted(by: { $0.alert.addOrder < $1.alert.addOrder })
      .enumerated()
    {
      var (position, instant) = place(entry.alert, from: from)
      for item in (index == 0 ? tree : []) + (adds[entry.name] ?? []) {
        insert(item, at: position, time: instant)
        position += 1
      }
      from = position
    }
    return [.release(token)] + readies
  }

  /// Where in the current segment an alert added at `addedAt` in another domain goes, from
  /// `start` on: after the events of earlier instants, before the adds that came after it.
  private func place(_ alert: AlertHandle, from start: Int) -> (Int, AlertInstant) {
    let segment = segments[segments.count - 1]
    // Added before the segment began: as early as the segment allows.
    guard alert.addedAt >= segment.start else { return (start, segment.start) }
    var index = start
    while index < segment.events.count {
      let event = segment.events[index]
      if event.time > alert.addedAt { break }
      if case .added(let added) = event.item, added.order > alert.addOrder { break }
      index += 1
    }
    return (index, alert.addedAt)
  }
}
