import AlertDispatchKit
import AlertDispatchLedgers
import AlertDispatchSimulator
import Foundation
import Testing

/// Compiled, not run: it would write to the user's Application Support directory.
@MainActor
func appLaunchSetup(sceneRoots: [AlertDispatch]) {
  // snippet: caps-app-setup
  // Once, at launch: one ledger per file for the life of the process.
  let policy = FrequencyPolicy(ledger: FileFrequencyLedger())
  policy.budgets["promotion"] = FrequencyBudget(2, per: .launch)
  for root in sceneRoots {
    root.frequencyPolicy = policy  // scenes that share a policy share the counts
  }
  // end-snippet
}

/// Compiled, not run: it needs an app group.
@MainActor
func userDefaultsSetup(root: AlertDispatch) {
  // snippet: caps-user-defaults
  let shared = UserDefaultsFrequencyLedger(suiteName: "group.com.example.app")
  root.frequencyPolicy = FrequencyPolicy(ledger: shared)
  // end-snippet
}

@MainActor
@Suite("Snippets: frequency caps", .timeLimit(.minutes(1)))
struct FrequencyCapSnippets {
  @Test func capKinds() {
    let presenter = RecordingPresenter()
    let home = AlertDispatch(name: "home", clock: VirtualClock(), presenter: presenter)
    home.frequencyPolicy = FrequencyPolicy(appVersion: "2.4")
    home.disappear()
    // snippet: caps-kinds
    let newYork = TimeZone(identifier: "America/New_York")!
    home.add(AlertRequest(id: "onboarding-tip", cap: .onceEver()))
    home.add(AlertRequest(id: "welcome-back", cap: .oncePerLaunch()))
    home.add(AlertRequest(id: "sign-in-bonus", cap: .oncePerDay(in: newYork)))
    home.add(AlertRequest(id: "whats-new", cap: .oncePerVersion(countsWhen: .dismissed)))
    home.add(AlertRequest(id: "survey", cap: .times(2, per: .seconds(7 * 86_400))))
    // Shows of one campaign from two screens count together under its key.
    home.add(AlertRequest(id: "spring-sale-banner", cap: .onceEver(key: "spring-sale")))
    home.add(AlertRequest(id: "spring-sale-sheet", cap: .onceEver(key: "spring-sale")))
    // end-snippet
    home.appear()
    for id: AlertID in [
      "onboarding-tip", "welcome-back", "sign-in-bonus", "whats-new", "survey",
      "spring-sale-banner",
    ] {
      presenter.tap(id, "OK")
    }
    #expect(
      presenter.transcript.lines.filter { $0.hasPrefix("present") } == [
        "present onboarding-tip @home", "present welcome-back @home",
        "present sign-in-bonus @home", "present whats-new @home", "present survey @home",
        "present spring-sale-banner @home",
      ])
    #expect(home.alert(withID: "spring-sale-sheet") == nil)
  }

  @Test func cappedOutcome() {
    let presenter = RecordingPresenter()
    let home = AlertDispatch(name: "home", clock: VirtualClock(), presenter: presenter)
    home.frequencyPolicy = FrequencyPolicy()
    // snippet: caps-outcome
    home.add(AlertRequest(id: "update", priority: .high))
    let bonus = home.add(AlertRequest(id: "bonus", cap: .oncePerLaunch(key: "sign-in-bonus")))
    home.add(
      AlertRequest(
        id: "bonus-toast", lane: AlertLane("toast"), cap: .oncePerLaunch(key: "sign-in-bonus")))
    // The toast went up first; bonus still waits behind the update, and will end when its
    // turn comes.
    let why = home.explain("bonus")  // .capped("once per launch (key sign-in-bonus)")
    home.alert(withID: "update")?.didDismiss(result: "Later")
    let outcome = bonus.endedOutcome  // .cancelled(.frequencyCapped("once per launch (key …)"))
    // end-snippet
    #expect(why == .capped("once per launch (key sign-in-bonus)"))
    #expect(outcome == .cancelled(.frequencyCapped("once per launch (key sign-in-bonus)")))
  }

  @Test func budgets() {
    let presenter = RecordingPresenter()
    let home = AlertDispatch(name: "home", clock: VirtualClock(), presenter: presenter)
    // snippet: caps-budget
    let policy = FrequencyPolicy(budgets: ["promotion": FrequencyBudget(2, per: .launch)])
    policy.budgets["rating"] = FrequencyBudget(1, per: .day)
    home.frequencyPolicy = policy
    for id: AlertID in ["spring-sale", "new-feature", "referral"] {
      home.add(AlertRequest(id: id, category: "promotion"))
    }
    // spring-sale and new-feature show one after the other; referral ends as
    // "frequency capped: 2 times per launch (category promotion)".
    // end-snippet
    presenter.tap("spring-sale", "OK")
    presenter.tap("new-feature", "OK")
    #expect(
      presenter.transcript.lines == [
        "present spring-sale @home", "tap spring-sale OK", "present new-feature @home",
        "tap new-feature OK",
      ])
    #expect(home.alert(withID: "referral") == nil)
  }

  @Test func flushBeforeReading() async {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("alertdispatch-snippet-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("frequency-ledger.jsonl")
    // snippet: caps-flush
    let ledger = FileFrequencyLedger(fileURL: file)
    ledger.append([
      FrequencyRecord(key: "promo", date: .now, appVersion: "1.0", launchID: ledger.launchID)
    ])
    await ledger.flush()  // on disk: another instance, or the next launch, reads it
    let relaunched = FileFrequencyLedger(fileURL: file)
    // end-snippet
    #expect(relaunched.records(for: "promo").map(\.launchID) == [ledger.launchID])
  }

  @Test func testingAcrossLaunches() {
    // snippet: caps-testing
    let ledger = InMemoryFrequencyLedger()
    let wall = VirtualWallClock(start: Date(timeIntervalSince1970: 1_777_622_400))
    let newYork = TimeZone(identifier: "America/New_York")!

    func launch(_ ledger: InMemoryFrequencyLedger) -> (AlertDispatch, RecordingPresenter) {
      let presenter = RecordingPresenter()
      let home = AlertDispatch(name: "home", clock: VirtualClock(), presenter: presenter)
      home.frequencyPolicy = FrequencyPolicy(
        ledger: ledger, wallClock: wall, appVersion: "1.0", timeZone: newYork)
      return (home, presenter)
    }

    var (home, presenter) = launch(ledger)
    home.add(AlertRequest(id: "bonus", cap: .oncePerDay()))
    presenter.tap("bonus", "Claim")

    (home, presenter) = launch(ledger.nextLaunch())  // relaunch, same day: capped
    let again = home.add(AlertRequest(id: "bonus", cap: .oncePerDay()))

    wall.advance(by: .seconds(86_400))  // the next day
    (home, presenter) = launch(ledger.nextLaunch())
    home.add(AlertRequest(id: "bonus", cap: .oncePerDay()))
    // end-snippet
    #expect(
      again.endedOutcome
        == .cancelled(.frequencyCapped("once per day in America/New_York (key bonus)")))
    #expect(presenter.transcript.lines == ["present bonus @home"])
  }
}
