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
  }

  /// The settings a case runs in: the diagnostics it causes are the bench's, whatever other
  /// cases run at once.
  var settings: AlertDispatchSettings {
    AlertDispatchSettings(checksInvariants: true) { [weak self] event in
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
  /// Every case, by number: each concern's file holds its own, numbered as they were added.
  static let cases: [MisuseCase] =
    (alertCases + requestCases + treeCases + timeAndPolicyCases + simulatorCases + mannerCases
    + showNowCases + minimumDisplayCases)
    .sorted { $0.id < $1.id }

  // MARK: Calls on an alert

  static let alertCases: [MisuseCase] = [
    MisuseCase(
      id: 1, input: "`didDismiss(result:)` (or `dismiss(result:)`) a second time",
      diagnostic: "didDismiss(result:) on alert 'a' that already ended (dismissed(one)); ignored"
    ) { bench in
      let a = bench.dispatch("home").add(AlertRequest(id: "a"))
      a.didDismiss(result: "one")
      a.didDismiss(result: "two")
      #expect(a.endedOutcome == .dismissed("one"))
      return bench.diagnostics
    },
    MisuseCase(
      id: 2, input: "`didDismiss(result:)` on an alert that is queued",
      diagnostic:
        "didDismiss(result:) on alert 'b' that is queued, not on screen; ignored (use cancel() to withdraw it)"
    ) { bench in
      let home = bench.dispatch("home")
      home.add(AlertRequest(id: "a"))
      let b = home.add(AlertRequest(id: "b"))
      b.didDismiss()
      #expect(b.state == .queued)
      return bench.diagnostics
    },
    MisuseCase(
      id: 3, input: "`didDismiss(result:)` on an alert that is pending (not ready)",
      diagnostic:
        "didDismiss(result:) on alert 'p' that is pending, not on screen; ignored (use cancel() to withdraw it)"
    ) { bench in
      let p = bench.dispatch("home").add(AlertRequest(id: "p", readiness: .pending))
      p.didDismiss()
      #expect(p.state == .pending)
      return bench.diagnostics
    },
    MisuseCase(
      id: 4, input: "`cancel()` after the alert ended",
      diagnostic: "cancel() on alert 'a' that already ended (dismissed(OK)); ignored"
    ) { bench in
      let a = bench.dispatch("home").add(AlertRequest(id: "a"))
      a.didDismiss(result: "OK")
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
      id: 62, input: "`markReady(content:)` on an alert that has gone up",
      diagnostic:
        "markReady(content:) on alert 'a' that is showing, already up; its content is not changed"
    ) { bench in
      let a = bench.dispatch("home").add(AlertRequest(id: "a", content: AlertContent(title: "up")))
      a.markReady(content: AlertContent(title: "late"))
      #expect(a.content.title == "up")
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
}
