/// What an alert that is up counts down (``AlertTiming/autoDismiss`` and
/// ``AlertTiming/minimumDisplay``), and the take-down that waits for its minimum display time:
/// the data of the stages `presenting`, `showing` and `suspended`, which begin with the request's
/// times when the alert goes up and are dropped when it leaves them.
struct Countdowns: Hashable {
  /// The auto-dismiss countdown, if the request sets one.
  var autoDismiss: Countdown?
  /// The minimum display time the alert still owes; `nil` for none.
  var minimum: Countdown?
  /// A take-down asked for while the alert owed its minimum display time, carried out when the
  /// time ends (by ``minimum``'s timer).
  var heldClose: AlertOutcome?

  /// The countdowns of an alert that goes up with `timing`.
  init(_ timing: AlertTiming) {
    autoDismiss = timing.autoDismiss.map { Countdown(remaining: $0) }
    if let minimum = timing.minimumDisplay, minimum > .zero {
      self.minimum = Countdown(remaining: minimum)
    }
  }

  /// The timers running for the alert.
  var timers: [any AlertTimer] {
    [autoDismiss?.timer?.timer, minimum?.timer?.timer].compactMap { $0 }
  }

  /// When the minimum display time ends, if it is being counted and that is after `now`.
  func minimumEnd(at now: AlertInstant) -> AlertInstant? {
    guard let minimum, let started = minimum.startedAt else { return nil }
    let end = started + minimum.remaining
    return end > now ? end : nil
  }

  /// Starts (or resumes) the auto-dismiss countdown at `now`, with the timer `schedule` makes for
  /// its end; one already running goes on.
  mutating func startAutoDismiss(
    at now: AlertInstant, _ schedule: (AlertInstant) -> any AlertTimer
  ) {
    guard var countdown = autoDismiss, countdown.timer == nil else { return }
    countdown.startedAt = now
    countdown.timer = ScheduledTimer(schedule(now + countdown.remaining))
    autoDismiss = countdown
  }

  /// Stops the auto-dismiss countdown at `now` and keeps the time that is left.
  mutating func pauseAutoDismiss(at now: AlertInstant) {
    guard var countdown = autoDismiss, countdown.timer != nil, let started = countdown.startedAt
    else { return }
    countdown.remaining = max(.zero, countdown.remaining - (now - started))
    countdown.startedAt = nil
    countdown.timer = nil
    autoDismiss = countdown
  }

  /// The auto-dismiss countdown ran out.
  mutating func finishAutoDismiss() {
    autoDismiss?.remaining = .zero
    autoDismiss?.timer = nil
  }

  /// Starts (or resumes) counting the minimum display time at `now`; returns whether it started.
  mutating func startMinimum(at now: AlertInstant) -> Bool {
    guard minimum != nil, minimum?.startedAt == nil else { return false }
    minimum?.startedAt = now
    return true
  }

  /// Stops counting the minimum display time at `now` and keeps what is left (none once it ran
  /// out), and stops the timer of a take-down waiting for it.
  mutating func pauseMinimum(at now: AlertInstant) {
    guard var countdown = minimum else { return }
    countdown.timer = nil
    if let started = countdown.startedAt {
      countdown.remaining -= now - started
      countdown.startedAt = nil
    }
    minimum = countdown.remaining > .zero ? countdown : nil
  }

  /// The timer that carries out the take-down waiting for the minimum display time.
  mutating func setHeldCloseTimer(_ timer: any AlertTimer) {
    minimum?.timer = ScheduledTimer(timer)
  }

  /// The timer of the take-down waiting for the minimum display time fired.
  mutating func heldCloseTimerFired() {
    minimum?.timer = nil
  }
}

/// One countdown of an alert that is up: the time left, when it last started (`nil` while it
/// is not counted), and the timer that runs at its end.
struct Countdown: Hashable {
  var remaining: Duration
  var startedAt: AlertInstant?
  var timer: ScheduledTimer?
}

extension AlertLife {
  /// The countdowns of an alert that is up and not being dismissed; `nil` in the other stages.
  var countdowns: Countdowns? {
    switch self {
    case .presenting(let countdowns), .showing(let countdowns), .suspended(let countdowns):
      countdowns
    case .added, .pending, .queued, .dismissing, .ended: nil
    }
  }

  /// Changes the countdowns of an alert that is up, in the stage it is in; returns false (and
  /// changes nothing) in a stage without countdowns.
  mutating func updateCountdowns(_ change: (inout Countdowns) -> Void) -> Bool {
    switch self {
    case .presenting(var countdowns):
      change(&countdowns)
      self = .presenting(countdowns)
    case .showing(var countdowns):
      change(&countdowns)
      self = .showing(countdowns)
    case .suspended(var countdowns):
      change(&countdowns)
      self = .suspended(countdowns)
    case .added, .pending, .queued, .dismissing, .ended:
      return false
    }
    return true
  }
}
