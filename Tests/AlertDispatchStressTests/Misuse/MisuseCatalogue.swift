import AlertDispatchKit
import AlertDispatchSimulator
import Foundation
import Testing

/// A fresh clock, presenter and diagnostics list for one misuse case.
@MainActor
final class MisuseBench {
  let clock = VirtualClock()
  let presenter: RecordingPresenter
  var diagnostics: [String] = []
  /// The dispatches made so far, kept alive for the case.
  private var dispatches: [AlertDispatch] = []

  init() {
    presenter = RecordingPresenter(clock: clock)
    AlertDispatch.checksInvariants = true
    AlertDispatch.diagnosticHandler = { [weak self] event in
      if case .diagnostic(let message) = event.kind { self?.diagnostics.append(message) }
    }
  }

  /// A root dispatch on the bench's clock and presenter.
  func dispatch(_ name: String, presenter: Bool = true) -> AlertDispatch {
    let dispatch = AlertDispatch(
      name: name, clock: clock, presenter: presenter ? self.presenter : nil)
    dispatches.append(dispatch)
    return dispatch
  }
}

/// One bad input: what it is, the documented answer, the diagnostic it reports, and the code
/// that commits the misuse and checks the answer (it returns the text the catalogue shows in
/// its diagnostic column: the diagnostics, or the error, refusal or transcript line).
struct MisuseCase: Sendable, CustomTestStringConvertible {
  let id: Int
  let input: String
  let diagnostic: String?
  let run: @MainActor @Sendable (MisuseBench) throws -> [String]

  var testDescription: String { "M\(id): \(input)" }

  /// Whether `text` is the diagnostic: equal, where `…` in the diagnostic stands for any text
  /// (a file path, an error from the system).
  func matches(_ text: String) -> Bool {
    guard let diagnostic else { return false }
    let parts = diagnostic.components(separatedBy: "…")
    guard text.hasPrefix(parts[0]), text.hasSuffix(parts[parts.count - 1]) else { return false }
    var rest = text.dropFirst(parts[0].count)
    for part in parts.dropFirst() {
      guard let range = rest.range(of: part) else { return false }
      rest = rest[range.upperBound...]
    }
    return true
  }
}

/// The misuse catalogue of Docs/AlertDispatch.docc/MisuseCatalogue.md, as code.
enum MisuseCatalogue {
  static let cases: [MisuseCase] =
    alertCases + requestCases + treeCases + timeAndPolicyCases
    + simulatorCases

  // MARK: Calls on an alert

  static let alertCases: [MisuseCase] = [
    MisuseCase(
      id: 1, input: "`dismiss(result:)` a second time",
      diagnostic: "dismiss(result:) on alert 'a' that already ended (dismissed(one)); ignored"
    ) { bench in
      let a = bench.dispatch("home").add(AlertRequest(id: "a"))
      a.dismiss(result: "one")
      a.dismiss(result: "two")
      #expect(a.endedOutcome == .dismissed("one"))
      return bench.diagnostics
    },
    MisuseCase(
      id: 2, input: "`dismiss(result:)` on an alert that is queued",
      diagnostic:
        "dismiss(result:) on alert 'b' that is queued, not on screen; ignored (use cancel() to withdraw it)"
    ) { bench in
      let home = bench.dispatch("home")
      home.add(AlertRequest(id: "a"))
      let b = home.add(AlertRequest(id: "b"))
      b.dismiss()
      #expect(b.state == .queued)
      return bench.diagnostics
    },
    MisuseCase(
      id: 3, input: "`dismiss(result:)` on an alert that is pending (not ready)",
      diagnostic:
        "dismiss(result:) on alert 'p' that is pending, not on screen; ignored (use cancel() to withdraw it)"
    ) { bench in
      let p = bench.dispatch("home").add(AlertRequest(id: "p", readiness: .pending))
      p.dismiss()
      #expect(p.state == .pending)
      return bench.diagnostics
    },
    MisuseCase(
      id: 4, input: "`cancel()` after the alert ended",
      diagnostic: "cancel() on alert 'a' that already ended (dismissed(OK)); ignored"
    ) { bench in
      let a = bench.dispatch("home").add(AlertRequest(id: "a"))
      a.dismiss(result: "OK")
      a.cancel()
      #expect(a.endedOutcome == .dismissed("OK"))
      return bench.diagnostics
    },
    MisuseCase(
      id: 5, input: "`cancel()` while the framework is already dismissing the alert",
      diagnostic: "cancel() on alert 'a' that is already being dismissed; ignored"
    ) { bench in
      bench.presenter.dismissDuration = .milliseconds(200)
      let home = bench.dispatch("home")
      let a = home.add(AlertRequest(id: "a"))
      home.add(AlertRequest(id: "a", duplicates: .replaceExisting))
      a.cancel()
      bench.clock.advance(by: .milliseconds(200))
      #expect(a.endedOutcome == .cancelled(.replaced(by: "a")))
      return bench.diagnostics
    },
    MisuseCase(
      id: 6, input: "`markReady()` after the alert ended",
      diagnostic:
        "markReady() on alert 'a' that already ended (cancelled(cancelled by app)); ignored"
    ) { bench in
      let a = bench.dispatch("home").add(AlertRequest(id: "a", readiness: .pending))
      a.cancel()
      a.markReady()
      #expect(a.endedOutcome == .cancelled(.cancelledByApp))
      return bench.diagnostics
    },
    MisuseCase(id: 7, input: "`markReady()` twice", diagnostic: nil) { bench in
      let home = bench.dispatch("home")
      home.add(AlertRequest(id: "front", priority: .high))
      let a = home.add(AlertRequest(id: "a", readiness: .pending))
      a.markReady()
      a.markReady()
      #expect(a.state == .queued)
      return bench.diagnostics
    },
    MisuseCase(
      id: 8, input: "`didFinishPresenting()` on an alert that is not presenting",
      diagnostic: "didFinishPresenting() on alert 'a' that is showing; ignored"
    ) { bench in
      let a = bench.dispatch("home").add(AlertRequest(id: "a"))
      a.didFinishPresenting()
      #expect(a.state == .showing)
      return bench.diagnostics
    },
  ]

  // MARK: Requests

  @MainActor
  static func invalid(
    _ bench: MisuseBench, _ request: AlertRequest, _ message: String,
    before: [AlertRequest] = []
  ) -> [String] {
    let home = bench.dispatch("home")
    for earlier in before { home.add(earlier) }
    let alert = home.add(request)
    #expect(alert.endedOutcome == .cancelled(.invalidRequest(message)))
    return bench.diagnostics
  }

  static let requestCases: [MisuseCase] = [
    MisuseCase(
      id: 9, input: "A negative delay", diagnostic: "alert 'bad' refused: delay is negative (-1s)"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", timing: AlertTiming(delay: .seconds(-1))),
        "delay is negative (-1s)")
    },
    MisuseCase(
      id: 10, input: "A readiness deadline of zero",
      diagnostic: "alert 'bad' refused: readiness deadline must be positive, got 0s"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", timing: AlertTiming(readinessDeadline: .zero)),
        "readiness deadline must be positive, got 0s")
    },
    MisuseCase(
      id: 11, input: "A negative expiry",
      diagnostic: "alert 'bad' refused: expiry must be positive, got -0.005s"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", timing: AlertTiming(expiry: .milliseconds(-5))),
        "expiry must be positive, got -0.005s")
    },
    MisuseCase(
      id: 12, input: "A negative auto-dismiss duration",
      diagnostic: "alert 'bad' refused: auto-dismiss must be positive, got -2s"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", timing: AlertTiming(autoDismiss: .seconds(-2))),
        "auto-dismiss must be positive, got -2s")
    },
    MisuseCase(
      id: 13, input: "A lane with capacity 0",
      diagnostic:
        "alert 'bad' refused: lane 'z' has capacity 0; a lane's capacity must be at least 1"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", lane: AlertLane("z", capacity: .limited(0))),
        "lane 'z' has capacity 0; a lane's capacity must be at least 1")
    },
    MisuseCase(
      id: 14, input: "A lane with a negative minimum gap",
      diagnostic: "alert 'bad' refused: lane 'g' has a negative minimum gap (-1s)"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", lane: AlertLane("g", minimumGap: .seconds(-1))),
        "lane 'g' has a negative minimum gap (-1s)")
    },
    MisuseCase(
      id: 15, input: "A lane that disagrees with the domain's lane of the same name",
      diagnostic:
        "alert 'bad' refused: lane 'toast' is capacity 1, gap 0s in this domain; this request says capacity unlimited, gap 0s"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", lane: AlertLane("toast", capacity: .unlimited)),
        "lane 'toast' is capacity 1, gap 0s in this domain; this request says capacity unlimited, gap 0s",
        before: [AlertRequest(id: "first", lane: AlertLane("toast"))])
    },
    MisuseCase(
      id: 16, input: "A frequency cap with a limit of 0",
      diagnostic: "alert 'bad' refused: frequency cap limit must be at least 1, got 0"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", cap: FrequencyCap(0, per: .launch)),
        "frequency cap limit must be at least 1, got 0")
    },
    MisuseCase(
      id: 17, input: "A frequency cap key in the categories' namespace",
      diagnostic:
        "alert 'bad' refused: frequency cap key 'category:promo' starts with 'category:', which is reserved for category budgets"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", cap: .onceEver(key: "category:promo")),
        "frequency cap key 'category:promo' starts with 'category:', which is reserved for category budgets"
      )
    },
    MisuseCase(
      id: 18, input: "A dependency on itself", diagnostic: "alert 'me' refused: dependency cycle"
    ) { bench in
      let me = bench.dispatch("home").add(AlertRequest(id: "me", after: ["me"]))
      #expect(me.endedOutcome == .cancelled(.dependencyCycle(["me", "me"])))
      return bench.diagnostics
    },
    MisuseCase(
      id: 19, input: "A dependency cycle", diagnostic: "alert 'c' refused: dependency cycle"
    ) { bench in
      let home = bench.dispatch("home")
      home.pause()
      let a = home.add(AlertRequest(id: "a", after: ["c"]))
      home.add(AlertRequest(id: "b", after: ["a"]))
      let c = home.add(AlertRequest(id: "c", after: ["b"]))
      #expect(c.endedOutcome == .cancelled(.dependencyCycle(["c", "b", "a", "c"])))
      home.resume()
      #expect(a.state == .showing)
      return bench.diagnostics
    },
    MisuseCase(id: 20, input: "A dependency on an id nothing has", diagnostic: nil) { bench in
      let b = bench.dispatch("home").add(AlertRequest(id: "b", after: ["never-added"]))
      #expect(b.state == .showing)
      return bench.diagnostics
    },
    MisuseCase(id: 21, input: "An id the domain already has (keep existing)", diagnostic: nil) {
      bench in
      let home = bench.dispatch("home")
      let first = home.add(AlertRequest(id: "rate"))
      let second = home.add(AlertRequest(id: "rate"))
      #expect(second.endedOutcome == .cancelled(.duplicate(of: "rate")))
      #expect(first.state == .showing)
      return bench.diagnostics
    },
    MisuseCase(id: 22, input: "`add` on a closed dispatch", diagnostic: nil) { bench in
      let home = bench.dispatch("home")
      home.close()
      let late = home.add(AlertRequest(id: "late"))
      #expect(late.endedOutcome == .cancelled(.ownerClosed))
      return bench.diagnostics
    },
  ]

  // MARK: The dispatch tree

  static let treeCases: [MisuseCase] = [
    MisuseCase(
      id: 23, input: "`setParent(_:)` that would make a cycle",
      diagnostic: "parent cycle refused: a -> c -> b -> a"
    ) { bench in
      let a = bench.dispatch("a")
      let b = bench.dispatch("b")
      let c = bench.dispatch("c")
      try b.setParent(a)
      try c.setParent(b)
      do {
        try a.setParent(c)
        Issue.record("no error")
        return []
      } catch {
        #expect(a.parent == nil && c.root === a)
        return ["\(error)"]
      }
    },
    MisuseCase(
      id: 24, input: "`setParent(_:)` with the dispatch itself",
      diagnostic: "parent cycle refused: a -> a"
    ) { bench in
      let a = bench.dispatch("a")
      do {
        try a.setParent(a)
        Issue.record("no error")
        return []
      } catch {
        #expect(a.parent == nil)
        return ["\(error)"]
      }
    },
    MisuseCase(
      id: 25, input: "`setParent(_:)` with a closed dispatch",
      diagnostic: "dispatch 'home' is closed"
    ) { bench in
      let home = bench.dispatch("home")
      home.close()
      let child = bench.dispatch("child")
      do {
        try child.setParent(home)
        Issue.record("no error")
        return []
      } catch {
        #expect(child.parent == nil)
        return ["\(error)"]
      }
    },
    MisuseCase(
      id: 26, input: "`close()` twice",
      diagnostic: "close() on dispatch 'home' that is already closed; ignored"
    ) { bench in
      let home = bench.dispatch("home")
      home.close()
      home.close()
      #expect(home.isClosed)
      return bench.diagnostics
    },
    MisuseCase(
      id: 27, input: "An active-child provider that returns a dispatch that is not its child",
      diagnostic:
        "active-child provider of 'root' returned 'stranger', which is not its child; ignored"
    ) { bench in
      let root = bench.dispatch("root")
      let stranger = bench.dispatch("stranger")
      root.activeChildProvider = { stranger }
      let a = root.add(AlertRequest(id: "a"))
      #expect(a.state == .showing)
      return bench.diagnostics
    },
    MisuseCase(id: 28, input: "A dispatch released without `close()`", diagnostic: nil) { bench in
      var outcome: AlertOutcome?
      weak var released: AlertDispatch?
      do {
        let screen = AlertDispatch(name: "screen", clock: bench.clock, presenter: bench.presenter)
        released = screen
        screen.add(AlertRequest(id: "a")) { outcome = $0 }
      }
      #expect(released == nil)
      #expect(outcome == .cancelled(.ownerClosed))
      #expect(bench.presenter.transcript.lines == ["present a @screen", "dismiss a @released"])
      return bench.diagnostics
    },
  ]

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
      a.dismiss()
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
    MisuseCase(id: 34, input: "`explain(_:)` with an id nothing has", diagnostic: "not found") {
      bench in
      let home = bench.dispatch("home")
      let a = home.add(AlertRequest(id: "a"))
      a.dismiss()
      #expect(home.explain("a") == .notFound)
      return [home.explain("nope").description] + bench.diagnostics
    },
  ]

  // MARK: The simulator (what UIKit refuses)

  @MainActor
  static func simulator(_ body: (Simulator) -> Void) -> [String] {
    let sim = Simulator()
    body(sim)
    return sim.transcript.lines.filter { $0.hasPrefix("ignored") || $0.contains("not on screen") }
  }

  static let simulatorCases: [MisuseCase] = [
    MisuseCase(
      id: 35, input: "Popping a navigation stack that holds only its root",
      diagnostic: "ignored pop @nav: only the root screen is on the stack"
    ) { _ in
      simulator { sim in
        let nav = sim.window.setRoot(sim.navigation("nav", root: sim.screen("home")))
        nav.pop()
      }
    },
    MisuseCase(
      id: 36, input: "Pushing while a transition runs",
      diagnostic: "ignored push b @nav: a transition is running"
    ) { _ in
      simulator { sim in
        let nav = sim.window.setRoot(sim.navigation("nav", root: sim.screen("home")))
        nav.push(sim.screen("a"), animated: true)
        nav.push(sim.screen("b"), animated: true)
        sim.advance(by: sim.transitionDuration)
        #expect(nav.stack.map(\.name) == ["home", "a"])
      }
    },
    MisuseCase(
      id: 37, input: "Pushing a screen that was closed",
      diagnostic: "ignored push a @nav: a is closed"
    ) { _ in
      simulator { sim in
        let nav = sim.window.setRoot(sim.navigation("nav", root: sim.screen("home")))
        let a = sim.screen("a")
        nav.push(a, animated: false)
        nav.pop(animated: false)
        nav.push(a, animated: false)
      }
    },
    MisuseCase(
      id: 38, input: "Selecting a tab that does not exist",
      diagnostic: "ignored select 5 @tabs: there is no tab 5"
    ) { _ in
      simulator { sim in
        let tabs = sim.window.setRoot(sim.tabs("tabs", [sim.screen("feed"), sim.screen("me")]))
        tabs.select(5)
        #expect(tabs.selectedIndex == 0)
      }
    },
    MisuseCase(
      id: 39, input: "Presenting from a screen that is not in a window",
      diagnostic: "ignored present modal @loose: loose is not in a window"
    ) { _ in
      simulator { sim in
        sim.screen("loose").present(sim.screen("modal"))
      }
    },
    MisuseCase(
      id: 40, input: "Tapping an alert that is not on screen",
      diagnostic: "tap ghost OK: not on screen"
    ) { _ in
      simulator { sim in
        sim.window.setRoot(sim.screen("home"))
        sim.presenter.tap("ghost", "OK")
      }
    },
    MisuseCase(
      id: 41, input: "`activeChild` set to a dispatch that is not a child",
      diagnostic: "activeChild of 'root' set to 'stranger', which is not its child; ignored"
    ) { bench in
      let root = bench.dispatch("root")
      let child = bench.dispatch("child")
      try child.setParent(root)
      let stranger = bench.dispatch("stranger")
      root.activeChild = child
      root.activeChild = stranger
      #expect(root.activeChild === child)
      let a = child.add(AlertRequest(id: "a"))
      #expect(a.state == .showing)
      return bench.diagnostics
    },
    MisuseCase(
      id: 42, input: "`setParent(_:)` with a dispatch whose `close()` waits in line",
      diagnostic: "setParent(box) on 'child': 'box' was closed while the call waited; ignored"
    ) { bench in
      let host = bench.dispatch("host")
      let box = bench.dispatch("box")
      let child = bench.dispatch("child")
      // During a pass both calls wait: the join was accepted when it was made (the box was not
      // closed yet), and finds the box closed when it runs.
      host.presenter = ClosurePresenter(present: { _ in
        box.close()
        try? child.setParent(box)
        return .presented
      })
      let a = host.add(AlertRequest(id: "a"))
      #expect(a.state == .showing)
      #expect(child.parent == nil && box.children.isEmpty)
      // The invariant checks would report a closed dispatch with a child.
      for root in [host, box, child] {
        #expect(root.checkInvariants() == [])
        #expect(root.invariantViolations == [])
      }
      let late = child.add(AlertRequest(id: "late"))
      #expect(late.state == .showing)
      return bench.diagnostics
    },
  ]
}
