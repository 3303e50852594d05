import AlertDispatchKit
import AlertDispatchSimulator
import Foundation
import Testing

/// How caps meet the rules of a pass: priorities, lanes, preemption and dependencies.
@MainActor
@Suite("Frequency caps in a pass", .timeLimit(.minutes(1)))
struct FrequencyCapPassTests {
  @Test("Priorities: the best of two alerts of one campaign shows, the other ends capped")
  func priorities() {
    let world = CapWorld(at: date("2026-05-01 09:00"))
    let (f, home) = world.launch()
    home.disappear()
    f.add("offer-small", to: home, cap: .oncePerLaunch(key: "offer"), priority: .low)
    f.add("offer-big", to: home, cap: .oncePerLaunch(key: "offer"), priority: .high)
    home.appear()
    f.presenter.tap("offer-big", "OK")
    f.expect([
      "present offer-big @home", "tap offer-big OK", "end offer-big: dismissed(OK)",
      "end offer-small: cancelled(frequency capped: once per launch (key offer))",
    ])
    f.verify(allEnded: true)
  }

  @Test("Lanes: one pass counts what it presents, in other lanes and in an unlimited lane")
  func samePass() {
    let world = CapWorld(at: date("2026-05-01 09:00"))
    let (f, home) = world.launch()
    let toasts = AlertLane("toast", capacity: .unlimited)
    home.disappear()
    f.add("bonus-modal", to: home, cap: .oncePerLaunch(key: "bonus"))
    f.add("bonus-toast", to: home, cap: .oncePerLaunch(key: "bonus"), lane: toasts)
    f.add("hint-1", to: home, cap: .times(2, per: .seconds(60), key: "hint"), lane: toasts)
    f.add("hint-2", to: home, cap: .times(2, per: .seconds(60), key: "hint"), lane: toasts)
    f.add("hint-3", to: home, cap: .times(2, per: .seconds(60), key: "hint"), lane: toasts)
    home.appear()
    f.expect([
      "present bonus-modal @home",
      "end bonus-toast: cancelled(frequency capped: once per launch (key bonus))",
      "present hint-1 @home", "present hint-2 @home",
      "end hint-3: cancelled(frequency capped: 2 times per rolling 1min (key hint))",
    ])
    #expect(world.shows("hint") == 2)
    f.verify()
  }

  @Test("A capped alert never preempts: the alert it would have replaced stays up")
  func cappedDoesNotPreempt() {
    let world = CapWorld(at: date("2026-05-01 09:00"))
    let (f, home) = world.launch()
    world.ledger.append([
      FrequencyRecord(
        key: "sale", date: world.wall.now, appVersion: "1.0", launchID: world.ledger.launchID)
    ])
    f.add("low", to: home, priority: .low, interruption: .cancel)
    f.add("flash-sale", to: home, cap: .oncePerLaunch(key: "sale"), priority: .critical)
    f.expect([
      "present low @home",
      "end flash-sale: cancelled(frequency capped: once per launch (key sale))",
    ])
    f.verify()
  }

  @Test("Dependencies: a dependency on a capped alert is satisfied, since it ended")
  func dependencyOnCapped() {
    let world = CapWorld(at: date("2026-05-01 09:00"))
    let (f, home) = world.launch()
    world.ledger.append([
      FrequencyRecord(
        key: "rating", date: world.wall.now, appVersion: "1.0", launchID: world.ledger.launchID)
    ])
    f.add("welcome", to: home)
    f.add("survey", to: home, after: ["rating"])
    f.add("rating", to: home, cap: .oncePerLaunch())
    #expect(home.explain("survey") == .waitingForDependencies(["rating"]))
    f.presenter.tap("welcome", "OK")
    f.expect([
      "present welcome @home", "tap welcome OK", "end welcome: dismissed(OK)",
      "end rating: cancelled(frequency capped: once per launch (key rating))",
      "present survey @home",
    ])
    f.verify()
  }
}
