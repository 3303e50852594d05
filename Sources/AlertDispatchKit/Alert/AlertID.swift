/// The identity of an alert within a dispatch domain.
///
/// Ids are what dependencies, deduplication, ``AlertDispatch/alert(withID:)`` and
/// ``AlertDispatch/explain(_:)`` refer to. Give an alert an id when other code needs to name it;
/// otherwise ``AlertRequest`` generates a unique one.
///
/// ```swift
/// let update: AlertID = "update-notice"
/// ```
public struct AlertID: Hashable, Sendable, Comparable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The id's text.
  public var rawValue: String {
    get { text }
    set {
      text = newValue
      textHash = newValue.hashValue
    }
  }

  // The text is hashed once, when the id is made: the tables of a domain look an id up when its
  // alert is added and when it ends, and move others when one leaves, and hashing a string each
  // time cost about 250 instructions.
  private var text: String
  /// The hash of the text, computed once (the domain's table of ids probes with it).
  package private(set) var textHash: Int

  /// Creates an id from its text.
  public init(_ rawValue: String) {
    text = rawValue
    textHash = rawValue.hashValue
  }

  /// Creates an id from a string literal.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// Whether two ids have the same text.
  public static func == (lhs: AlertID, rhs: AlertID) -> Bool {
    lhs.textHash == rhs.textHash && lhs.text == rhs.text
  }

  /// Hashes the id's text (hashed once, when the id was made).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(textHash)
  }

  /// The id's text.
  public var description: String { text }

  /// Orders ids by their text, for stable diagnostics.
  public static func < (lhs: AlertID, rhs: AlertID) -> Bool {
    lhs.text < rhs.text
  }

  /// A new id that no other generated id shares in this process.
  @MainActor
  public static func generated() -> AlertID {
    GeneratedIDs.next += 1
    return AlertID("alert#\(GeneratedIDs.next)")
  }
}

@MainActor
private enum GeneratedIDs {
  static var next = 0
}
