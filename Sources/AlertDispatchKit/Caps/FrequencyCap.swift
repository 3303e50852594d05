public import Foundation

/// How often an alert may go up, counted in a ``FrequencyLedger`` under a campaign key.
///
/// Set it on ``AlertRequest/cap``. When the alert's turn comes and the ledger already holds
/// ``limit`` shows of its key in the ``window``, the alert does not go up: it ends as
/// ``CancellationReason/frequencyCapped(_:)`` and ``AlertDispatch/explain(_:)`` names the cap.
///
/// ```swift
/// // The sign-in bonus, once a day, whichever screen asks for it.
/// AlertRequest(id: "sign-in-bonus-home", cap: .oncePerDay(key: "sign-in-bonus"))
/// // What's new, once per app version, counted only if the user closed it.
/// AlertRequest(id: "whats-new", cap: .oncePerVersion(countsWhen: .dismissed))
/// // A survey at most twice in any 7 days.
/// AlertRequest(id: "survey", cap: FrequencyCap(2, per: .rolling(.seconds(7 * 86_400))))
/// ```
///
/// The cap is checked when the alert would go up, not when it is added: the ledger may change
/// meanwhile. Restoring a suspended alert is not a new show; it is neither capped nor counted.
public struct FrequencyCap: Sendable, Hashable, CustomStringConvertible {
  /// When a show of a capped alert is written to the ledger.
  public enum CountsWhen: Sendable, Hashable {
    /// When the alert goes up (the presenter accepted it). The default.
    case shown
    /// When the alert ends as ``AlertOutcome/dismissed(_:)`` (any result, auto-dismissal
    /// included) after going up. An alert cut short (preempted with cancel, cancelled by the
    /// app, owner closed, replaced) or lost in a crash does not count. While it is on screen it
    /// holds its place in the count, so a second alert of the same key cannot slip past.
    case dismissed
  }

  /// The largest ``limit`` a cap (or a ``FrequencyBudget``) may have: ledgers keep at least this
  /// many of the most recent records of each key.
  public static let maximumLimit = 100

  /// How many shows the window allows (1 for the "once" caps).
  public var limit: Int
  /// The window the shows are counted in.
  public var window: FrequencyWindow
  /// The campaign key the shows are counted under; `nil` counts them under the alert's id.
  ///
  /// Alerts that share a key share the count: the same promotion added from two screens with
  /// different ids shows once.
  public var key: String?
  /// When a show counts (default ``CountsWhen/shown``).
  public var countsWhen: CountsWhen

  /// Creates a cap of `limit` shows per `window`.
  public init(
    _ limit: Int, per window: FrequencyWindow, key: String? = nil, countsWhen: CountsWhen = .shown
  ) {
    self.limit = limit
    self.window = window
    self.key = key
    self.countsWhen = countsWhen
  }

  /// Once in the life of the ledger: an onboarding tip, a one-time offer.
  public static func onceEver(key: String? = nil, countsWhen: CountsWhen = .shown) -> Self {
    FrequencyCap(1, per: .ever, key: key, countsWhen: countsWhen)
  }

  /// Once per launch (one ledger instance; see ``FrequencyLedger/launchID``).
  public static func oncePerLaunch(key: String? = nil, countsWhen: CountsWhen = .shown) -> Self {
    FrequencyCap(1, per: .launch, key: key, countsWhen: countsWhen)
  }

  /// Once per calendar day in `timeZone` (by default the policy's ``FrequencyPolicy/timeZone``).
  public static func oncePerDay(
    in timeZone: TimeZone? = nil, key: String? = nil, countsWhen: CountsWhen = .shown
  ) -> Self {
    FrequencyCap(1, per: .day(in: timeZone), key: key, countsWhen: countsWhen)
  }

  /// Once per app version (``FrequencyPolicy/appVersion``): a what's-new sheet.
  public static func oncePerVersion(key: String? = nil, countsWhen: CountsWhen = .shown) -> Self {
    FrequencyCap(1, per: .version, key: key, countsWhen: countsWhen)
  }

  /// At most `limit` times in any span of `period` (a rolling window on the wall clock).
  public static func times(
    _ limit: Int, per period: Duration, key: String? = nil, countsWhen: CountsWhen = .shown
  ) -> Self {
    FrequencyCap(limit, per: .rolling(period), key: key, countsWhen: countsWhen)
  }

  /// `once per day`, `3 times per rolling 1h`, with the key when one is set.
  public var description: String {
    let text = FrequencyWindow.phrase(limit: limit, window: window, timeZone: nil)
    guard let key else { return text }
    return "\(text) (key \(key))"
  }

  /// A message saying what is wrong with this cap, or `nil` when it is valid.
  func validationError(alertID: AlertID) -> String? {
    if let error = window.validationError(limit: limit, what: "frequency cap") { return error }
    let key = key ?? alertID.rawValue
    if key.isEmpty { return "frequency cap key is empty" }
    if key.hasPrefix(FrequencyPolicy.categoryPrefix) {
      return
        "frequency cap key '\(key)' starts with '\(FrequencyPolicy.categoryPrefix)', which is reserved for category budgets"
    }
    return nil
  }
}

/// The span of time a ``FrequencyCap`` or a ``FrequencyBudget`` counts shows in.
public enum FrequencyWindow: Sendable, Hashable {
  /// Every show the ledger holds.
  case ever
  /// Shows of this launch: records written by the same ledger instance
  /// (``FrequencyLedger/launchID``).
  case launch
  /// Shows on the same calendar day (Gregorian) as now, in this time zone; `nil` uses the
  /// policy's ``FrequencyPolicy/timeZone``. Days follow the calendar, so a day is 23 or 25 hours
  /// long across a daylight-saving change.
  case day(in: TimeZone?)
  /// Shows under the same app version (``FrequencyPolicy/appVersion``).
  case version
  /// Shows less than this long ago on the wall clock.
  case rolling(Duration)

  /// The calendar day in the policy's time zone.
  public static var day: FrequencyWindow { .day(in: nil) }

  /// `once per day in Europe/Paris`, `2 times per rolling 7d`, `once ever`.
  static func phrase(limit: Int, window: FrequencyWindow, timeZone: TimeZone?) -> String {
    let count = limit == 1 ? "once" : "\(limit) times"
    switch window {
    case .ever: return "\(count) ever"
    case .launch: return "\(count) per launch"
    case .version: return "\(count) per app version"
    case .rolling(let period): return "\(count) per rolling \(format(period))"
    case .day(let own):
      guard let zone = own ?? timeZone else { return "\(count) per day" }
      return "\(count) per day in \(zone.identifier)"
    }
  }

  /// `7d`, `12h`, `90min`, or seconds for anything shorter or uneven.
  static func format(_ period: Duration) -> String {
    let (seconds, attoseconds) = period.components
    guard attoseconds == 0, seconds > 0 else { return AlertInstant.format(period) }
    for (unit, size) in [("d", Int64(86_400)), ("h", 3_600), ("min", 60)]
    where seconds % size == 0 {
      return "\(seconds / size)\(unit)"
    }
    return AlertInstant.format(period)
  }

  func validationError(limit: Int, what: String) -> String? {
    if limit < 1 { return "\(what) limit must be at least 1, got \(limit)" }
    if limit > FrequencyCap.maximumLimit {
      return "\(what) limit must be at most \(FrequencyCap.maximumLimit), got \(limit)"
    }
    if case .rolling(let period) = self, period <= .zero {
      return "\(what) period must be positive, got \(AlertInstant.format(period))"
    }
    return nil
  }
}

/// At most ``limit`` alerts of one category in a window: "at most two promotions per launch".
///
/// Set budgets on ``FrequencyPolicy/budgets`` by category and give alerts an
/// ``AlertRequest/category``. Every show of an alert with a category is counted for its category
/// (when its cap says a show counts, or when it goes up if it has no cap), whether or not a budget
/// exists yet; an alert whose category budget is spent ends as
/// ``CancellationReason/frequencyCapped(_:)`` like a capped alert.
///
/// ```swift
/// policy.budgets["promotion"] = FrequencyBudget(2, per: .launch)
/// policy.budgets["rating"] = FrequencyBudget(1, per: .day)
/// ```
public struct FrequencyBudget: Sendable, Hashable, CustomStringConvertible {
  /// How many alerts of the category the window allows.
  public var limit: Int
  /// The window they are counted in.
  public var window: FrequencyWindow

  /// Creates a budget of `limit` alerts per `window`.
  public init(_ limit: Int, per window: FrequencyWindow) {
    self.limit = limit
    self.window = window
  }

  /// `2 times per launch`.
  public var description: String {
    FrequencyWindow.phrase(limit: limit, window: window, timeZone: nil)
  }

  var validationError: String? {
    window.validationError(limit: limit, what: "budget")
  }
}
