/// What every scheduler under test (AlertDispatch and each baseline) offers the workloads.
///
/// Schedulers that know no screens (the ring buffer, the FIFO queue and the sorted pool) take the screen events as
/// no-ops and keep one flat queue; the same script runs on all of them.
@MainActor
protocol BenchScheduler: AnyObject {
  /// Builds the scenario's screens and adds its offstage alerts (untimed).
  init(scenario: Scenario)
  /// The scheduler a measurement uses; by default a new one. Two schedulers measured together
  /// take different slots, so that neither is handed a scheduler the other is using.
  static func make(for scenario: Scenario, slot: Int) -> Self
  /// Adds one alert (one event).
  func add(_ alert: AlertSpec)
  /// The user closes the alert in front (one event); false when nothing is in front.
  func dismissFront() -> Bool
  /// Tab `from` disappears and tab `to` appears and becomes the active child (two events).
  func switchTab(from: Int, to: Int)
}

extension BenchScheduler {
  static func make(for scenario: Scenario, slot: Int) -> Self { Self(scenario: scenario) }
}

/// The scripts of the workloads, shared by every scheduler. Each returns the events it made.
enum Driver {
  /// One whole run of `scenario`'s script.
  @MainActor
  static func run<S: BenchScheduler>(_ scheduler: S, _ scenario: Scenario) -> Int {
    var cursor = ScriptCursor()
    return cursor.advance(scheduler, scenario, budget: .max)
  }
}

/// Where a run of a workload's script has got to, so that runs can be made in slices (see
/// `measurePair`): all adds, then for churn tab switches each followed by a dismiss, for the
/// others dismisses until nothing is in front.
///
/// With an unlimited budget, `advance` makes exactly one whole run, in the same tight loops a
/// script without slices would run.
struct ScriptCursor {
  private var added = 0
  private var dismissed = 0
  private var current = 0
  private var idleSwitches = 0
  /// Runs finished since the cursor was made.
  private(set) var finishedRuns = 0

  /// Whether the cursor stands between two runs.
  var atRunBoundary: Bool { added == 0 }

  /// Makes about `budget` events of the script (a tab switch and its dismiss go together), and
  /// stops early where a run ends; returns the events made.
  @MainActor
  mutating func advance<S: BenchScheduler>(_ scheduler: S, _ scenario: Scenario, budget: Int)
    -> Int
  {
    // Worked on in locals and written back once, and each loop with one test per event, so
    // that the cursor costs no more per event than a plain loop over the script.
    var (added, dismissed, current, idleSwitches) = (
      self.added, self.dismissed, self.current, self.idleSwitches
    )
    var events = 0
    var ended = false
    defer {
      if ended {
        self = ScriptCursor(finishedRuns: finishedRuns + 1)
      } else {
        (self.added, self.dismissed, self.current, self.idleSwitches) = (
          added, dismissed, current, idleSwitches
        )
      }
    }
    let alerts = scenario.alerts
    if added < alerts.count {
      let end = added + min(alerts.count - added, budget)
      for alert in alerts[added..<end] { scheduler.add(alert) }
      events = end - added
      added = end
    }
    if scenario.workload == .churn {
      let tabs = scenario.tabs
      while dismissed < alerts.count && idleSwitches < 4 {
        guard events < budget else { return events }
        scheduler.switchTab(from: tabs[current], to: tabs[1 - current])
        current = 1 - current
        events += 2
        if scheduler.dismissFront() {
          dismissed += 1
          events += 1
          idleSwitches = 0
        } else {
          idleSwitches += 1
        }
      }
      precondition(dismissed == alerts.count, "churn lost alerts in \(S.self)")
      // Leave tab 0 selected for the next run.
      if current == 1 {
        scheduler.switchTab(from: tabs[1], to: tabs[0])
        events += 2
      }
    } else {
      // At most `budget - events` dismisses; the run ends at the call that finds nothing.
      let allowed = budget - events
      var left = allowed
      var emptied = false
      while left > 0 {
        guard scheduler.dismissFront() else {
          emptied = true
          break
        }
        left -= 1
      }
      dismissed += allowed - left
      events += allowed - left
      guard emptied else { return events }
      precondition(dismissed == alerts.count, "\(S.self) lost alerts")
    }
    ended = true
    return events
  }

  init() {}

  private init(finishedRuns: Int) {
    self.finishedRuns = finishedRuns
  }
}
