import AlertDispatchKit
import AlertDispatchScenarioFormat
import Foundation

/// A statement of a scenario's setup, run in file order before the timeline.
enum ScenarioSetup: Sendable, Hashable {
  case window(String)
  case screens([String])
  case navigation(String, root: String)
  case tabs(String, [String], selected: Int)
  case root(window: String, screen: String)
  case link(String)
  case ownDomain(String)
  case transition(Duration)
  case presenter(present: Duration?, dismiss: Duration?)
  case dispatch(String, parent: String?, isVisible: Bool)
}

/// One line of the timeline: an action or an expectation, with where it was written.
/// `shown KEY DATE [version VERSION] [this-launch]`: a show the ledger holds before the run.
struct ScenarioLedgerRecord: Sendable, Hashable {
  var key: String
  var date: Date
  var version: String?
  var thisLaunch: Bool
}

struct ScenarioStep: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    case action(ScenarioAction)
    case expectation(ScenarioExpectation)
  }

  var line: Int
  /// The statement as written (normalized spaces), for marks and failure messages.
  var text: String
  var kind: Kind
}

/// `at TIME` and the steps under it.
struct ScenarioBlock: Sendable, Hashable {
  var line: Int
  var time: Duration
  /// `at TIME before-timers` (0) or `after-timers N`: the block runs once that many of the
  /// timers due at its time have fired, the others after it; `nil`: once they all have.
  var timers: Int?
  var steps: [ScenarioStep] = []
}

/// `on ALERT OUTCOME ACTION`: an action run in the alert's completion handler.
struct ScenarioReaction: Sendable, Hashable {
  var line: Int
  /// The action as written.
  var text: String
  var alert: String
  /// An outcome as printed (`dismissed(Confirm)`), or `dismissed`, `cancelled`, `any`.
  var outcome: String
  var action: ScenarioAction

  func matches(_ ended: AlertOutcome) -> Bool {
    switch (outcome, ended) {
    case ("any", _), ("dismissed", .dismissed), ("cancelled", .cancelled): true
    default: outcome == ended.description
    }
  }
}
