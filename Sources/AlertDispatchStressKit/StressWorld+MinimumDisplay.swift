import AlertDispatchKit

extension StressWorld {
  /// An alert with a minimum display time, and how long it has been up, from its events.
  final class MinimumCount {
    let name: String
    let handle: AlertHandle
    let minimum: Duration
    var upTime = Duration.zero
    /// When it last went up or came back; `nil` while it is not up.
    var upSince: AlertInstant?
    /// Whether its take-down has been checked.
    var judged = false

    init(name: String, handle: AlertHandle, minimum: Duration) {
      self.name = name
      self.handle = handle
      self.minimum = minimum
    }

    /// Its time up by `now`.
    func up(at now: AlertInstant) -> Duration { upTime + (upSince.map { now - $0 } ?? .zero) }
  }

  /// A suspension of an alert on the chain inside its minimum display time: a violation if an
  /// alert of its lane goes up over it in the same pass (a preemption took it down).
  struct SuspectedTakeDown {
    let count: MinimumCount
    let lane: String?
    let root: ObjectIdentifier
    let time: AlertInstant
    let upTime: Duration
  }

  /// Counts the time up of `alert`, added as `name`, if it has a minimum display time.
  func countMinimumDisplay(of name: String, _ alert: AlertHandle) {
    guard let minimum = alert.request.timing.minimumDisplay, minimum > .zero,
      !alert.state.isEnded
    else { return }
    let count = MinimumCount(name: name, handle: alert, minimum: minimum)
    // The pass that ran before `add` returned may have put it up already.
    if alert.state.isVisible { count.upSince = sim.clock.now }
    minimumCounts[alert.id, default: []].append(count)
  }

  /// Watches the events of `dispatch` while it is a root for the alerts with a minimum display
  /// time: the framework takes none down before it has been up that long, counting only the time
  /// up. A take-down is a preemption (one that cancels, or one that hides it and puts an alert of
  /// its lane up in the same pass), a cancel or close by the app, a batch cancel or an
  /// auto-dismiss; the user's or presenter's dismissal, closing the dispatch, replacing the
  /// alert and a screen that leaves the chain are not held.
  func observeMinimumDisplay(of dispatch: AlertDispatch) {
    dispatch.observe { [weak self, weak dispatch] event in
      guard let self, let dispatch, dispatch.parent == nil, let id = event.alertID else { return }
      let root = ObjectIdentifier(dispatch)
      if !suspects.isEmpty { checkSuspects(event, id, root) }
      guard let counts = minimumCounts[id] else { return }
      switch event.kind {
      case .shown, .restored:
        let count = counts.first { $0.upSince == nil && $0.handle.state.isVisible }
        count?.upSince = event.time
      case .suspended:
        guard
          let count = counts.first(where: { $0.upSince != nil && $0.handle.state == .suspended })
        else { return }
        count.upTime = count.up(at: event.time)
        count.upSince = nil
        guard count.upTime < count.minimum else { return }
        switch dispatch.explain(id) {
        case .offstage, .ownerHidden: return
        default: break
        }
        suspects.append(
          SuspectedTakeDown(
            count: count, lane: event.lane, root: root, time: event.time, upTime: count.upTime))
      case .dismissing(let outcome):
        guard let count = counts.first(where: { !$0.judged && $0.handle.state == .dismissing })
        else { return }
        count.judged = true
        switch outcome {
        case .cancelled(.ownerLeft), .cancelled(.ownerClosed), .cancelled(.replaced): return
        default: break
        }
        minimumChecked += 1
        let up = count.up(at: event.time)
        if up < count.minimum {
          report(
            .policy,
            "alert \(count.name) was taken down as \(outcome) after \(AlertInstant.format(up)) up, inside its minimum display time of \(AlertInstant.format(count.minimum))"
          )
        }
      case .ended:
        minimumCounts[id]?.removeAll { $0.handle.state.isEnded }
        if minimumCounts[id]?.isEmpty == true { minimumCounts[id] = nil }
      default: break
      }
    }
  }

  /// Reports the suspensions of this pass inside a minimum display time that an alert going up
  /// in the same lane now shows were preemptions; forgets those of earlier passes.
  private func checkSuspects(_ event: AlertEvent, _ id: AlertID, _ root: ObjectIdentifier) {
    suspects.removeAll { $0.time != event.time }
    guard event.kind == .shown || event.kind == .restored else { return }
    for suspect in suspects
    where suspect.lane == event.lane && suspect.root == root && suspect.count.handle.id != id {
      report(
        .policy,
        "alert \(suspect.count.name) was hidden for \(id) after \(AlertInstant.format(suspect.upTime)) up, inside its minimum display time of \(AlertInstant.format(suspect.count.minimum))"
      )
    }
    suspects.removeAll { $0.lane == event.lane && $0.root == root }
  }

  /// Whether `alert` has been up for less than its minimum display time.
  func isInsideMinimumDisplay(_ alert: AlertHandle) -> Bool {
    guard let count = minimumCounts[alert.id]?.first(where: { $0.handle === alert }) else {
      return false
    }
    return count.up(at: sim.clock.now) < count.minimum
  }
}
