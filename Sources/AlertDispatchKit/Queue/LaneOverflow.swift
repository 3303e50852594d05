/// Which alert ends when one more alert waits in a lane than its
/// ``AlertLane/maximumWaiting`` allows. The one it picks ends as
/// ``CancellationReason/overflow``.
public enum LaneOverflow: Hashable, Sendable, CustomStringConvertible {
  /// The newest waiting alert ends: a full lane takes no more (default).
  case refuseNewcomer
  /// The oldest waiting alert ends: the newest news wins.
  case dropOldest
  /// The lowest-priority waiting alert ends, the newest added among equals (whatever the
  /// lane's order or the alerts' placement).
  case dropLowestPriority

  /// `refuse-newcomer`, `drop-oldest` or `drop-lowest-priority`.
  public var description: String {
    switch self {
    case .refuseNewcomer: "refuse-newcomer"
    case .dropOldest: "drop-oldest"
    case .dropLowestPriority: "drop-lowest-priority"
    }
  }
}

extension PassInput {
  /// An alert that waits to go up for the first time in a lane with a waiting limit: queued or
  /// pending, anywhere in the domain.
  struct Waiting: Hashable, Sendable {
    var alert: AlertRef
    var priority: Int
  }
}

extension Arbiter {
  /// Lane overflow: the waiting alerts of `lane` that end as ``CancellationReason/overflow``
  /// once the plan put up or ended those in `leaving`, as the lane's policy picks them: as many
  /// as wait over its ``AlertLane/maximumWaiting``.
  static func overflowing(_ lane: PassInput.Lane, leaving: Set<AlertRef>) -> [AlertRef] {
    guard let limit = lane.maximumWaiting, lane.waiting.count > limit else { return [] }
    // In add order: the sequence numbers grow with every add.
    let waiting = lane.waiting.filter { !leaving.contains($0.alert) }
    let excess = waiting.count - limit
    guard excess > 0 else { return [] }
    switch lane.overflow {
    case .refuseNewcomer:
      return waiting.suffix(excess).map(\.alert)
    case .dropOldest:
      return waiting.prefix(excess).map(\.alert)
    case .dropLowestPriority:
      let lowestFirst = waiting.sorted {
        ($0.priority, $1.alert.sequence) < ($1.priority, $0.alert.sequence)
      }
      return lowestFirst.prefix(excess).map(\.alert)
    }
  }
}
