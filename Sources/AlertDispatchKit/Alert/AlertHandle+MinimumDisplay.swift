/// The minimum display time (``AlertTiming/minimumDisplay``): how long the alert has still to be
/// up before the framework may take it down, and the take-downs that wait for it. The time and
/// the waiting take-down are the data of the stages of an alert that is up (``Countdowns``).
extension AlertHandle {
  /// When the alert's minimum display time ends, if it is up and that is after `now`.
  func minimumDisplayEnd(at now: AlertInstant) -> AlertInstant? {
    life.countdowns?.minimumEnd(at: now)
  }

  /// The minimum display time the alert still owes when it goes up or comes back (`nil` for
  /// none): what is left of it for an alert that is up, the request's for one that has not gone
  /// up.
  var minimumDisplayLeft: Duration? {
    (life.countdowns ?? Countdowns(request.timing)).minimum?.remaining
  }

  /// Starts (or resumes) counting the minimum display time: the alert went up or came back.
  func startMinimumDisplay() {
    guard let dispatch = owner else { return }
    let now = dispatch.root.clock.now
    var started = false
    updateCountdowns { started = $0.startMinimum(at: now) }
    if started && life.countdowns?.heldClose != nil { scheduleHeldClose() }
  }

  /// The framework's take-down of an alert that is up, asked for by the app (``cancel()``,
  /// ``close(result:)``, ``AlertDispatch/cancelAlerts(_:includingSubtree:)``) or by its
  /// auto-dismiss: carried out at once, or when its minimum display time ends. A take-down
  /// already waiting keeps its outcome, so the alert ends once.
  func closeAfterMinimumDisplay(_ outcome: AlertOutcome) {
    guard state == .presenting || state == .showing, let dispatch = owner,
      minimumDisplayEnd(at: dispatch.root.clock.now) != nil
    else { return close(with: outcome) }
    guard life.countdowns?.heldClose == nil else { return }
    updateCountdowns { $0.heldClose = outcome }
    scheduleHeldClose()
  }

  /// Carries out a take-down that waits when the minimum display time ends.
  private func scheduleHeldClose() {
    guard life.countdowns?.minimum?.timer == nil, let dispatch = owner else { return }
    let clock = dispatch.root.clock
    guard let end = minimumDisplayEnd(at: clock.now) else { return closeHeld() }
    let timer = Engine.shared.schedule(at: end, on: clock, for: dispatch) { [weak self] in
      guard let self else { return }
      updateCountdowns { $0.heldCloseTimerFired() }
      closeHeld()
    }
    updateCountdowns { $0.setHeldCloseTimer(timer) }
  }

  /// Carries out the take-down that waited, if the alert is still up.
  func closeHeld() {
    guard let outcome = life.countdowns?.heldClose else { return }
    updateCountdowns { $0.heldClose = nil }
    close(with: outcome)
  }
}
