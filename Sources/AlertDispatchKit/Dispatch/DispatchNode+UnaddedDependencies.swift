/// Which dependencies hold an alert back (``AlertRequest/dependencies``), including those not
/// added yet for a request that waits for them (``AlertRequest/waitsForUnadded``): the one place
/// the add, the re-indexing of a domain and the invariant checks read it from.
extension DispatchNode {
  /// Whether `dependency` holds `alert` back, in the domain of this root: an unfinished alert
  /// has the id, or the alert still waits for ids not added yet and no alert of the domain ended
  /// with this one. An alert never waits for its own id.
  func holds(_ alert: AlertHandle, dependency: AlertID) -> Bool {
    guard dependency != alert.id else { return false }
    if domain.alert(withID: dependency) != nil { return true }
    return alert.awaitsUnadded && !domainRemembersEnd(of: dependency)
  }

  /// Whether an alert of a dispatch of this root's domain ended with `id`.
  func domainRemembersEnd(of id: AlertID) -> Bool {
    var stack: [DispatchNode] = [self]
    while let node = stack.popLast() {
      if node.endedIDs.contains(id) { return true }
      stack.append(contentsOf: node.children)
    }
    return false
  }

  /// Records that `alert`, of this dispatch, ended, and lets go of the alerts that waited for
  /// its id to be added while no unfinished alert has it any more.
  func rememberEnd(of alert: AlertHandle) {
    if !AlertIDNumbering.isGenerated(alert.id) { endedIDs.insert(alert.id) }
    let domain = root.domain
    guard domain.alert(withID: alert.id) == nil else { return }
    for waiter in domain.waiters(for: alert.id) where waiter.awaitsUnadded && !waiter.hasGoneUp {
      waiter.unblock(from: alert.id)
      waiter.updateQueueMembership()
    }
  }

  /// The readiness deadline of `alert`, of this dispatch, passed: it stops waiting for the ids
  /// that are still not added, and competes as usual.
  func stopAwaitingUnadded(_ alert: AlertHandle) {
    guard alert.stopAwaitingUnaddedIDs() else { return }
    guard !alert.hasGoneUp, !alert.state.isEnded else { return }
    let root = root
    for dependency in alert.request.dependencies
    where !root.holds(alert, dependency: dependency) {
      alert.unblock(from: dependency)
    }
    updateQueueMembership(alert)
    Engine.shared.markDirty(root)
  }
}
