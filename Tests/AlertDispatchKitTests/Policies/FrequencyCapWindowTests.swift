import AlertDispatchKit
import AlertDispatchSimulator
import Foundation
import Testing

/// Each window a cap counts shows in: ever, a launch, a calendar day in a time zone, an app
/// version, a rolling period.
@MainActor
@Suite("Frequency caps: windows", .timeLimit(.minutes(1)))
struct FrequencyCapWindowTests {
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
}
