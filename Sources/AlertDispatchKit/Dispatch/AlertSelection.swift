/// Which unfinished alerts ``AlertDispatch/cancelAlerts(_:includingSubtree:)`` ends: all of
/// them, those of a lane or a category, those at or below a priority, or those a predicate over
/// the request picks.
///
/// ```swift
/// home.cancelAlerts(.lane(.toast))
/// home.cancelAlerts(.priority(atOrBelow: .low), includingSubtree: true)
/// home.cancelAlerts(.matching("promotions") { $0.id.rawValue.hasPrefix("promo-") })
/// ```
public struct AlertSelection: CustomStringConvertible {
  /// The lane the selection names, which the domain must know.
  let laneName: String?
  private let predicate: (AlertRequest) -> Bool
  /// How diagnostics name the selection, such as `lane 'toast'` or `all`.
  public let description: String
  /// What the selection takes, for a recorder to write it again; `nil` for a predicate.
  package let kind: Kind?

  /// The selections a scenario can write.
  package enum Kind: Hashable, Sendable {
    case all
    case lane(String)
    case category(String)
    case priority(atOrBelow: AlertPriority)
  }

  private init(
    _ description: String, lane: String? = nil, kind: Kind? = nil,
    _ predicate: @escaping (AlertRequest) -> Bool
  ) {
    self.description = description
    self.laneName = lane
    self.kind = kind
    self.predicate = predicate
  }

  /// Every alert.
  public static var all: AlertSelection { AlertSelection("all", kind: .all) { _ in true } }

  /// The alerts of `lane`, told apart by its name. A lane that no alert of the domain has used
  /// selects nothing, with a diagnostic (most likely a misspelt name).
  public static func lane(_ lane: AlertLane) -> AlertSelection {
    AlertSelection("lane '\(lane.name)'", lane: lane.name, kind: .lane(lane.name)) {
      $0.lane.name == lane.name
    }
  }

  /// The alerts whose ``AlertRequest/category`` is `category`.
  public static func category(_ category: String) -> AlertSelection {
    AlertSelection("category '\(category)'", kind: .category(category)) { $0.category == category }
  }

  /// The alerts whose priority is `priority` or lower.
  public static func priority(atOrBelow priority: AlertPriority) -> AlertSelection {
    AlertSelection("priority at or below \(priority)", kind: .priority(atOrBelow: priority)) {
      $0.priority <= priority
    }
  }

  /// The alerts whose request `predicate` accepts; `name` is how diagnostics call them.
  public static func matching(
    _ name: String = "a predicate", _ predicate: @escaping (AlertRequest) -> Bool
  ) -> AlertSelection {
    AlertSelection(name, predicate)
  }

  /// Whether the selection takes the alert made for `request`.
  func selects(_ request: AlertRequest) -> Bool { predicate(request) }
}
