import AlertDispatchKit

/// Where a persistent ledger's diagnostics go: to the `diagnose` closure the app gave it, or,
/// when it gave none, through the policy that holds the ledger
/// (``FrequencyPolicy/report(_:)``) to the observers of the dispatches that use it and to
/// a diagnostic handler (the current settings' before a policy holds the ledger).
@MainActor
final class LedgerDiagnosticRoute {
  private let diagnose: (@MainActor (String) -> Void)?
  private weak var policy: FrequencyPolicy?
  /// Diagnostics reported before a policy took the ledger (a damaged store found on opening):
  /// the handler had them at once, the policy's observers get them when it takes the ledger.
  private var early: [String] = []

  init(_ diagnose: (@MainActor (String) -> Void)?) {
    self.diagnose = diagnose
  }

  func report(_ message: String) {
    if let diagnose { return diagnose(message) }
    if let policy { return policy.report(message) }
    early.append(message)
    AlertDispatchSettings.current.diagnosticHandler(
      AlertEvent(time: .zero, kind: .diagnostic(message), dispatch: "frequency ledger"))
  }

  /// Sends later diagnostics through `policy`, and those reported so far to its observers.
  func report(through policy: FrequencyPolicy) {
    guard diagnose == nil else { return }
    self.policy = policy
    policy.reportToObservers(early)
    early = []
  }
}
