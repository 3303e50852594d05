/// What every scheduler under test (AlertDispatch and each baseline) offers the workloads.
///
/// Schedulers that know no screens (the ring buffer, seeds 000 and 002) take the screen events as
/// no-ops and keep one flat queue; the same script runs on all of them.
@MainActor
protocol BenchScheduler: AnyObject {
  /// Builds the scenario's screens and adds its offstage alerts (untimed).
  init(scenario: Scenario)
  /// The scheduler a measurement uses; by default a new one.
  static func make(for scenario: Scenario) -> Self
  /// Adds one alert (one event).
  func add(_ alert: AlertSpec)
  /// The user closes the alert in front (one event); false when nothing is in front.
  func dismissFront() -> Bool
  /// Tab `from` disappears and tab `to` appears and becomes the active child (two events).
  func switchTab(from: Int, to: Int)
}

extension BenchScheduler {
  static func make(for scenario: Scenario) -> Self { Self(scenario: scenario) }
}

/// The scripts of the workloads, shared by every scheduler. Each returns the events it made.
enum Driver {
  @MainActor
  static func run<S: BenchScheduler>(_ scheduler: S, _ scenario: Scenario) -> Int {
    var events = 0
    for alert in scenario.alerts {
      scheduler.add(alert)
    }
    events += scenario.alerts.count
    if scenario.workload == .churn {
      var current = 0
      var dismissed = 0
      var idleSwitches = 0
      while dismissed < scenario.alerts.count && idleSwitches < 4 {
        scheduler.switchTab(from: scenario.tabs[current], to: scenario.tabs[1 - current])
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
      precondition(dismissed == scenario.alerts.count, "churn lost alerts in \(S.self)")
      // Leave tab 0 selected for the next run.
      if current == 1 {
        scheduler.switchTab(from: scenario.tabs[1], to: scenario.tabs[0])
        events += 2
      }
    } else {
      var dismissed = 0
      while scheduler.dismissFront() { dismissed += 1 }
      events += dismissed
      precondition(dismissed == scenario.alerts.count, "\(S.self) lost alerts")
    }
    return events
  }
}
