public import AlertDispatchKit
public import Foundation

/// An app that a test quits and launches again, with what outlives a launch carried over: the
/// frequency ledger (as the next launch sees it), the wall clock and the app version.
///
/// Each launch is a new ``Simulator``; `setUp` builds the app's screens in it, as the app does
/// at launch, and gets the launch's ``FrequencyPolicy`` to give the roots it makes:
///
/// ```swift
/// let app = AppLaunches(start: someDate) { sim, policy in
///   let home = sim.window.setRoot(sim.screen("home"))
///   sim.window.dispatch.frequencyPolicy = policy
///   sim.link(sim.window)
///   home.dispatch.add(AlertRequest(id: "bonus", cap: .oncePerDay()))
/// }
/// app.simulator.presenter.tap("bonus", "Claim")
/// app.relaunch(after: .seconds(3_600))      // same day: bonus is capped
/// app.relaunch(after: .seconds(86_400), appVersion: "2.0")
/// ```
///
/// A relaunch quits the current launch (``Simulator/quit()``: its alerts end as owner closed),
/// moves the wall clock on by the gap, and launches a new simulator over the next launch of the
/// ledger. The wall clock follows each launch's virtual clock, so timers that fire within a
/// launch move the date too.
@MainActor
public final class AppLaunches {
  /// The current launch's simulator.
  public private(set) var simulator: Simulator
  /// The current launch's frequency policy, over ``ledger``, ``wallClock`` and ``appVersion``.
  public private(set) var policy: FrequencyPolicy
  /// The current launch's view of the ledger that every launch shares.
  public private(set) var ledger: InMemoryFrequencyLedger
  /// The date, which goes on across launches.
  public private(set) var wallClock: VirtualWallClock
  /// The app's version in the current launch.
  public private(set) var appVersion: String
  /// How many launches there have been, this one included.
  public private(set) var launchCount = 1

  private let timeZone: TimeZone
  private let budgets: [String: FrequencyBudget]
  private let setUp: @MainActor (Simulator, FrequencyPolicy) -> Void

  /// Launches the app for the first time.
  ///
  /// - Parameters:
  ///   - start: The date at the first launch.
  ///   - appVersion: The app's version at the first launch.
  ///   - timeZone: The time zone calendar caps count days in (UTC by default, so that a test
  ///     reads the same everywhere).
  ///   - budgets: The category budgets of every launch's policy.
  ///   - ledger: The ledger's records before the first launch.
  ///   - setUp: Builds the app in a launch's simulator, with the launch's policy.
  public init(
    start: Date, appVersion: String = "1.0", timeZone: TimeZone = TimeZone(identifier: "UTC")!,
    budgets: [String: FrequencyBudget] = [:], ledger: InMemoryFrequencyLedger = .init(),
    setUp: @escaping @MainActor (Simulator, FrequencyPolicy) -> Void
  ) {
    let simulator = Simulator()
    let wallClock = VirtualWallClock(start: start, following: simulator.clock)
    self.simulator = simulator
    self.wallClock = wallClock
    self.ledger = ledger
    self.appVersion = appVersion
    self.timeZone = timeZone
    self.budgets = budgets
    self.setUp = setUp
    policy = FrequencyPolicy(
      ledger: ledger, wallClock: wallClock, appVersion: appVersion, timeZone: timeZone,
      budgets: budgets)
    setUp(simulator, policy)
  }

  /// Quits the app and launches it again `gap` later, as version `appVersion` (the same one
  /// when `nil`): the new launch sees every record the ledger kept, and the date has moved on.
  public func relaunch(after gap: Duration = .zero, appVersion: String? = nil) {
    simulator.quit()
    let date = wallClock.now
    simulator = Simulator(
      transitionDuration: simulator.transitionDuration, settings: simulator.settings)
    wallClock = VirtualWallClock(start: date, following: simulator.clock)
    wallClock.advance(by: gap)
    ledger = ledger.nextLaunch()
    if let appVersion { self.appVersion = appVersion }
    launchCount += 1
    policy = FrequencyPolicy(
      ledger: ledger, wallClock: wallClock, appVersion: self.appVersion, timeZone: timeZone,
      budgets: budgets)
    setUp(simulator, policy)
  }
}
