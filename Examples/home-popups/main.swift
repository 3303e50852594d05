// The home page at launch, three times: an update notice (the highest), a sign-in bonus capped
// once a day, a promotion that waits for a network answer (with a deadline), and a toast lane
// beside them. The ledger of shows outlives each launch, as a file would.
import AlertDispatchKit
import AlertDispatchSimulator
import Foundation

extension AlertLane {
  /// Toasts never wait for the modal alerts, nor for each other.
  static let toast = AlertLane("toast", capacity: .unlimited)
}

/// The calendar time of a launch: a date that moves with the simulator's clock.
@MainActor
final class LaunchDate: WallClock {
  let start: Date
  let clock: VirtualClock
  init(_ start: Date, _ clock: VirtualClock) {
    self.start = start
    self.clock = clock
  }
  var now: Date {
    start.addingTimeInterval(Double(clock.now.offset.components.seconds))
  }
}

/// The user taps a button of each modal alert 1.5 s after it goes up.
let choices: [AlertID: String] = ["update": "Later", "bonus": "Claim", "promo": "Close"]

@MainActor
func launch(_ story: String, at date: Date, ledger: any FrequencyLedger, network: Duration?) {
  print(story)
  let sim = Simulator(windowName: "main")
  let home = sim.window.setRoot(sim.screen("home")).dispatch
  // The window is one domain: its root dispatch holds the policy for every screen in it.
  sim.window.dispatch.frequencyPolicy = FrequencyPolicy(
    ledger: ledger, wallClock: LaunchDate(date, sim.clock), appVersion: "1.0",
    timeZone: TimeZone(identifier: "UTC")!)
  let trace = AlertTrace()
  trace.attach(to: home)
  home.observe { event in
    guard event.kind == .shown, let id = event.alertID, let button = choices[id] else { return }
    _ = sim.clock.schedule(at: sim.now + .milliseconds(1500)) { sim.presenter.tap(id, button) }
  }

  home.add(AlertRequest(id: "update", priority: .critical, cap: .oncePerVersion()))
  home.add(AlertRequest(id: "bonus", cap: .oncePerDay()))
  let promo = home.add(
    AlertRequest(
      id: "promo", priority: .low, readiness: .pending,
      timing: AlertTiming(readinessDeadline: .seconds(3))))
  home.add(
    AlertRequest(id: "welcome", lane: .toast, timing: AlertTiming(autoDismiss: .seconds(2))))
  if let network {
    _ = sim.clock.schedule(at: sim.now + network) { promo.markReady() }
  }
  sim.advance(by: .seconds(6))
  print(trace.timeline(until: sim.now, width: 48))
  print()
}

MainActor.assumeIsolated {
  let ledger = InMemoryFrequencyLedger()
  let morning = Date(timeIntervalSince1970: 1_767_258_000)  // 2026-01-01 09:00 UTC
  launch(
    "Launch 1 — 9:00. The update notice goes first, the toast beside it; the bonus, then the\n"
      + "promotion (its network answer came at 1 s) follow in priority order.",
    at: morning, ledger: ledger, network: .seconds(1))
  launch(
    "Launch 2 — 11:00 the same day. The update was shown for this version and the bonus\n"
      + "today: both are capped. The promotion goes up at once.",
    at: morning + 2 * 3600, ledger: ledger.nextLaunch(), network: .seconds(1))
  launch(
    "Launch 3 — 9:00 the next day. A new day brings the bonus back; the network never\n"
      + "answers, so the promotion ends at its 3 s deadline.",
    at: morning + 24 * 3600, ledger: ledger.nextLaunch(), network: nil)
}
