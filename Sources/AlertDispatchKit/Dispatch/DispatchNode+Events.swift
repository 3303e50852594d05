extension DispatchNode {
  var now: AlertInstant { root.clock.now }

  /// Asks the root for a pass.
  func requestPass() {
    Engine.shared.markDirty(root)
  }

  /// Asks the root for a pass in which alerts a presenter refused are retried at once, without
  /// waiting out their backoff: a host may exist now (an appear, a switch of active child,
  /// ``setNeedsArbitration()``).
  func requestPassRetryingRefused() {
    let root = root
    root.domain.retryRefusedNow()
    Engine.shared.markDirty(root)
  }

  /// Delivers an event to the observers of this dispatch and of every ancestor; a diagnostic
  /// also goes to the root's diagnostic handler (``AlertDispatch/settings``). Nothing is built when nobody listens.
  func emit(_ kind: AlertEvent.Kind, alert: AlertHandle? = nil) {
    let isDiagnostic = if case .diagnostic = kind { true } else { false }
    guard isDiagnostic || hasObservers else { return }
    deliver(kind, alert: alert, toHandler: isDiagnostic)
  }

  /// Delivers an event to the observers of this dispatch and of every ancestor only: a
  /// diagnostic the diagnostic handler has received already.
  func notifyObservers(_ kind: AlertEvent.Kind) {
    guard hasObservers else { return }
    deliver(kind, alert: nil, toHandler: false)
  }

  /// Sends the event to the observers of this dispatch and of those above it, and a diagnostic
  /// to the diagnostic handler when `toHandler`.
  private func deliver(_ kind: AlertEvent.Kind, alert: AlertHandle?, toHandler: Bool) {
    let event = AlertEvent(
      time: now, kind: kind, alertID: alert?.id, lane: alert?.request.lane.name, dispatch: name)
    Engine.shared.carryOut(.notify(event, from: self, toHandler: toHandler), for: self)
  }

  /// Whether this dispatch or an ancestor has an observer.
  private var hasObservers: Bool {
    var node: DispatchNode? = self
    while let current = node {
      if !current.observers.isEmpty { return true }
      node = current.parent
    }
    return false
  }

  /// At a root, after one of its domain's alerts ended: tells the root's observers when no
  /// unfinished alert is left in any dispatch of the domain (``AlertEvent/Kind/drained``).
  func emitDrainedIfEmpty() {
    guard !observers.isEmpty else { return }
    var stack: [DispatchNode] = [self]
    while let node = stack.popLast() {
      if !node.alerts.isEmpty { return }
      stack.append(contentsOf: node.children)
    }
    emit(.drained)
  }

  func diagnose(_ message: String, alert: AlertHandle? = nil) {
    emit(.diagnostic(message), alert: alert)
  }
}
