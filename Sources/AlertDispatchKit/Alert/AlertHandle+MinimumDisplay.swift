/// The minimum display time (``AlertTiming/minimumDisplay``): how long the alert has still to be
/// up before the framework may take it down, and the take-downs that wait for it.
extension AlertHandle {
  /// When the alert's minimum display time ends, if it is up and that is after `now`.
  func minimumDisplayEnd(at now: AlertInstant) -> AlertInstant? {
    guard let remaining = minimumRemaining, let started = minimumStartedAt else { return nil }
    let end = started + remaining
    return end > now ? end : nil
  }

  /// Starts (or resumes) counting the minimum display time: the alert went up or came back.
  func startMinimumDisplay() {
    guard minimumRemaining != nil, minimumStartedAt == nil, let dispatch = owner else { return }
    minimumStartedAt = dispatch.root.clock.now
    if heldClose != nil { scheduleHeldClose() }
  }

  /// Stops counting the minimum display time and keeps what is left: the alert was hidden, or
  /// the presenter refused it.
  func pauseMinimumDisplay() {
    minimumTimer?.cancel()
    minimumTimer = nil
    guard let remaining = minimumRemaining, let started = minimumStartedAt, let dispatch = owner
    else { return }
    let left = remaining - (dispatch.root.clock.now - started)
    minimumRemaining = left > .zero ? left : nil
    minimumStartedAt = nil
  }

  /// The framework's take-down of an alert that is up, asked for by the app (``cancel()``,
  /// ``close(result:)``, ``AlertDispatch/cancelAlerts(_:includingSubtree:)``) or by its
  /// auto-dismiss: carried out at once, or when its minimum display time ends. A take-down
  /// already waiting keeps its outcome, so the alert ends once.
  func closeAfterMinimumDisplay(_ outcome: AlertOutcome) {
    guard state == .presenting || state == .showing, let dispatch = owner,
      minimumDisplayEnd(at: dispatch.root.clock.now) != nil
    else { return close(with: outcome) }
    guard heldClose == nil else { return }
    heldClose = outcome
    scheduleHeldClose()
  }

  /// Carries out a take-down that waits when the minimum display time ends.
  private func scheduleHeldClose() {
    guard minimumTimer == nil, let dispatch = owner else { return }
    let clock = dispatch.root.clock
    guard let end = minimumDisplayEnd(at: clock.now) else { return closeHeld() }
    minimumTimer = clock.schedule(at: end) { [weak self] in
      guard let self else { return }
      Engine.shared.perform {
        self.minimumTimer = nil
        self.closeHeld()
      }
    }
  }

  /// Carries out the take-down that waited, if the alert is still up.
  func closeHeld() {
    guard let outcome = heldClose else { return }
    heldClose = nil
    close(with: outcome)
  }
}
