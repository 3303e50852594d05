import AlertDispatchKit

extension StressWorld {
  /// An alert that ends as overflow never went up, and its lane has a waiting limit.
  func checkOverflowEnd(of name: String, _ alert: AlertHandle, _ outcome: AlertOutcome) {
    guard outcome == .cancelled(.overflow) else { return }
    overflowed += 1
    if alert.hasBeenShown { report(.policy, "alert \(name) went up, and ended as overflow") }
    if alert.request.lane.maximumWaiting == nil {
      report(.policy, "alert \(name) ended as overflow in a lane with no waiting limit")
    }
  }

  /// Once the passes have settled, no lane with a waiting limit has more alerts waiting to go up
  /// for the first time than its limit, across its domain, but for those that wait only for the
  /// alerts leaving the lane. (Every lane the tool draws with a limit has one set of settings.)
  func checkWaitingLimits() {
    struct Key: Hashable {
      let root: ObjectIdentifier
      let lane: String
    }
    var waiting: [Key: [String]] = [:]
    var limits: [Key: (limit: Int, root: String)] = [:]
    for entry in open {
      let alert = entry.handle
      guard let limit = alert.request.lane.maximumWaiting, !alert.hasBeenShown,
        alert.state == .queued || alert.state == .pending, let dispatch = alert.dispatch,
        !dispatch.awaitsDeferredPass
      else { continue }
      if dispatch.alert(withID: alert.id) === alert {
        // `explain` names a cap before the lane: a capped alert may be one waiting for alerts
        // leaving its lane, which the limit does not count.
        switch dispatch.explain(alert.id) {
        case .waitingForDismissal, .capped: continue
        default: break
        }
      }
      let root = dispatch.root
      let key = Key(root: ObjectIdentifier(root), lane: alert.request.lane.name)
      waiting[key, default: []].append(entry.name)
      limits[key] = (limit, root.name)
    }
    for (key, names) in waiting {
      guard let (limit, root) = limits[key], names.count > limit else { continue }
      report(
        .policy,
        "lane \(key.lane) of \(root)'s domain lets \(limit) wait, and \(names.count) wait: \(names.joined(separator: ", "))"
      )
    }
  }
}
