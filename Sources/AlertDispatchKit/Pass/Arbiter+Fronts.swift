/// The alerts in front of a lane while it is planned, and which of them a candidate may take
/// down (rule 5): its minimum display time (``AlertTiming/minimumDisplay``) protects a front
/// alert, and the alerts beneath it that hiding it would hide.
extension Arbiter {
  /// An alert in front of a lane while it is planned: one already up, or one the plan puts up.
  struct Front {
    var alert: AlertRef
    var priority: Int
    var upStamp: UInt64
    var isDismissing: Bool
    var interruption: InterruptionPolicy
    /// When its minimum display time ends, if that is after the pass.
    var minimumUntil: AlertInstant?
    /// The latest end of the minimum display times of the alerts covered beneath it, after the
    /// pass: a preemption that hides it hides them too.
    var beneathUntil: AlertInstant?

    /// A visible alert of the lane, with `shown` the lane's visible alerts when any of them is
    /// inside its minimum display time (empty otherwise: nothing beneath it is protected).
    init(_ shown: PassInput.Shown, beneath visible: [PassInput.Shown]) {
      alert = shown.alert
      priority = shown.priority
      upStamp = shown.upStamp
      isDismissing = shown.isDismissing
      interruption = shown.interruption
      minimumUntil = shown.minimumUntil
      if !visible.isEmpty {
        beneathUntil = Arbiter.covered(by: shown.alert, among: visible).compactMap(\.minimumUntil)
          .max()
      }
    }

    /// A candidate the plan puts up at `now`, with what it brings back beneath it.
    init(_ candidate: PassInput.Candidate, at now: AlertInstant) {
      alert = candidate.alert
      priority = candidate.priority
      upStamp = .max
      isDismissing = false
      interruption = candidate.interruption
      minimumUntil = candidate.minimumDisplay.map { now + $0 }
      beneathUntil = candidate.beneath.compactMap(\.minimumDisplay).max().map { now + $0 }
    }

    /// The instant before which a candidate of `style` may not take its place; `nil` when it
    /// may now. A preemption that hides it hides the alerts beneath it too; one that cancels it
    /// or covers it leaves them up.
    func protectedUntil(by style: PresentationStyle) -> AlertInstant? {
      guard interruption != .cancel, style == .hideOthers, let beneathUntil else {
        return minimumUntil
      }
      return max(minimumUntil ?? beneathUntil, beneathUntil)
    }
  }

  /// The visible alerts a front alert must be told about to protect those beneath it: all of
  /// them when one is inside its minimum display time, none otherwise (the common case costs
  /// no walk beneath each front alert).
  static func protectable(_ lane: PassInput.Lane) -> [PassInput.Shown] {
    lane.shown.contains { $0.minimumUntil != nil } ? lane.shown : []
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
    var weakest: Int?
    for index in front.indices where !front[index].isDismissing {
      if let current = weakest,
        !((front[index].priority, front[current].upStamp)
          < (front[current].priority, front[index].upStamp))
      {
        continue
      }
      weakest = index
    }
    return weakest
  }

  /// The index of the lowest front alert below `priority` that may be interrupted (rule 5),
  /// the latest in front among equals. With `style`, only among those that a candidate of that
  /// style may take down now (``Front/protectedUntil(by:)``); without, whatever their minimum
  /// display time.
  static func weakestInterruptible(
    in front: [Front], below priority: Int, by style: PresentationStyle? = nil
  ) -> Int? {
    var weakest: Int?
    for index in front.indices
    where mayInterrupt(
      front[index].priority, front[index].interruption, isDismissing: front[index].isDismissing,
      by: priority)
    {
      if let style, front[index].protectedUntil(by: style) != nil { continue }
      if let current = weakest, front[current].priority < front[index].priority { continue }
      weakest = index
    }
    return weakest
  }

  /// The front alert below `priority` that may be interrupted whose minimum display time (or
  /// that of an alert beneath it) ends first, for a candidate of `style`, and when: the
  /// candidate waits until then. `nil` when no such alert is protected.
  static func firstFreed(in front: [Front], below priority: Int, by style: PresentationStyle)
    -> (alert: AlertID, until: AlertInstant)?
  {
    var first: (alert: AlertID, until: AlertInstant)?
    for alert in front
    where mayInterrupt(
      alert.priority, alert.interruption, isDismissing: alert.isDismissing, by: priority)
    {
      guard let until = alert.protectedUntil(by: style) else { continue }
      if let current = first, current.until <= until { continue }
      first = (alert.alert.id, until)
    }
    return first
  }
}
