public import Foundation

/// Everything frequency caps need from the app: the ledger, the wall clock, the app version,
/// the default time zone, and the budgets of categories. Set one on a root dispatch's
/// ``AlertDispatch/frequencyPolicy``.
///
/// ```swift
/// let policy = FrequencyPolicy(ledger: FileFrequencyLedger())  // from AlertDispatchLedgers
/// policy.budgets["promotion"] = FrequencyBudget(2, per: .launch)
/// window.dispatch.frequencyPolicy = policy
///
/// window.dispatch.add(
///   AlertRequest(id: "sign-in-bonus", cap: .oncePerDay(), category: "promotion"))
/// ```
///
/// A policy counts shows of the alerts that have a cap or a category, under the cap's key and
/// under `category:` plus the category name. Two roots that share a policy (two scenes of one
/// app) share the counts.
@MainActor
public final class FrequencyPolicy {
  /// Where shows are counted.
  public let ledger: any FrequencyLedger
  /// The calendar time caps are measured on.
  public var wallClock: any WallClock
  /// The version ``FrequencyWindow/version`` windows compare; by default the bundle's
  /// `CFBundleShortVersionString` (`"unknown"` when there is none).
  public var appVersion: String
  /// The time zone of ``FrequencyWindow/day(in:)`` windows that name none; by default the
  /// device's, following changes (`TimeZone.autoupdatingCurrent`).
  public var timeZone: TimeZone
  /// Budgets by category (``AlertRequest/category``). A budget with a limit below 1 or above
  /// ``FrequencyCap/maximumLimit``, or a period that is not positive, is ignored with a
  /// diagnostic.
  public var budgets: [String: FrequencyBudget] {
    didSet { reportInvalidBudgets(changedFrom: oldValue) }
  }

  /// Shows of alerts on screen that count when dismissed, by ledger key.
  private var heldShows: [String: Int] = [:]
  /// The dispatches whose ``AlertDispatch/frequencyPolicy`` this is.
  private var users: [PolicyUser] = []
  /// Diagnostics reported while no dispatch used the policy: the observers of the first one to
  /// take it receive them.
  private var unobserved: [String] = []

  package nonisolated static let categoryPrefix = "category:"

  /// Creates a policy.
  ///
  /// - Parameters:
  ///   - ledger: Where shows are counted; by default in memory (lost when the app quits).
  ///   - wallClock: The calendar time; by default the device's.
  ///   - appVersion: The app version; by default the bundle's short version string.
  ///   - timeZone: The time zone of day windows that name none.
  ///   - budgets: Budgets by category.
  public init(
    ledger: any FrequencyLedger = InMemoryFrequencyLedger(),
    wallClock: any WallClock = SystemWallClock.shared,
    appVersion: String? = nil,
    timeZone: TimeZone = .autoupdatingCurrent,
    budgets: [String: FrequencyBudget] = [:]
  ) {
    self.ledger = ledger
    self.wallClock = wallClock
    self.appVersion =
      appVersion ?? Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString")
      as? String ?? "unknown"
    self.timeZone = timeZone
    self.budgets = budgets
    (ledger as? any PolicyReportingLedger)?.report(through: self)
    reportInvalidBudgets(changedFrom: [:])
  }

  /// Reports a diagnostic about this policy or its ledger: to the observers of each dispatch
  /// that uses the policy, and once to the diagnostic handler of the first one's domain. One
  /// reported while no dispatch uses the policy goes to the handler of the current settings
  /// (``AlertDispatchSettings/current``) at once, and to the observers of the first dispatch
  /// that takes the policy when it does.
  public func report(_ message: String) {
    users.removeAll { $0.node == nil }
    guard let first = users.first?.node else {
      unobserved.append(message)
      let event = AlertEvent(time: .zero, kind: .diagnostic(message), dispatch: "frequency policy")
      Engine.shared.carryOut(.diagnoseUnheard(event), for: nil)
      return
    }
    for user in users.dropFirst() { user.node?.notifyObservers(.diagnostic(message)) }
    first.diagnose(message)
  }

  /// Hands diagnostics the diagnostic handler already received to the observers of the
  /// dispatches that use the policy, or of the first one to take it.
  package func reportToObservers(_ messages: [String]) {
    users.removeAll { $0.node == nil }
    guard !users.isEmpty else { return unobserved += messages }
    for user in users {
      for message in messages { user.node?.notifyObservers(.diagnostic(message)) }
    }
  }

  /// Called when `node` takes this policy as its own.
  func adopted(by node: DispatchNode) {
    users.append(PolicyUser(node: node))
    let messages = unobserved
    unobserved = []
    for message in messages { node.notifyObservers(.diagnostic(message)) }
  }

  /// Called when `node` gives this policy up.
  func abandoned(by node: DispatchNode) {
    users.removeAll { $0.node == nil || $0.node === node }
  }

  /// How many shows of `ledgerKey` the ledger holds in `window` now, plus those on screen that
  /// will count when dismissed.
  func shows(of ledgerKey: String, in window: FrequencyWindow) -> Int {
    let now = wallClock.now
    let records = ledger.records(for: ledgerKey)
    let held = heldShows[ledgerKey, default: 0]
    switch window {
    case .ever:
      return records.count + held
    case .launch:
      let launch = ledger.launchID
      return records.count { $0.launchID == launch } + held
    case .version:
      return records.count { $0.appVersion == appVersion } + held
    case .rolling(let period):
      let start = now.addingTimeInterval(-Self.seconds(period))
      return records.count { $0.date > start } + held
    case .day(let zone):
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone ?? timeZone
      return records.count { calendar.isDate($0.date, inSameDayAs: now) } + held
    }
  }

  /// Counts a show under `keys` now, for an alert of `node`'s domain.
  func record(_ keys: [String], by node: DispatchNode?) {
    countShow(keys)
    tellDomains(.counted, keys, by: node)
  }

  /// Holds a place in the count for an alert of `node`'s domain that counts when dismissed.
  func hold(_ keys: [String], by node: DispatchNode?) {
    holdShow(keys)
    tellDomains(.held, keys, by: node)
  }

  /// Gives back a place taken by ``hold(_:by:)``.
  func release(_ keys: [String], by node: DispatchNode?) {
    releaseShow(keys)
    tellDomains(.released, keys, by: node)
  }

  /// Counts a show under `keys` now. Without a domain to tell the others of: a replay's
  /// stand-in for another domain that shares the policy (`count-show`).
  package func countShow(_ keys: [String]) {
    let now = wallClock.now
    let records = keys.map {
      FrequencyRecord(key: $0, date: now, appVersion: appVersion, launchID: ledger.launchID)
    }
    Engine.shared.carryOut(.countShows(records, in: ledger), for: nil)
  }

  /// Holds a place under `keys`, as an alert that counts when dismissed does while it is up
  /// (`hold-show`, for another domain's).
  package func holdShow(_ keys: [String]) {
    for key in keys { heldShows[key, default: 0] += 1 }
  }

  /// Gives back a place ``holdShow(_:)`` took (`release-show`).
  package func releaseShow(_ keys: [String]) {
    for key in keys {
      heldShows[key, default: 0] -= 1
      if heldShows[key] ?? 0 <= 0 { heldShows[key] = nil }
    }
  }

  /// Reports a change of the counts made for `node`'s domain to its recorder, and to the
  /// recorders of the other domains that use the policy: the caps of their alerts read it.
  private func tellDomains(_ change: ShowCountChange, _ keys: [String], by node: DispatchNode?) {
    let acting = node?.root
    acting?.report(.showCount(change, keys: keys, elsewhere: false))
    var told: [DispatchNode] = []
    for user in users {
      guard let root = user.node?.root, root !== acting, !told.contains(where: { $0 === root })
      else { continue }
      told.append(root)
      root.report(.showCount(change, keys: keys, elsewhere: true))
    }
  }

  private func reportInvalidBudgets(changedFrom old: [String: FrequencyBudget]) {
    for (category, budget) in budgets.sorted(by: { $0.key < $1.key }) where old[category] != budget
    {
      if let error = budget.validationError {
        report("budget of category '\(category)' ignored: \(error)")
      }
    }
  }

  private static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) * 1e-18
  }
}

/// A ledger that, when the app gave it no destination for its diagnostics, reports them through
/// the policy that holds it (``FrequencyPolicy/report(_:)``).
package protocol PolicyReportingLedger: FrequencyLedger {
  /// Called by `policy` when it takes the ledger.
  func report(through policy: FrequencyPolicy)
}

/// A change of a policy's counts that one domain made and the others sharing the policy read.
package enum ShowCountChange: Sendable {
  /// A show was counted now.
  case counted
  /// A place was held for an alert that counts when dismissed.
  case held
  /// A held place was given back.
  case released
}

/// A dispatch that uses a policy, held weakly: the policy never keeps a screen alive.
private struct PolicyUser {
  weak var node: DispatchNode?
}

/// A show that counts when the alert is dismissed: it holds a place in its policy's count while
/// the alert is up.
struct FrequencyCharge {
  let policy: FrequencyPolicy
  let keys: [String]
}
