import AlertDispatchKit
import AlertDispatchSimulator
import Foundation
import Testing

@MainActor
@Suite("Snippets: the lifecycle simulator", .timeLimit(.minutes(1)))
struct SimulatorSnippets {
  @Test func firstTest() {
    // snippet: simulator-first-test
    let sim = Simulator()
    let home = sim.screen("home")
    let nav = sim.window.setRoot(sim.navigation("nav", root: home))
    home.dispatch.add(AlertRequest(id: "notifications", priority: .high))
    home.dispatch.add(AlertRequest(id: "in-app-push", priority: .high))

    nav.push(sim.screen("settings"), animated: true)  // over the first alert
    sim.advance(by: .milliseconds(350))  // the push ends
    nav.pop(animated: false)
    sim.presenter.tap("notifications", "Allow")

    #expect(
      sim.transcript.mismatch([
        "viewWillAppear @nav", "viewWillAppear @home", "viewDidAppear @nav",
        "viewDidAppear @home",
        "present notifications @home",
        "viewWillDisappear @home", "hide notifications @home", "viewWillAppear @settings",
        "viewDidDisappear @home", "viewDidAppear @settings",
        "viewWillDisappear @settings", "viewWillAppear @home",
        "viewDidDisappear @settings", "viewDidAppear @home", "restore notifications @home",
        "tap notifications Allow", "end notifications: dismissed(Allow)",
        "present in-app-push @home",
      ]) == nil)
    #expect(sim.invariantViolations().isEmpty)
    // end-snippet
  }

  @Test func transition() {
    let sim = Simulator()
    let nav = sim.window.setRoot(sim.navigation("nav", root: sim.screen("home")))
    sim.transcript.clear()
    // snippet: simulator-transition
    nav.push(sim.screen("detail"), animated: true)
    sim.window.dispatch.add(AlertRequest(id: "update"))
    // refuse update @window: transition running
    sim.advance(by: .milliseconds(350))
    // viewDidDisappear @home, viewDidAppear @detail, present update @window
    // end-snippet
    #expect(
      sim.transcript.lines == [
        "viewWillDisappear @home", "viewWillAppear @detail",
        "refuse update @window: transition running",
        "refuse update @window: transition running",
        "refuse update @window: transition running",
        "viewDidDisappear @home", "viewDidAppear @detail", "present update @window",
      ])
  }

  @Test func presenter() {
    let sim = Simulator()
    let home = sim.window.setRoot(sim.screen("home"))
    sim.transcript.clear()
    // snippet: simulator-presenter
    sim.presenter.refusal = "no host"  // every presentation is refused…
    home.dispatch.add(AlertRequest(id: "a"))
    sim.presenter.refusal = nil  // …until the host is back: the retry shows it
    sim.advance(by: .milliseconds(100))

    sim.presenter.presentDuration = .milliseconds(200)  // animate in and out
    sim.presenter.dismissDuration = .milliseconds(200)
    sim.presenter.tap("a", "OK")  // ends as dismissed(OK) once animated out
    // end-snippet
    sim.advance(by: .milliseconds(200))
    #expect(
      sim.transcript.lines == [
        "refuse a @home: no host", "present a @home", "tap a OK", "end a: dismissed(OK)",
      ])
  }

  @Test func linkTabs() {
    // snippet: simulator-link-tabs
    let sim = Simulator(linksByDefault: false)
    let feed = sim.screen("feed")
    let profile = sim.screen("profile")
    let tabs = sim.tabs("tabs", [feed, profile])
    sim.window.setRoot(sim.navigation("nav", root: tabs))
    sim.link(sim.window)  // one domain: window → nav → tabs → selected tab

    feed.dispatch.add(AlertRequest(id: "feed-tip"))
    tabs.dispatch.add(AlertRequest(id: "whats-new", priority: .high))  // hides feed-tip
    tabs.select(profile)  // feed-tip stays hidden; whats-new stays up
    // end-snippet
    #expect(feed.dispatch.parent === tabs.dispatch)
    #expect(
      Array(sim.transcript.lines.suffix(7)) == [
        "present feed-tip @feed", "hide feed-tip @feed", "present whats-new @tabs",
        "viewWillDisappear @feed", "viewWillAppear @profile", "viewDidDisappear @feed",
        "viewDidAppear @profile",
      ])
  }

  @Test func linkedSheet() {
    let sim = Simulator()
    let home = sim.screen("home")
    sim.window.setRoot(sim.navigation("nav", root: home))
    sim.link(sim.window)
    home.dispatch.add(AlertRequest(id: "rate-us"))
    sim.transcript.clear()
    // snippet: simulator-linked-sheet
    let settings = sim.screen("settings")
    home.present(settings, style: .pageSheet, animated: false)
    // viewWillAppear @settings, hide rate-us @home, viewDidAppear @settings
    settings.dispatch.add(AlertRequest(id: "sign-in-error"))  // shows on the sheet
    settings.dismiss(animated: false)
    // … dismiss sign-in-error @settings, restore rate-us @home
    // end-snippet
    #expect(
      sim.transcript.lines == [
        "viewWillAppear @settings", "hide rate-us @home", "viewDidAppear @settings",
        "present sign-in-error @settings",
        "viewWillDisappear @settings", "hide sign-in-error @settings",
        "viewDidDisappear @settings", "dismiss sign-in-error @settings",
        "end sign-in-error: cancelled(owner closed)", "restore rate-us @home",
      ])
  }

  @Test func relaunch() {
    // snippet: simulator-relaunch
    let app = AppLaunches(start: Date(timeIntervalSince1970: 1_777_622_400)) { sim, policy in
      let home = sim.window.setRoot(sim.screen("home"))
      sim.window.dispatch.frequencyPolicy = policy  // the root's policy counts for the window
      sim.link(sim.window)
      home.dispatch.add(AlertRequest(id: "bonus", cap: .oncePerDay()))
    }
    app.simulator.presenter.tap("bonus", "Claim")
    app.relaunch(after: .seconds(3_600))  // the same day: bonus is capped
    app.relaunch(after: .seconds(86_400), appVersion: "2.0")  // the next day: it shows
    // end-snippet
    #expect(app.simulator.presenter.onScreen.map(\.id) == ["bonus"])
    #expect(app.ledger.records(for: "bonus").count == 2)
  }
}
