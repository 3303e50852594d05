import AlertDispatchKit
import AlertDispatchSimulator
import Foundation
import Testing

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

@MainActor
@Suite("Frequency caps")
struct FrequencyCapTests {
  @Test("Once ever: capped for the rest of the launch and in every later launch")
  func onceEver() {
    let world = CapWorld(at: date("2026-05-01 09:00"))
    var (f, home) = world.launch()
    f.add("tip", to: home, cap: .onceEver())
    f.presenter.tap("tip", "OK")
    f.add("tip", to: home, cap: .onceEver())
    f.expect([
      "present tip @home", "tap tip OK", "end tip: dismissed(OK)",
      "end tip: cancelled(frequency capped: once ever (key tip))",
    ])
    f.verify(allEnded: true)

    world.wall.advance(by: .seconds(400 * 86_400))
    (f, home) = world.launch()
    let again = f.add("tip", to: home, cap: .onceEver())
    f.expect(["end tip: cancelled(frequency capped: once ever (key tip))"])
    #expect(again.endedOutcome == .cancelled(.frequencyCapped("once ever (key tip)")))
    #expect(world.shows("tip") == 1)
    f.verify(allEnded: true)
  }

  @Test("The cap is checked when the alert would go up, not when it is added; explain names it")
  func checkedAtGoingUp() {
    let world = CapWorld(at: date("2026-05-01 09:00"))
    let (f, home) = world.launch()
    f.add("update", to: home, priority: .high)
    f.add("promo", to: home, cap: .onceEver(key: "spring"))
    #expect(home.explain("promo") == .outranked(by: ["update"]))
    // The same campaign goes up as a toast while the modal promo waits.
    f.add("promo-toast", to: home, cap: .onceEver(key: "spring"), lane: AlertLane("toast"))
    #expect(home.explain("promo") == .capped("once ever (key spring)"))
    #expect(home.explain("promo").description == "capped: once ever (key spring)")
    f.presenter.tap("update", "Later")
    f.expect([
      "present update @home", "present promo-toast @home", "tap update Later",
      "end update: dismissed(Later)",
      "end promo: cancelled(frequency capped: once ever (key spring))",
    ])

    // The other way round: capped when added, allowed by the time its turn comes.
    f.add("news", to: home, priority: .high)
    f.add("promo", to: home, cap: .onceEver(key: "spring"))
    #expect(home.explain("promo") == .capped("once ever (key spring)"))
    world.ledger.removeRecords(for: "spring")
    #expect(home.explain("promo") == .outranked(by: ["news"]))
    f.presenter.tap("news", "OK")
    f.expect([
      "present news @home", "tap news OK", "end news: dismissed(OK)", "present promo @home",
    ])
    f.verify()
  }

  @Test("Once per launch: a new ledger instance over the same records is a new launch")
  func oncePerLaunch() {
    let world = CapWorld(at: date("2026-05-01 09:00"))
    var (f, home) = world.launch()
    f.add("welcome-back", to: home, cap: .oncePerLaunch())
    f.presenter.tap("welcome-back", "OK")
    f.add("welcome-back", to: home, cap: .oncePerLaunch())
    f.expect([
      "present welcome-back @home", "tap welcome-back OK", "end welcome-back: dismissed(OK)",
      "end welcome-back: cancelled(frequency capped: once per launch (key welcome-back))",
    ])
    f.verify(allEnded: true)

    (f, home) = world.launch()
    f.add("welcome-back", to: home, cap: .oncePerLaunch())
    f.expect(["present welcome-back @home"])
    #expect(world.shows("welcome-back") == 2)
    f.verify()
  }

  @Test("Once per day: around midnight in the cap's time zone, across launches")
  func oncePerDayAtMidnight() {
    let world = CapWorld(at: date("2026-05-01 23:59"))
    var (f, home) = world.launch()
    let cap = FrequencyCap.oncePerDay(in: newYork, key: "sign-in-bonus")
    f.add("bonus", to: home, cap: cap)
    f.presenter.tap("bonus", "Claim")
    world.wall.advance(by: .seconds(59))
    f.add("bonus", to: home, cap: cap)
    f.expect([
      "present bonus @home", "tap bonus Claim", "end bonus: dismissed(Claim)",
      "end bonus: cancelled(frequency capped: once per day in America/New_York (key sign-in-bonus))",
    ])
    f.verify(allEnded: true)

    world.wall.advance(by: .seconds(1))  // 2026-05-02 00:00:00 in New York
    (f, home) = world.launch()
    f.add("bonus", to: home, cap: cap)
    f.presenter.tap("bonus", "Claim")
    f.add("bonus", to: home, cap: cap)
    f.expect([
      "present bonus @home", "tap bonus Claim", "end bonus: dismissed(Claim)",
      "end bonus: cancelled(frequency capped: once per day in America/New_York (key sign-in-bonus))",
    ])
    f.verify(allEnded: true)
  }

  @Test("Once per day across daylight-saving changes: calendar days of 23 and 25 hours")
  func oncePerDayAcrossDST() {
    let cap = FrequencyCap.oncePerDay(in: newYork, key: "bonus")
    let capped =
      "end bonus: cancelled(frequency capped: once per day in America/New_York (key bonus))"
    // 2026-03-08: clocks go from 2:00 EST to 3:00 EDT; the day has 23 hours.
    let world = CapWorld(at: date("2026-03-08 00:10"))
    let (f, home) = world.launch()
    f.add("bonus", to: home, cap: cap)
    f.presenter.tap("bonus", "OK")
    world.wall.set(date("2026-03-08 23:59"))
    f.add("bonus", to: home, cap: cap)
    world.wall.set(date("2026-03-09 00:05"))  // 22 h 55 min after the show: a new day
    f.add("bonus", to: home, cap: cap)
    f.presenter.tap("bonus", "OK")
    // 2026-11-01: clocks go from 2:00 EDT back to 1:00 EST; the day has 25 hours.
    world.wall.set(date("2026-11-01 00:10"))
    f.add("bonus", to: home, cap: cap)
    f.presenter.tap("bonus", "OK")
    world.wall.set(date("2026-11-01 23:50"))  // 24 h 40 min after the show: the same day
    f.add("bonus", to: home, cap: cap)
    world.wall.set(date("2026-11-02 00:00"))
    f.add("bonus", to: home, cap: cap)
    f.expect([
      "present bonus @home", "tap bonus OK", "end bonus: dismissed(OK)", capped,
      "present bonus @home", "tap bonus OK", "end bonus: dismissed(OK)",
      "present bonus @home", "tap bonus OK", "end bonus: dismissed(OK)", capped,
      "present bonus @home",
    ])
    f.verify()
  }

  @Test("Days are counted in the cap's time zone, or the policy's, which may change")
  func timeZones() {
    // 08:00 in New York is 21:00 in Tokyo; 11:00 in New York is already the next day in Tokyo.
    let world = CapWorld(at: date("2026-05-01 08:00"))
    let (f, home) = world.launch()
    let policy = home.frequencyPolicy!
    f.add("ny", to: home, cap: .oncePerDay(in: newYork))
    f.presenter.tap("ny", "OK")
    f.add("jp", to: home, cap: .oncePerDay(in: tokyo))
    f.presenter.tap("jp", "OK")
    f.add("local", to: home, cap: .oncePerDay())
    f.presenter.tap("local", "OK")
    world.wall.set(date("2026-05-01 11:00"))
    f.add("ny", to: home, cap: .oncePerDay(in: newYork))
    f.add("jp", to: home, cap: .oncePerDay(in: tokyo))
    f.presenter.tap("jp", "OK")
    f.add("local", to: home, cap: .oncePerDay())
    policy.timeZone = tokyo  // the user lands in Tokyo
    f.add("local", to: home, cap: .oncePerDay())
    f.expect([
      "present ny @home", "tap ny OK", "end ny: dismissed(OK)",
      "present jp @home", "tap jp OK", "end jp: dismissed(OK)",
      "present local @home", "tap local OK", "end local: dismissed(OK)",
      "end ny: cancelled(frequency capped: once per day in America/New_York (key ny))",
      "present jp @home", "tap jp OK", "end jp: dismissed(OK)",
      "end local: cancelled(frequency capped: once per day in America/New_York (key local))",
      "present local @home",
    ])
    f.verify()
  }

  @Test("Once per app version: a new version shows it again, the same version does not")
  func oncePerVersion() {
    let world = CapWorld(at: date("2026-05-01 09:00"))
    var (f, home) = world.launch()
    f.add("whats-new", to: home, cap: .oncePerVersion())
    f.presenter.tap("whats-new", "OK")
    f.expect(["present whats-new @home", "tap whats-new OK", "end whats-new: dismissed(OK)"])
    f.verify(allEnded: true)

    (f, home) = world.launch()
    f.add("whats-new", to: home, cap: .oncePerVersion())
    f.expect(["end whats-new: cancelled(frequency capped: once per app version (key whats-new))"])
    f.verify(allEnded: true)

    world.appVersion = "1.1"
    (f, home) = world.launch()
    f.add("whats-new", to: home, cap: .oncePerVersion())
    f.presenter.tap("whats-new", "OK")
    f.add("whats-new", to: home, cap: .oncePerVersion())
    f.expect([
      "present whats-new @home", "tap whats-new OK", "end whats-new: dismissed(OK)",
      "end whats-new: cancelled(frequency capped: once per app version (key whats-new))",
    ])
    f.verify(allEnded: true)
  }

  @Test("N times per rolling period: a show stops counting exactly one period later")
  func rollingPeriod() {
    let world = CapWorld(at: date("2026-05-01 09:00"))
    let (f, home) = world.launch()
    let cap = FrequencyCap.times(2, per: .seconds(3_600), key: "survey")
    let capped = "end survey: cancelled(frequency capped: 2 times per rolling 1h (key survey))"
    func offer() {
      f.add("survey", to: home, cap: cap)
      f.presenter.tap("survey", "Skip")
    }
    let shown = ["present survey @home", "tap survey Skip", "end survey: dismissed(Skip)"]
    offer()
    world.wall.advance(by: .seconds(600))
    offer()
    world.wall.advance(by: .seconds(600))
    offer()
    f.expect(shown + shown + [capped, "tap survey Skip: not on screen"])
    world.wall.advance(by: .seconds(2_399))  // 59:59 after the first show
    offer()
    world.wall.advance(by: .seconds(1))  // 60:00 after the first: it no longer counts
    offer()
    f.expect([capped, "tap survey Skip: not on screen"] + shown)
    f.verify()
  }

  @Test("A wall clock that follows the virtual clock: timers and dates move together")
  func wallClockFollowsVirtualClock() {
    let f = Fixture()
    let home = f.dispatch("home")
    let wall = VirtualWallClock(start: date("2026-05-01 09:00"), following: f.clock)
    home.frequencyPolicy = FrequencyPolicy(wallClock: wall, appVersion: "1.0")
    let cap = FrequencyCap.times(1, per: .seconds(10), key: "saved")
    let toasts = AlertLane("toast")
    let timing = AlertTiming(autoDismiss: .seconds(2))
    func toast() {
      f.track(home.add(AlertRequest(id: "saved", lane: toasts, timing: timing, cap: cap)))
    }
    toast()
    f.clock.advance(by: .seconds(5))
    toast()
    f.clock.advance(by: .seconds(5))
    #expect(wall.now == date("2026-05-01 09:00:10"))
    toast()
    f.expect([
      "present saved @home", "dismiss saved @home", "end saved: dismissed(auto-dismissed)",
      "end saved: cancelled(frequency capped: once per rolling 10s (key saved))",
      "present saved @home",
    ])
    wall.set(date("2026-05-02 09:00"))
    f.clock.advance(by: .seconds(1))
    #expect(wall.now == date("2026-05-02 09:00:01"))
    f.verify()
  }

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

  @Test("No policy configured: the root counts in memory, with a diagnostic")
  func noPolicy() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("tip", to: home, cap: .onceEver())
    f.presenter.tap("tip", "OK")
    f.add("tip", to: home, cap: .onceEver())
    f.expect([
      "present tip @home", "tap tip OK", "end tip: dismissed(OK)",
      "end tip: cancelled(frequency capped: once ever (key tip))",
    ])
    #expect(
      f.diagnostics == [
        "no frequencyPolicy on root 'home': alert 'tip' and later shows are counted in memory and forgotten when the app quits"
      ])
    #expect(home.frequencyPolicy?.ledger.records(for: "tip").count == 1)
    f.verify(allEnded: true)
  }

  @Test("A malformed cap or category ends the alert as an invalid request, with a diagnostic")
  func invalidCaps() {
    let f = Fixture()
    let home = f.dispatch("home")
    let cases: [(FrequencyCap?, String?, String)] = [
      (FrequencyCap(0, per: .launch), nil, "frequency cap limit must be at least 1, got 0"),
      (FrequencyCap(101, per: .ever), nil, "frequency cap limit must be at most 100, got 101"),
      (.times(2, per: .zero), nil, "frequency cap period must be positive, got 0s"),
      (.times(2, per: .seconds(-5)), nil, "frequency cap period must be positive, got -5s"),
      (.onceEver(key: ""), nil, "frequency cap key is empty"),
      (
        .onceEver(key: "category:promotion"), nil,
        "frequency cap key 'category:promotion' starts with 'category:', which is reserved for category budgets"
      ),
      (nil, "", "category is empty"),
    ]
    var expected: [String] = []
    for (index, (cap, category, message)) in cases.enumerated() {
      let id = AlertID("bad-\(index)")
      let handle = f.add(id, to: home, cap: cap, category: category)
      #expect(handle.endedOutcome == .cancelled(.invalidRequest(message)))
      expected.append("end \(id): cancelled(invalid request: \(message))")
    }
    f.expect(expected)
    #expect(f.diagnostics.count == cases.count)
    f.verify(allEnded: true)
  }

  @Test("An invalid budget is ignored with a diagnostic")
  func invalidBudget() {
    let world = CapWorld(at: date("2026-05-01 09:00"))
    let (f, home) = world.launch()
    var messages: [String] = []
    AlertDispatch.diagnosticHandler = { event in
      if case .diagnostic(let message) = event.kind { messages.append(message) }
    }
    home.frequencyPolicy?.budgets["promotion"] = FrequencyBudget(0, per: .day)
    home.frequencyPolicy?.budgets["rating"] = FrequencyBudget(1, per: .rolling(.seconds(-1)))
    f.add("promo", to: home, cap: nil, category: "promotion")
    f.expect(["present promo @home"])
    #expect(
      messages == [
        "budget of category 'promotion' ignored: budget limit must be at least 1, got 0",
        "budget of category 'rating' ignored: budget period must be positive, got -1s",
      ])
    f.verify()
  }

  @Test("Descriptions name the cap the way explain and outcomes do")
  func descriptions() {
    #expect(FrequencyCap.onceEver().description == "once ever")
    #expect(FrequencyCap.oncePerDay(key: "bonus").description == "once per day (key bonus)")
    #expect(
      FrequencyCap.oncePerDay(in: tokyo).description == "once per day in Asia/Tokyo")
    #expect(
      FrequencyCap.times(3, per: .seconds(7 * 86_400)).description == "3 times per rolling 7d")
    #expect(FrequencyCap.times(2, per: .seconds(90)).description == "2 times per rolling 90s")
    #expect(FrequencyBudget(2, per: .launch).description == "2 times per launch")
    #expect(FrequencyBudget(1, per: .version).description == "once per app version")
  }
}
