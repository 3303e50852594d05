public import Foundation

/// The source of calendar time for frequency caps: days, rolling periods and the dates written
/// to a ``FrequencyLedger``.
///
/// It is separate from the domain's ``AlertClock``, which measures durations from an arbitrary
/// origin and restarts with the app: caps need a date that means the same thing tomorrow and
/// after a relaunch. Tests inject one they can move across midnight, a daylight-saving change or
/// a week (`AlertDispatchSimulator`'s `VirtualWallClock`).
///
/// An implementation returns the current date; it may jump in either direction (the user can
/// change the device's clock), and caps read it again at every check.
@MainActor
public protocol WallClock: AnyObject {
  /// The current date.
  var now: Date { get }
}

/// The device's clock: `Date()`.
@MainActor
public final class SystemWallClock: WallClock {
  /// The clock a ``FrequencyPolicy`` uses unless it is given another.
  public static let shared = SystemWallClock()

  /// Creates a system wall clock.
  public init() {}

  /// `Date()`.
  public var now: Date { Date() }
}
