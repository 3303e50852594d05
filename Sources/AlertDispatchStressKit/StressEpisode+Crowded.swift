/// Episodes whose alerts crowd a few lanes, so that the decisions among several alerts of one
/// lane (which of two equals a preemption hides, which a joining domain steps back, which a full
/// line drops) come up often: drawn at random, an alert picks a lane of its own three times in
/// four and one of twelve lanes otherwise, and two equal alerts up in a lane of two, with a
/// higher one coming, are rare.
extension StressEpisode {
  /// The indices in ``StressTables/lanes`` of the lanes where several alerts are up at once, or
  /// where a full line drops one: `pair`, `stack`, `few`, `keep` and `low`.
  static let crowdedLanes: [UInt8] = [2, 5, 6, 7, 8]

  /// The same episode with every alert added in one of the ``crowdedLanes``, at low, normal or
  /// high priority, half of them with a minimum display time, and three in four of those drawn
  /// for a screen added to the main window instead; everything else as drawn.
  ///
  /// `covering` makes the cases of covered alerts and of alerts leaving their lane common: half
  /// the alerts go up in style cover, one in eight more must show at once, the presenter takes
  /// at least 100 ms to animate an alert out, and only one in two alerts drawn for a screen
  /// moves to the main window (a covered alert on a screen that leaves while its coverer, on
  /// the window, stays up).
  package func crowded(covering: Bool = false) -> StressEpisode {
    var copy = self
    if covering { copy.dismissTime = max(dismissTime % 5, 3) }
    copy.operations = operations.map { operation in
      guard case .add(var spec) = operation else { return operation }
      // The priority's choice is its byte modulo the table (low at 0, normal at 1, high at 2);
      // the bits above it pick the lane.
      let choice = spec.priority % 6
      spec.lane = Self.crowdedLanes[Int(spec.priority / 6) % Self.crowdedLanes.count]
      spec.priority = spec.priority - choice + choice % 3
      // Half of them owe a minimum display time (200 ms to 2 s), so that a preemption often
      // has to wait for one of the alerts in front.
      if spec.minimumDisplay == 0, spec.priority & 0x10 != 0 {
        spec.minimumDisplay = 1 + (spec.priority >> 5) % 4
      }
      if covering {
        spec.covers = spec.covers || spec.priority & 0x08 != 0
        spec.showsNowOrDrops = spec.showsNowOrDrops || spec.priority & 0xC8 == 0x40
      }
      // Most on the main window's own dispatch, which is on the chain whatever the screens do.
      if case .screen(let index) = spec.owner, index % (covering ? 2 : 4) != 0 {
        spec.owner = .window(0)
      }
      return .add(spec)
    }
    return copy
  }
}
