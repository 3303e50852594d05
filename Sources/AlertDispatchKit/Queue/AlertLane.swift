import Foundation
import Synchronization

/// An exclusion group inside a domain: at most `capacity` alerts of a lane are in front at once.
///
/// Alerts in different lanes do not block each other, so a toast can show beside a modal alert.
/// The default lane is ``modal`` with capacity 1. A lane is identified by its name; every alert
/// of a domain that names a lane must give it the same capacity and gap (an alert that disagrees
/// with the lane as the domain first saw it ends as ``CancellationReason/invalidRequest(_:)``).
///
/// Lane names are meant to be a few constants. Each distinct name is remembered for the life of
/// the process (passes compare lanes by a number given to each name), so an app that made up
/// lane names at run time would keep one small entry per name.
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
  public var name: String {
    get { storage?.name ?? AlertLane.modalName }
    set { self = AlertLane(newValue, capacity: capacity, minimumGap: minimumGap) }
  }
  /// How many alerts may be in front at once.
  public var capacity: Capacity {
    get { storage?.capacity ?? .limited(1) }
    set { self = AlertLane(name, capacity: newValue, minimumGap: minimumGap) }
  }
  /// The least time between one alert of this lane ending and the next going up (default 0).
  public var minimumGap: Duration {
    get { storage?.minimumGap ?? .zero }
    set { self = AlertLane(name, capacity: capacity, minimumGap: newValue) }
  }
  /// The name interned once, so that passes compare integers instead of hashing strings.
  var key: LaneKey { storage?.key ?? .modal }

  // A lane is one reference to fields that never change (a setter makes new ones): a lane is
  // one of a few constants, and every request and handle holds one, so the 56 bytes of its
  // fields would otherwise be copied into each handle.
  private final class Storage: Sendable {
    let name: String
    let key: LaneKey
    let capacity: Capacity
    let minimumGap: Duration

    init(_ name: String, capacity: Capacity, minimumGap: Duration) {
      self.name = name
      self.key = LaneKey(name)
      self.capacity = capacity
      self.minimumGap = minimumGap
    }
  }

  /// The fields, or `nil` for the default lane (``modal``): most requests leave the lane at its
  /// default, and copying one then retains nothing (a request is copied into its handle, and a
  /// retain of the shared storage, and its release when the handle is freed, are atomic
  /// operations).
  private var storage: Storage?

  /// The default lane's name, interned first (``LaneKey/modal``).
  fileprivate static let modalName = "modal"
  /// Whether both lanes are the very same value (most requests name one shared constant):
  /// compares one reference and reads no field, so it retains nothing.
  func isIdentical(to other: AlertLane) -> Bool { storage === other.storage }
  /// Whether this is the default lane as `AlertLane.modal` makes it (no storage), which is
  /// valid: a request in it needs no lane check.
  var isDefault: Bool { storage == nil }

  /// Creates a lane.
  public init(_ name: String, capacity: Capacity = .limited(1), minimumGap: Duration = .zero) {
    if name == AlertLane.modalName && capacity == .limited(1) && minimumGap == .zero {
      storage = nil
    } else {
      storage = Storage(name, capacity: capacity, minimumGap: minimumGap)
    }
  }

  /// Whether two lanes have the same name, capacity and gap.
  public static func == (lhs: AlertLane, rhs: AlertLane) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.key == rhs.key && lhs.capacity == rhs.capacity
        && lhs.minimumGap == rhs.minimumGap)
  }

  /// Hashes the lane's name, capacity and gap.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(capacity)
    hasher.combine(minimumGap)
  }

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

/// A lane name interned to a small integer: equal names get equal keys in the whole process.
struct LaneKey: Hashable, Sendable {
  let rawValue: Int

  init(_ name: String) {
    rawValue = LaneKey.key(for: name)
  }

  private init(rawValue: Int) { self.rawValue = rawValue }

  /// The key of the default lane's name, interned first.
  static var modal: LaneKey { LaneKey(rawValue: 0) }

  /// The keys of the names seen so far; the default lane's name comes first (``modal``).
  private static let names = Mutex([AlertLane.modalName: 0])

  /// The key of `name`, given it when first seen.
  private static func key(for name: String) -> Int {
    names.withLock { keys in
      if let key = keys[name] { return key }
      let key = keys.count
      keys[name] = key
      return key
    }
  }
}
