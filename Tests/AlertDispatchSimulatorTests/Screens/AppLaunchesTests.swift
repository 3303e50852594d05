import AlertDispatchKit
import AlertDispatchSimulator
import Foundation
import Testing

@MainActor
@Suite("App launches: relaunch with the ledger, the date and the version carried over")
struct AppLaunchesTests {
  /// An app whose home screen offers a daily bonus, a tip once per launch and what's new once
  /// per version.
  func app(start: Date) -> AppLaunches {
    AppLaunches(start: start) { sim, policy in
      let home = sim.window.setRoot(sim.screen("home"))
      sim.window.dispatch.frequencyPolicy = policy
      sim.link(sim.window)
      home.dispatch.add(AlertRequest(id: "bonus", cap: .oncePerDay()))
      home.dispatch.add(AlertRequest(id: "tip", cap: .oncePerLaunch()))
      home.dispatch.add(AlertRequest(id: "whats-new", cap: .oncePerVersion()))
    }
  }

  /// What each alert of the current launch did, in the order they went up or ended.
  func shown(_ app: AppLaunches) -> [String] {
    var shown: [String] = []
    while let front = app.simulator.presenter.onScreen.first {
      shown.append(front.id.rawValue)
      app.simulator.presenter.tap(front.id, "OK")
    }
    return shown
  }

  @Test(
    "Each cap counts across launches: per launch, per day in the wall clock's zone, per version")
  func capsAcrossLaunches() {
    let start = Date(timeIntervalSince1970: 1_777_622_400)  // 2026-05-01 08:00 UTC
    let app = app(start: start)
    #expect(shown(app) == ["bonus", "tip", "whats-new"])
    #expect(app.launchCount == 1)

    app.relaunch(after: .seconds(3_600))
    #expect(shown(app) == ["tip"])
    #expect(app.wallClock.now == start.addingTimeInterval(3_600))
    #expect(app.launchCount == 2)

    app.relaunch(after: .seconds(86_400), appVersion: "2.0")
    #expect(shown(app) == ["bonus", "tip", "whats-new"])
    #expect(app.appVersion == "2.0" && app.ledger.allRecords.count == 7)
  }

  @Test("Quitting closes every dispatch of the launch: its unfinished alerts end as owner closed")
  func quitEndsTheLaunchsAlerts() {
    let app = AppLaunches(start: Date(timeIntervalSince1970: 0)) { sim, _ in
      _ = sim.window.setRoot(sim.screen("home"))
    }
    let first = app.simulator
    let waiting = first.window.rootScreen!.dispatch.add(
      AlertRequest(id: "later", readiness: .pending))
    let shown = first.window.dispatch.add(AlertRequest(id: "now"))
    app.relaunch()
    #expect(waiting.endedOutcome == .cancelled(.ownerClosed))
    #expect(shown.endedOutcome == .cancelled(.ownerClosed))
    #expect(first.window.dispatch.isClosed && app.simulator !== first)
    #expect(app.simulator.window.rootScreen?.name == "home")
  }
}
