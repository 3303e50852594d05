/// The time-based rules of one alert. Every duration is measured on the domain's ``AlertClock``.
///
/// ```swift
/// AlertTiming(readinessDeadline: .seconds(3), expiry: .seconds(30), autoDismiss: .seconds(2))
/// ```
public struct AlertTiming: Sendable, Hashable {
  /// A pending alert not marked ready within this time ends as
  /// ``CancellationReason/readinessTimedOut``; an alert that waits for dependencies not added yet
  /// (``AlertRequest/waitsForUnadded``) stops waiting for them then.
  public var readinessDeadline: Duration?
  /// An alert that has not gone up within this time of being added ends as
  /// ``CancellationReason/expired``.
  public var expiry: Duration?
  /// The alert does not go up earlier than this long after it was added.
  public var delay: Duration
  /// Once up, the framework closes the alert after this long in front, with result
  /// ``AlertResult/autoDismissed``. The time is paused while the alert is suspended.
  public var autoDismiss: Duration?
  /// Once up, the framework does not take the alert down before it has been up this long: a
  /// preemption waits for it, and ``AlertHandle/cancel()``, ``AlertHandle/close(result:)``,
  /// ``AlertDispatch/cancelAlerts(_:includingSubtree:)`` and an ``autoDismiss`` that runs out
  /// sooner are carried out when it ends. The user is never held: ``AlertHandle/didDismiss(result:)``
  /// ends the alert at once. The time counts while the alert is up (in front or covered) and
  /// is paused while it is suspended; zero or `nil` means none.
  public var minimumDisplay: Duration?

  /// Creates timing; by default no deadline, no expiry, no delay, no auto-dismiss, no minimum
  /// display time.
  public init(
    readinessDeadline: Duration? = nil,
    expiry: Duration? = nil,
    delay: Duration = .zero,
    autoDismiss: Duration? = nil,
    minimumDisplay: Duration? = nil
  ) {
    self.readinessDeadline = readinessDeadline
    self.expiry = expiry
    self.delay = delay
    self.autoDismiss = autoDismiss
    self.minimumDisplay = minimumDisplay
  }

  /// A message saying which duration is out of range, or `nil`.
  var validationError: String? {
    if delay < .zero { return "delay is negative (\(AlertInstant.format(delay)))" }
    if let minimumDisplay, minimumDisplay < .zero {
      return "minimum display time is negative (\(AlertInstant.format(minimumDisplay)))"
    }
    // Checked one by one, not from an array: every add validates its timing.
    func mustBePositive(_ name: String, _ value: Duration?) -> String? {
      guard let value, value <= .zero else { return nil }
      return "\(name) must be positive, got \(AlertInstant.format(value))"
    }
    return mustBePositive("readiness deadline", readinessDeadline)
      ?? mustBePositive("expiry", expiry) ?? mustBePositive("auto-dismiss", autoDismiss)
  }
}
