/// An exclusion group inside a domain: at most `capacity` alerts of a lane are in front at once.
///
/// Alerts in different lanes do not block each other, so a toast can show beside a modal alert.
/// The default lane is ``modal`` with capacity 1. A lane is identified by its name; every alert
/// of a domain that names a lane must give it the same capacity and gap (an alert that disagrees
/// with the lane as the domain first saw it ends as ``CancellationReason/invalidRequest(_:)``).
///
/// ```swift
/// extension AlertLane {
///   static let toast = AlertLane("toast", capacity: .unlimited)
///   static let banner = AlertLane("banner", capacity: .limited(2), minimumGap: .milliseconds(150))
/// }
/// ```
public struct AlertLane: Hashable, Sendable, CustomStringConvertible {
  /// How many alerts of a lane may be in front at once.
  public enum Capacity: Hashable, Sendable, CustomStringConvertible {
    /// At most this many; must be at least 1.
    case limited(Int)
    /// Every eligible alert shows at once (seed 000's non-intercepting popups).
    case unlimited

    /// The limit as a number, with `Int.max` for unlimited.
    public var limit: Int {
      switch self {
      case .limited(let n): n
      case .unlimited: Int.max
      }
    }

    /// `1`, `2`, … or `unlimited`.
    public var description: String {
      switch self {
      case .limited(let n): "\(n)"
      case .unlimited: "unlimited"
      }
    }
  }

  /// The lane's name, its identity within a domain.
  public var name: String
  /// How many alerts may be in front at once.
  public var capacity: Capacity
  /// The least time between one alert of this lane ending and the next going up (default 0).
  public var minimumGap: Duration

  /// Creates a lane.
  public init(_ name: String, capacity: Capacity = .limited(1), minimumGap: Duration = .zero) {
    self.name = name
    self.capacity = capacity
    self.minimumGap = minimumGap
  }

  /// What a domain tells its lanes apart by: the name.
  var key: LaneKey { LaneKey(rawValue: name) }

  /// The default lane: modal alerts, one at a time.
  public static let modal = AlertLane("modal")

  /// The lane's name.
  public var description: String { name }

  /// A message saying what is wrong with this lane, or `nil` when it is valid.
  var validationError: String? {
    if case .limited(let n) = capacity, n < 1 {
      return "lane '\(name)' has capacity \(n); a lane's capacity must be at least 1"
    }
    if minimumGap < .zero {
      return "lane '\(name)' has a negative minimum gap (\(AlertInstant.format(minimumGap)))"
    }
    return nil
  }
}

/// A lane's name, as a domain tells its lanes apart.
struct LaneKey: Hashable, Sendable {
  let rawValue: String
}
