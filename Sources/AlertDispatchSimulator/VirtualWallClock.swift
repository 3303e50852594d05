public import AlertDispatchKit
public import Foundation

/// A wall clock for frequency caps that moves only when told: across midnight, a
/// daylight-saving change, a week, or between two simulated launches.
///
/// ```swift
/// let clock = VirtualClock()
/// let wall = VirtualWallClock(start: someDate, following: clock)
/// let policy = FrequencyPolicy(wallClock: wall)
/// clock.advance(by: .seconds(60))   // timers fire and the date moves with them
/// wall.advance(by: .seconds(86_400)) // the app sleeps a day: only the date moves
/// ```
///
/// When it follows a ``VirtualClock``, the date moves with that clock too.
@MainActor
public final class VirtualWallClock: WallClock {
  private var base: Date
  private let clock: VirtualClock?

  /// Creates a wall clock at `start`, moving with `clock` if one is given.
  public init(start: Date, following clock: VirtualClock? = nil) {
    self.clock = clock
    self.base = start.addingTimeInterval(-Self.seconds(clock?.now.offset ?? .zero))
  }

  /// The current date.
  public var now: Date {
    base.addingTimeInterval(Self.seconds(clock?.now.offset ?? .zero))
  }

  /// Moves the date by `duration` (backwards when negative, like a user changing the clock).
  /// A followed ``VirtualClock`` does not move.
  public func advance(by duration: Duration) {
    base = base.addingTimeInterval(Self.seconds(duration))
  }

  /// Sets the date.
  public func set(_ date: Date) {
    base = base.addingTimeInterval(date.timeIntervalSince(now))
  }

  private static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) * 1e-18
  }
}
