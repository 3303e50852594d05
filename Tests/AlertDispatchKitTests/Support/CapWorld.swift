import AlertDispatchKit
import AlertDispatchSimulator
import Foundation

/// What outlives a launch of the app: the ledger's records, the date, the version.
@MainActor
final class CapWorld {
  let wall: VirtualWallClock
  private(set) var ledger = InMemoryFrequencyLedger()
  var appVersion = "1.0"
  var timeZone = newYork
  var budgets: [String: FrequencyBudget] = [:]
  private var launches = 0

  init(at start: Date) {
    wall = VirtualWallClock(start: start)
  }

  /// The next launch: a new fixture and dispatch, a new ledger instance over the same records.
  func launch() -> (Fixture, AlertDispatch) {
    if launches > 0 { ledger = ledger.nextLaunch() }
    launches += 1
    let f = Fixture()
    let home = f.dispatch("home")
    home.frequencyPolicy = policy()
    return (f, home)
  }

  func policy() -> FrequencyPolicy {
    FrequencyPolicy(
      ledger: ledger, wallClock: wall, appVersion: appVersion, timeZone: timeZone,
      budgets: budgets)
  }

  func shows(_ key: String) -> Int { ledger.records(for: key).count }
}
