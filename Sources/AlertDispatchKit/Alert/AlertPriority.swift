/// How important an alert is: a higher priority goes up first and may preempt a lower one.
///
/// Priorities are plain integers with named levels, like `UILayoutPriority`:
///
/// ```swift
/// AlertRequest(id: "update", priority: .high)
/// AlertRequest(id: "promo", priority: AlertPriority(420))
/// AlertRequest(id: "rate-us", priority: 100)
/// ```
///
/// Alerts of equal priority go up in the order they were added.
public struct AlertPriority: Hashable, Sendable, Comparable, CustomStringConvertible,
  ExpressibleByIntegerLiteral
{
  /// The priority's value; larger is more important.
  public var rawValue: Int

  /// Creates a priority from its value.
  public init(_ rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Creates a priority from an integer literal.
  public init(integerLiteral value: Int) {
    self.rawValue = value
  }

  /// Promotions, tips, "rate us": 250.
  public static let low = AlertPriority(250)
  /// The default: 500.
  public static let normal = AlertPriority(500)
  /// Permission prompts, update notices: 750.
  public static let high = AlertPriority(750)
  /// Errors and anything that must interrupt everything else: 1000.
  public static let critical = AlertPriority(1000)

  /// Compares the values.
  public static func < (lhs: AlertPriority, rhs: AlertPriority) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The name of a named level, or the number.
  public var description: String {
    switch rawValue {
    case 250: "low"
    case 500: "normal"
    case 750: "high"
    case 1000: "critical"
    default: "\(rawValue)"
    }
  }
}
