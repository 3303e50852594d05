/// One independent stress run: a fresh simulator, the presenter's behaviour, and a sequence of
/// operations. A failure is always reproduced, and shrunk, within one episode.
package struct StressEpisode: Hashable, Sendable {
  /// How long the presenter animates alerts in: an index into ``presentationTimes``.
  package var presentTime: UInt8
  /// How long the presenter animates alerts out: an index into ``presentationTimes``.
  package var dismissTime: UInt8
  /// How long navigation transitions take: an index into ``transitionTimes``.
  package var transitionTime: UInt8
  /// Whether the presenter reports the framework's dismissals (false: a presenter that never
  /// calls back, misuse that a scenario file cannot write).
  package var completesDismissals: Bool
  /// The operations, in order.
  package var operations: [StressOperation]

  /// Creates an episode; by default with a presenter that animates nothing.
  package init(
    presentTime: UInt8 = 0, dismissTime: UInt8 = 0, transitionTime: UInt8 = 0,
    completesDismissals: Bool = true, operations: [StressOperation]
  ) {
    self.presentTime = presentTime
    self.dismissTime = dismissTime
    self.transitionTime = transitionTime
    self.completesDismissals = completesDismissals
    self.operations = operations
  }

  /// Presenter animation times, in milliseconds.
  package static let presentationTimes: [Int64] = [0, 0, 0, 100, 300]
  /// Transition times, in milliseconds.
  package static let transitionTimes: [Int64] = [350, 350, 100, 1_000]

  /// The presenter's animation in.
  package var presentDuration: Duration {
    .milliseconds(Self.presentationTimes[Int(presentTime) % Self.presentationTimes.count])
  }

  /// The presenter's animation out.
  package var dismissDuration: Duration {
    .milliseconds(Self.presentationTimes[Int(dismissTime) % Self.presentationTimes.count])
  }

  /// The navigation transitions' duration.
  package var transitionDuration: Duration {
    .milliseconds(Self.transitionTimes[Int(transitionTime) % Self.transitionTimes.count])
  }
}
