import AlertDispatchKit
import AlertDispatchLedgers
import AlertDispatchSimulator
import Foundation
import Testing

/// Diagnostics of a frequency policy and of its ledger reach the observers of the dispatches that
/// use the policy, and the process-wide handler once each.
@MainActor
@Suite("Observability: policy and ledger diagnostics", .timeLimit(.minutes(1)))
struct PolicyDiagnosticsTests {
  /// The diagnostics a dispatch's observers receive.
  @MainActor
  final class Diagnostics {
    var messages: [String] = []
    var dispatches: [String] = []

    func observe(_ dispatch: AlertDispatch) {
      dispatch.observe { event in
        guard case .diagnostic(let message) = event.kind else { return }
        self.messages.append(message)
        self.dispatches.append(event.dispatch)
      }
    }
  }

  /// The diagnostics this test's handler received.
  let handled = Diagnostics()
  /// This test's settings: diagnostics go to ``handled``, not to another test's handler.
  var settings: AlertDispatchSettings {
    AlertDispatchSettings { [handled] event in
      if case .diagnostic(let message) = event.kind { handled.messages.append(message) }
    }
  }

  /// A root dispatch with this test's settings.
  func dispatch(_ name: String) -> AlertDispatch {
    withAlertDispatchSettings(settings) { AlertDispatch(name: name, clock: VirtualClock()) }
  }

  /// Runs `body` with this test's settings current, and returns what the handler received
  /// meanwhile.
  func handlerMessages(during body: () -> Void) -> [String] {
    let before = handled.messages.count
    withAlertDispatchSettings(settings, operation: body)
    return Array(handled.messages[before...])
  }

  let zeroBudget = "budget of category 'promotion' ignored: budget limit must be at least 1, got 0"

  @Test(
    "A budget diagnostic reaches the observers of every root that uses the policy, the handler once"
  )
  func budgetReachesObservers() {
    let home = dispatch("home")
    let second = dispatch("second-scene")
    let other = dispatch("other")
    let policy = FrequencyPolicy()
    home.frequencyPolicy = policy
    second.frequencyPolicy = policy
    other.frequencyPolicy = FrequencyPolicy()
    let (atHome, atSecond, atOther) = (Diagnostics(), Diagnostics(), Diagnostics())
    atHome.observe(home)
    atSecond.observe(second)
    atOther.observe(other)
    let handled = handlerMessages {
      policy.budgets["promotion"] = FrequencyBudget(0, per: .day)
    }
    #expect(handled == [zeroBudget])
    #expect(atHome.messages == [zeroBudget])
    #expect(atHome.dispatches == ["home"])
    #expect(atSecond.messages == [zeroBudget])
    #expect(atSecond.dispatches == ["second-scene"])
    #expect(atOther.messages == [], "a root with another policy hears nothing")
  }

  @Test("A diagnostic from before any root took the policy reaches the first root's observers")
  func earlyDiagnosticReplayed() {
    var policy: FrequencyPolicy?
    let handled = handlerMessages {
      policy = FrequencyPolicy(budgets: ["promotion": FrequencyBudget(0, per: .day)])
    }
    #expect(handled == [zeroBudget], "the handler has it at once")
    let home = dispatch("home")
    let seen = Diagnostics()
    seen.observe(home)
    let handledLater = handlerMessages { home.frequencyPolicy = policy }
    #expect(seen.messages == [zeroBudget])
    #expect(handledLater == [], "the handler does not get it twice")

    let later = dispatch("later")
    let seenLater = Diagnostics()
    seenLater.observe(later)
    later.frequencyPolicy = policy
    #expect(seenLater.messages == [], "only the first root to take the policy gets it")
  }

  @Test("A root that gives its policy up hears no more of it")
  func abandonedPolicy() {
    let home = dispatch("home")
    let policy = FrequencyPolicy()
    home.frequencyPolicy = policy
    let seen = Diagnostics()
    seen.observe(home)
    home.frequencyPolicy = FrequencyPolicy()
    let handled = handlerMessages { policy.budgets["promotion"] = FrequencyBudget(0, per: .day) }
    #expect(handled == [zeroBudget])
    #expect(seen.messages == [])
  }

  @Test("Damage found when a ledger opens reaches the observers of the root that takes its policy")
  func damageOnOpenReachesObservers() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    try Data("garbage\n".utf8).write(to: directory.ledgerURL)
    var ledger: FileFrequencyLedger?
    let handled = handlerMessages { ledger = FileFrequencyLedger(fileURL: directory.ledgerURL) }
    #expect(handled.count == 1)
    #expect(handled.first?.contains("is damaged") == true)
    let home = dispatch("home")
    let seen = Diagnostics()
    seen.observe(home)
    home.frequencyPolicy = FrequencyPolicy(ledger: try! #require(ledger))
    #expect(seen.messages == handled)
    #expect(seen.dispatches == ["home"])
  }

  @Test("A failed write of a ledger reaches the observers of the root that uses its policy")
  func failedWriteReachesObservers() async {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let ledger = FileFrequencyLedger(fileURL: directory.ledgerURL, diagnose: nil) { _ in
      throw CocoaError(.fileWriteOutOfSpace)
    }
    let home = dispatch("home")
    home.frequencyPolicy = FrequencyPolicy(ledger: ledger)
    let seen = Diagnostics()
    seen.observe(home)
    ledger.append([
      FrequencyRecord(key: "a", date: Date(), appVersion: "1.0", launchID: ledger.launchID)
    ])
    await ledger.flush()
    #expect(seen.messages.count == 1)
    #expect(seen.messages.first?.contains("could not be written") == true)
    #expect(seen.dispatches == ["home"])
  }

  @Test("A ledger with a diagnose closure of its own reports there only")
  func ownClosureKeepsItsDiagnostics() throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    try Data("garbage\n".utf8).write(to: directory.ledgerURL)
    var own: [String] = []
    let home = dispatch("home")
    let seen = Diagnostics()
    seen.observe(home)
    let handled = handlerMessages {
      let ledger = FileFrequencyLedger(fileURL: directory.ledgerURL) { own.append($0) }
      home.frequencyPolicy = FrequencyPolicy(ledger: ledger)
    }
    #expect(own.count == 1)
    #expect(handled == [])
    #expect(seen.messages == [])
  }
}
