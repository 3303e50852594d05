/// The identity of an alert within a dispatch domain.
///
/// Ids are what dependencies, deduplication, ``AlertDispatch/alert(withID:)`` and
/// ``AlertDispatch/explain(_:)`` refer to. Give an alert an id when other code needs to name it;
/// otherwise ``AlertRequest`` generates a unique one.
///
/// ```swift
/// let update: AlertID = "update-notice"
/// let promo: AlertID = "promo-\(campaign)"
/// ```
public struct AlertID: Hashable, Sendable, Comparable, CustomStringConvertible,
  ExpressibleByStringInterpolation
{
  /// The id's text.
  public var rawValue: String

  /// Creates an id from its text.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates an id from a string literal.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// The id's text.
  public var description: String { rawValue }

  /// Orders ids by their text, for stable diagnostics.
  public static func < (lhs: AlertID, rhs: AlertID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// A new id from the numbering of the current settings (``AlertDispatchSettings/current``):
  /// `alert#1`, `alert#2`, … in each ``withAlertDispatchSettings(_:operation:)`` scope that
  /// brings its own numbering, and in one numbering for the process outside any scope.
  @MainActor
  public static func generated() -> AlertID {
    (AlertDispatchSettings.taskScope?.generatedIDs ?? .process).next()
  }
}
