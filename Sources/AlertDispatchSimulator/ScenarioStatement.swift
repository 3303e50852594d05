import AlertDispatchKit
import AlertDispatchScreens

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
}

/// Something a scenario does at a time.
enum ScenarioAction: Sendable, Hashable {
  case add(String)
  case ready(String)
  case tap(String, button: String)
  case cancel(String)
  case cancelAll(String, subtree: Bool, ScenarioSelection)
  case dismiss(String, result: String?)
  case push(nav: String, screen: String, animated: Bool)
  case pop(nav: String, animated: Bool)
  case popToRoot(nav: String, animated: Bool)
  case setStack(nav: String, screens: [String], animated: Bool)
  case select(tabs: String, tab: String)
  case present(over: String, modal: String, style: ModalStyle, animated: Bool)
  case dismissModal(String, animated: Bool)
  case root(window: String, screen: String)
  case background(String)
  case foreground(String)
  case close(String)
  case pause(String, ScenarioPauseScope, token: String?)
  case release(String)
  case resume(String)
  case refuse(String?)
  case advance(Duration)
  case mark(String)
  case relaunch(after: Duration, version: String?)

  /// Whether the action changes screens or the app, and so gets a mark on the timeline.
  var isMarked: Bool {
    switch self {
    case .add, .ready, .tap, .cancel, .cancelAll, .dismiss, .advance, .mark: false
    default: true
    }
  }

  /// Whether the action is a change of screens, which the simulator itself announces to the
  /// trace, as it does for a trace a test attaches in Swift; the other marked actions are
  /// marked with the statement's text.
  var isScreenChange: Bool {
    switch self {
    case .push, .pop, .popToRoot, .setStack, .select, .present, .dismissModal, .root,
      .background, .foreground:
      true
    default: false
    }
  }
}

/// What `pause` holds back (the stress tool writes it too).
package enum ScenarioPauseScope: Sendable, Hashable {
  case all
  case lane(AlertLane)
  case category(String)

  /// The words after `pause NAME`, with a leading space (none for all).
  package var words: String {
    switch self {
    case .all: ""
    case .lane(let lane): " lane \(lane.name)"
    case .category(let name): " category \(name)"
    }
  }
}

/// What `cancel-all` ends (the stress tool writes it too).
package enum ScenarioSelection: Sendable, Hashable {
  case all
  case lane(AlertLane)
  case category(String)
  case priorityAtMost(AlertPriority)

  /// The selection the dispatch is asked for.
  @MainActor
  package var selection: AlertSelection {
    switch self {
    case .all: .all
    case .lane(let lane): .lane(lane)
    case .category(let category): .category(category)
    case .priorityAtMost(let priority): .priority(atOrBelow: priority)
    }
  }

  /// The words after `cancel-all NAME`, with a leading space (none for all).
  package var words: String {
    switch self {
    case .all: ""
    case .lane(let lane): " lane \(lane.name)"
    case .category(let category): " category \(category)"
    case .priorityAtMost(let priority): " priority-at-most \(priority.rawValue)"
    }
  }
}

/// Something a scenario checks at a time.
enum ScenarioExpectation: Sendable, Hashable {
  case showing([String])
  case state(String, String)
  case outcome(String, String)
  case explain(String, String)
  /// The domain of the named screen or window has no unfinished alert, and its root said so.
  case drained(String)
  case transcript([String])
}

/// One line of the timeline: an action or an expectation, with where it was written.
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
  var steps: [ScenarioStep] = []
}

/// `on ALERT OUTCOME ACTION`: an action run in the alert's completion handler.
struct ScenarioReaction: Sendable, Hashable {
  var line: Int
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

/// `alert NAME on OWNER [option …]`: everything needed to build its request.
struct ScenarioAlert: Sendable, Hashable {
  var name: String
  var line: Int
  var owner: String
  var id: String
  var priority: AlertPriority = .normal
  var lane: AlertLane = .modal
  var dependencies: [String] = []
  var interruption: InterruptionPolicy = .suspend
  var preemption: PreemptionPolicy = .preempt
  var style: PresentationStyle = .hideOthers
  var readiness: Readiness = .ready
  var duplicates: DuplicatePolicy = .keepExisting
  var timing = AlertTiming()
  var title: String?
  var message: String?
  var buttons: [String] = []
  var cap: FrequencyCap?
  var category: String?
  var offstage: OffstagePolicy = .suspend
  var ignoresPause = false
  var placement: LinePlacement = .back
  var showNowOrDrop = false
  var later = false

  @MainActor
  var request: AlertRequest {
    AlertRequest(
      id: AlertID(id), priority: priority, after: dependencies.map { AlertID($0) }, lane: lane,
      interruption: interruption, preemption: preemption, style: style, readiness: readiness,
      duplicates: duplicates, timing: timing,
      content: AlertContent(title: title ?? id, message: message, buttons: buttons), cap: cap,
      category: category, offstage: offstage, ignoresPause: ignoresPause, placement: placement,
      showNowOrDrop: showNowOrDrop)
  }
}

/// What a name in a scenario stands for.
enum ScenarioNameKind: String, Sendable, Hashable {
  case window
  case screen
  case navigation = "navigation container"
  case tabs = "tab container"
}
