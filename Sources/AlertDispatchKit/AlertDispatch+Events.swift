extension AlertDispatch {
  var now: AlertInstant { root.clock.now }

  func requestPass() {
    Engine.shared.markDirty(root)
  }

  /// Delivers an event to the observers of this dispatch and of every ancestor.
  func emit(_ kind: AlertEvent.Kind, alert: AlertHandle? = nil) {
    let event = AlertEvent(
      time: now, kind: kind, alertID: alert?.id, lane: alert?.request.lane.name, dispatch: name)
    var node: AlertDispatch? = self
    var delivered = false
    while let current = node {
      for (_, observer) in current.observers {
        observer(event)
        delivered = true
      }
      node = current.parent
    }
    if case .diagnostic = kind {
      _ = delivered
      AlertDispatch.diagnosticHandler(event)
    }
  }

  func diagnose(_ message: String, alert: AlertHandle? = nil) {
    emit(.diagnostic(message), alert: alert)
  }
}
