import AlertDispatchKit
import AlertDispatchSimulator
import Foundation
import Testing

/// What a cap or a budget counts: shows by category, shows cut short, restores, refusals, and
/// shows counted under a policy two roots share.
@MainActor
@Suite("Frequency caps: what counts as a show", .timeLimit(.minutes(1)))
struct FrequencyCountingTests {
  @Test("A category budget: at most two promotions per launch, whatever their ids")
  func budgetPerLaunch() {
    let world = CapWorld(at: date("2026-05-01 09:00"))
    world.budgets = ["promotion": FrequencyBudget(2, per: .launch)]
    var (f, home) = world.launch()
    for id: AlertID in ["spring-sale", "new-feature", "referral"] {
      f.add(id, to: home, cap: nil, category: "promotion")
    }
    f.add("rate-us", to: home, cap: nil, category: "rating")
    f.presenter.tap("spring-sale", "OK")
    f.presenter.tap("new-feature", "OK")
    f.expect([
      "present spring-sale @home", "tap spring-sale OK", "end spring-sale: dismissed(OK)",
      "present new-feature @home", "tap new-feature OK", "end new-feature: dismissed(OK)",
      "end referral: cancelled(frequency capped: 2 times per launch (category promotion))",
      "present rate-us @home",
    ])
    f.verify()

    (f, home) = world.launch()
    f.add("referral", to: home, cap: nil, category: "promotion")
    f.expect(["present referral @home"])
    #expect(world.shows("category:promotion") == 3)
    f.verify()
  }

  @Test("A budget per day counts alerts of the category across launches; a cap still applies")
  func budgetPerDay() {
    let world = CapWorld(at: date("2026-05-01 09:00"))
    world.budgets = ["rating": FrequencyBudget(1, per: .day)]
    var (f, home) = world.launch()
    f.add("rate-us", to: home, cap: .onceEver(), category: "rating")
    f.presenter.tap("rate-us", "Later")
    f.expect(["present rate-us @home", "tap rate-us Later", "end rate-us: dismissed(Later)"])
    f.verify(allEnded: true)

    (f, home) = world.launch()
    f.add("rate-us-2", to: home, cap: nil, category: "rating")
    #expect(
      f.take() == [
        "end rate-us-2: cancelled(frequency capped: once per day in America/New_York (category rating))"
      ])
    world.wall.advance(by: .seconds(86_400))
    f.add("rate-us-2", to: home, cap: .onceEver(key: "rate-us"), category: "rating")
    f.add("rate-us-3", to: home, cap: nil, category: "rating")
    f.expect([
      "end rate-us-2: cancelled(frequency capped: once ever (key rate-us))",
      "present rate-us-3 @home",
    ])
    f.verify()
  }

  @Test("Counting when dismissed: a show cut short does not count; one on screen holds its place")
  func countsWhenDismissed() {
    let world = CapWorld(at: date("2026-05-01 09:00"))
    let (f, home) = world.launch()
    let cap = FrequencyCap.onceEver(key: "whats-new", countsWhen: .dismissed)
    f.add("whats-new", to: home, cap: cap, interruption: .cancel)
    f.add("outage", to: home, priority: .critical)
    f.presenter.tap("outage", "OK")
    #expect(world.shows("whats-new") == 0)
    f.add("whats-new", to: home, cap: cap)
    f.add("whats-new-banner", to: home, cap: cap, lane: AlertLane("banner"))
    #expect(world.shows("whats-new") == 0)
    f.presenter.tap("whats-new", "Got it")
    f.add("whats-new", to: home, cap: cap)
    f.expect([
      "present whats-new @home", "dismiss whats-new @home",
      "end whats-new: cancelled(preempted by outage)", "present outage @home",
      "tap outage OK", "end outage: dismissed(OK)", "present whats-new @home",
      "end whats-new-banner: cancelled(frequency capped: once ever (key whats-new))",
      "tap whats-new Got it", "end whats-new: dismissed(Got it)",
      "end whats-new: cancelled(frequency capped: once ever (key whats-new))",
    ])
    #expect(world.shows("whats-new") == 1)
    f.verify(allEnded: true)
  }

  @Test("Counting when shown: a show cut short still counts")
  func countsWhenShown() {
    let world = CapWorld(at: date("2026-05-01 09:00"))
    let (f, home) = world.launch()
    f.add("promo", to: home, cap: .onceEver(), interruption: .cancel)
    f.add("outage", to: home, priority: .critical)
    f.presenter.tap("outage", "OK")
    f.add("promo", to: home, cap: .onceEver())
    f.expect([
      "present promo @home", "dismiss promo @home", "end promo: cancelled(preempted by outage)",
      "present outage @home", "tap outage OK", "end outage: dismissed(OK)",
      "end promo: cancelled(frequency capped: once ever (key promo))",
    ])
    f.verify(allEnded: true)
  }

  @Test("A restored alert is not a new show: neither capped nor counted again")
  func restoreIsNotAShow() {
    let world = CapWorld(at: date("2026-05-01 09:00"))
    let (f, home) = world.launch()
    f.add("promo", to: home, cap: .oncePerLaunch())
    f.add("urgent", to: home, priority: .critical)
    #expect(home.explain("promo") == .outranked(by: ["urgent"]))
    f.presenter.tap("urgent", "OK")
    home.disappear()
    home.appear()
    f.presenter.tap("promo", "OK")
    f.expect([
      "present promo @home", "hide promo @home", "present urgent @home", "tap urgent OK",
      "end urgent: dismissed(OK)", "restore promo @home", "hide promo @home",
      "restore promo @home", "tap promo OK", "end promo: dismissed(OK)",
    ])
    #expect(world.shows("promo") == 1)
    f.verify(allEnded: true)
  }

  @Test("A refused presentation is not a show; the retry that goes up is counted once")
  func refusalIsNotAShow() {
    let world = CapWorld(at: date("2026-05-01 09:00"))
    let (f, home) = world.launch()
    f.presenter.refusal = "no host"
    f.add("promo", to: home, cap: .onceEver())
    #expect(world.shows("promo") == 0)
    f.presenter.refusal = nil
    f.clock.advance(by: .milliseconds(100))
    f.expect(["refuse promo @home: no host", "present promo @home"])
    #expect(world.shows("promo") == 1)
    f.verify()
  }

  @Test("Two roots that share a policy share the counts")
  func sharedPolicy() {
    let world = CapWorld(at: date("2026-05-01 09:00"))
    let f = Fixture()
    let policy = world.policy()
    let sceneA = f.dispatch("scene-a")
    let sceneB = f.dispatch("scene-b")
    sceneA.frequencyPolicy = policy
    sceneB.frequencyPolicy = policy
    f.add("offer-a", to: sceneA, cap: .oncePerLaunch(key: "offer"))
    f.add("offer-b", to: sceneB, cap: .oncePerLaunch(key: "offer"))
    f.expect([
      "present offer-a @scene-a",
      "end offer-b: cancelled(frequency capped: once per launch (key offer))",
    ])
    f.verify()
  }
}
