import AlertDispatchKit
import AlertDispatchSimulator
import Foundation
import Testing

/// What a missing policy, a malformed cap or category, and an invalid budget do, and how caps
/// are described.
@MainActor
@Suite("Frequency caps: missing and malformed settings", .timeLimit(.minutes(1)))
struct FrequencyCapMisuseTests {
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
    home.settings.diagnosticHandler = { event in
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
