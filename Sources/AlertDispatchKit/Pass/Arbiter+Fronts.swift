/// The alerts in front of a lane while it is planned, and which of them a candidate may take
/// down (rule 5): a front alert inside its minimum display time (``AlertTiming/minimumDisplay``)
/// is not taken down. No alert beneath a front alert is inside its own: an alert is covered only
/// by a preemption, which waits for that minimum, so hiding a front alert never hides one that
/// still owes time.
extension Arbiter {
  /// An alert in front of a lane while it is planned: one already up, or one the plan puts up.
  struct Front: Hashable, Sendable {
    var alert: AlertRef
    var priority: Int
    var upStamp: UInt64
    var isDismissing: Bool
    var interruption: InterruptionPolicy
    /// When its minimum display time ends, if that is after the pass: until then no candidate
    /// takes its place.
    var protectedUntil: AlertInstant?

    /// A visible alert of the lane.
    init(_ shown: PassInput.Shown) {
      alert = shown.alert
      priority = shown.priority
      upStamp = shown.upStamp
      isDismissing = shown.isDismissing
      interruption = shown.interruption
      protectedUntil = shown.minimumUntil
    }

    /// A candidate the plan puts up at `now`.
    init(_ candidate: PassInput.Candidate, at now: AlertInstant) {
      alert = candidate.alert
      priority = candidate.priority
      upStamp = .max
      isDismissing = false
      interruption = candidate.interruption
      protectedUntil = candidate.minimumDisplay.map { now + $0 }
    }
  }

  /// The alerts beneath `alert`: those it covers, and those they cover, top first.
  static func covered(by alert: AlertRef, among shown: [PassInput.Shown]) -> [PassInput.Shown] {
    var result: [PassInput.Shown] = []
    var top = alert
    while let next = shown.last(where: { $0.cover == .by(top) }) {
      result.append(next)
      top = next.alert
    }
    return result
  }

  /// The index of the lowest-priority front alert that is not being dismissed, the latest up
  /// among equals.
  static func weakestHideable(in front: [Front]) -> Int? {
    weakest(in: front) { !$0.isDismissing }
  }

  /// The index of the lowest front alert below `priority` that may be interrupted (rule 5),
  /// the latest up among equals; when `unprotected`, only among those no minimum display time
  /// protects now, and otherwise whatever their minimum.
  static func weakestInterruptible(
    in front: [Front], below priority: Int, unprotected: Bool = false
  ) -> Int? {
    weakest(in: front) { alert in
      mayInterrupt(
        alert.priority, alert.interruption, isDismissing: alert.isDismissing, by: priority)
        && !(unprotected && alert.protectedUntil != nil)
    }
  }

  /// The index of the lowest-priority front alert that `isCandidate` accepts; among equals, the
  /// one that went up last, by its stamp and not by its place in `front` (an alert that comes
  /// out from beneath its coverer has been up all along: it did not go up then), and of those
  /// the plan puts up, the last it put up.
  private static func weakest(in front: [Front], where isCandidate: (Front) -> Bool) -> Int? {
    var weakest: Int?
    for index in front.indices where isCandidate(front[index]) {
      if let current = weakest,
        (front[current].priority, front[index].upStamp)
          < (front[index].priority, front[current].upStamp)
      {
        continue
      }
      weakest = index
    }
    return weakest
  }

  /// The front alert below `priority` that may be interrupted whose minimum display time ends
  /// first, and when: a candidate that finds every such alert protected waits until then. `nil`
  /// when none is protected.
  static func firstFreed(in front: [Front], below priority: Int)
    -> (alert: AlertID, until: AlertInstant)?
  {
    var first: (alert: AlertID, until: AlertInstant)?
    for alert in front
    where mayInterrupt(
      alert.priority, alert.interruption, isDismissing: alert.isDismissing, by: priority)
    {
      guard let until = alert.protectedUntil else { continue }
      if let current = first, current.until <= until { continue }
      first = (alert.alert.id, until)
    }
    return first
  }
}
