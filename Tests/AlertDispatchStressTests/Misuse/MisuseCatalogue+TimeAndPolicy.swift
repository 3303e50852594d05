import AlertDispatchKit
import AlertDispatchLedgers
import AlertDispatchSimulator
import Foundation
import Testing

/// Misuse of presenters, time and frequency: no presenter, no report, no policy, a damaged ledger.
extension MisuseCatalogue {
  // MARK: Presenters, time and frequency

  static let timeAndPolicyCases: [MisuseCase] = [
    MisuseCase(
      id: 29, input: "No presenter on the dispatch or any ancestor",
      diagnostic: "no presenter for dispatch 'lonely' or its ancestors"
    ) { bench in
      let lonely = bench.dispatch("lonely", presenter: false)
      var refusals: [String] = []
      lonely.observe { event in
        if case .refused(let reason) = event.kind { refusals.append(reason) }
      }
      let a = lonely.add(AlertRequest(id: "a"))
      #expect(a.state == .queued)
      lonely.presenter = bench.presenter
      lonely.setNeedsArbitration()
      #expect(a.state == .showing)
      return refusals + bench.diagnostics
    },
    MisuseCase(
      id: 30, input: "A presenter that never reports a dismissal",
      diagnostic: "presenter did not report alert 'a' dismissed within 10s; ended anyway"
    ) { bench in
      bench.presenter.completesDismissals = false
      let home = bench.dispatch("home")
      let a = home.add(AlertRequest(id: "a"))
      let b = home.add(AlertRequest(id: "b"))
      a.cancel()
      bench.clock.advance(by: .seconds(10))
      #expect(a.endedOutcome == .cancelled(.cancelledByApp))
      #expect(b.state == .showing)
      return bench.diagnostics
    },
    MisuseCase(
      id: 31, input: "A capped alert on a root with no `frequencyPolicy`",
      diagnostic:
        "no frequencyPolicy on root 'home': alert 'a' and later shows are counted in memory and forgotten when the app quits"
    ) { bench in
      let home = bench.dispatch("home")
      let a = home.add(AlertRequest(id: "a", cap: .onceEver()))
      a.didDismiss()
      let again = home.add(AlertRequest(id: "a", cap: .onceEver()))
      #expect(again.endedOutcome == .cancelled(.frequencyCapped("once ever (key a)")))
      return bench.diagnostics
    },
    MisuseCase(
      id: 32, input: "A frequency ledger file that is corrupted",
      diagnostic:
        "frequency ledger '…' is damaged: …; kept a copy at '…' and started a fresh ledger with the 0 records that could be read"
    ) { bench in
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("misuse-ledger-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: directory) }
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let file = directory.appendingPathComponent("ledger.jsonl")
      try Data([0xFF, 0x00, 0x7B, 0x22, 0x0A, 0xC3]).write(to: file)
      var messages: [String] = []
      let ledger = FileFrequencyLedger(fileURL: file) { messages.append($0) }
      #expect(ledger.allRecords.isEmpty)
      let home = bench.dispatch("home")
      home.frequencyPolicy = FrequencyPolicy(ledger: ledger)
      let a = home.add(AlertRequest(id: "a", cap: .onceEver()))
      #expect(a.state == .showing)
      return messages
    },
    MisuseCase(
      id: 33, input: "A category budget with a limit of 0",
      diagnostic: "budget of category 'promo' ignored: budget limit must be at least 1, got 0"
    ) { bench in
      let policy = FrequencyPolicy(budgets: ["promo": FrequencyBudget(0, per: .launch)])
      let home = bench.dispatch("home")
      home.frequencyPolicy = policy
      let a = home.add(AlertRequest(id: "a", category: "promo"))
      #expect(a.state == .showing)
      return bench.diagnostics
    },
    MisuseCase(
      id: 61,
      input:
        "A `frequencyPolicy` on a dispatch that is not its domain's root, whose root has another (set there, or kept by a root that joins another domain)",
      diagnostic:
        "frequencyPolicy of 'home' is not used: only the root of a domain counts caps and budgets, and 'window', the root of its domain, has another; set it on 'window'"
    ) { bench in
      let window = bench.dispatch("window")
      window.frequencyPolicy = FrequencyPolicy()
      let home = bench.dispatch("home")
      try home.setParent(window)
      let ledger = InMemoryFrequencyLedger()
      home.frequencyPolicy = FrequencyPolicy(ledger: ledger)
      let reported = bench.diagnostics
      home.add(AlertRequest(id: "a", cap: .onceEver()))
      #expect(ledger.allRecords.isEmpty, "the root counts, in its own policy")
      return reported
    },
    MisuseCase(id: 34, input: "`explain(_:)` with an id nothing has", diagnostic: "not found") {
      bench in
      let home = bench.dispatch("home")
      let a = home.add(AlertRequest(id: "a"))
      a.didDismiss()
      #expect(home.explain("a") == .notFound)
      return [home.explain("nope").description] + bench.diagnostics
    },
  ]
}
