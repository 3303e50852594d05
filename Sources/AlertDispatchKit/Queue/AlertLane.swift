/// An exclusion group inside a domain: at most `capacity` alerts of a lane are in front at once.
///
/// Alerts in different lanes do not block each other, so a toast can show beside a modal alert.
/// The default lane is ``modal`` with capacity 1. A lane is identified by its name; every alert
/// of a domain that names a lane must give it the same capacity, gap and order (an alert that
/// disagrees with the lane as the domain first saw it ends as
/// ``CancellationReason/invalidRequest(_:)``).
///
/// ```swift
/// extension AlertLane {
///   static let toast = AlertLane("toast", capacity: .unlimited)
///   static let banner = AlertLane("banner", capacity: .limited(2), minimumGap: .milliseconds(150))
///   // The latest message first, as a stack of notifications.
///   static let messages = AlertLane("messages", order: .newestFirst)
/// }
/// ```
public struct AlertLane: Hashable, Sendable, CustomStringConvertible {
  /// How many alerts of a lane may be in front at once.
  public enum Capacity: Hashable, Sendable, CustomStringConvertible {
    /// At most this many; must be at least 1.
    case limited(Int)
    /// Every eligible alert shows at once, as toasts and banners that do not block the screen
    /// want.
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

  /// The order in which the alerts of one priority wait in a lane's line (rule 4).
  ///
  /// Priority comes first either way: a higher alert is ahead of every lower one. The order
  /// says only who is next among the alerts of one priority that wait, suspended ones
  /// included; it never makes an alert preempt one of its own priority in front.
  public enum Order: Hashable, Sendable, CustomStringConvertible {
    /// The first added goes first (default): a queue.
    case firstAdded
    /// The last added goes first: a stack, where the latest news is the most relevant. An
    /// alert that waited longest goes last, and a suspended one waits behind alerts of its
    /// priority added after it.
    case newestFirst

    /// `first-added` or `newest-first`.
    public var description: String {
      switch self {
      case .firstAdded: "first-added"
      case .newestFirst: "newest-first"
      }
    }
  }

  /// The lane's name, its identity within a domain.
  public var name: String
  /// How many alerts may be in front at once.
  public var capacity: Capacity
  /// The least time between one alert of this lane ending and the next going up (default 0).
  public var minimumGap: Duration
  /// The order of the alerts of one priority in the lane's line (default first added first).
  public var order: Order
  /// How many alerts may wait in the lane, across its domain, to go up for the first time
  /// (queued or pending; suspended ones do not count); `nil` (default) for no limit. Once a
  /// pass has put up what it can, the alerts over the limit end as
  /// ``CancellationReason/overflow``, picked by ``overflow``. At least 1.
  public var maximumWaiting: Int?
  /// Which waiting alert ends when one more waits than ``maximumWaiting`` allows (default
  /// ``LaneOverflow/refuseNewcomer``).
  public var overflow: LaneOverflow

  /// Creates a lane.
  public init(
    _ name: String, capacity: Capacity = .limited(1), minimumGap: Duration = .zero,
    order: Order = .firstAdded, maximumWaiting: Int? = nil,
    overflow: LaneOverflow = .refuseNewcomer
  ) {
    self.name = name
    self.capacity = capacity
    self.minimumGap = minimumGap
    self.order = order
    self.maximumWaiting = maximumWaiting
    self.overflow = overflow
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
    if let limit = maximumWaiting, limit < 1 {
      return
        "lane '\(name)' lets at most \(limit) alerts wait; a lane's maximumWaiting must be at least 1"
    }
    return nil
  }
}

/// A lane's name, as a domain tells its lanes apart.
struct LaneKey: Hashable, Sendable {
  let rawValue: String
}
