import AlertDispatchKit
import AlertDispatchScenarioFormat
import AlertDispatchScreens

extension ScenarioAction {
  /// Whether the action changes screens or the app, and so gets a mark on the timeline.
  var isMarked: Bool {
    switch self {
    case .add, .ready, .tap, .cancel, .cancelAll, .dismiss, .advance, .mark, .closeAlert,
      .finishPresenting, .answer, .provider, .arbitrate:
      false
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

extension ScenarioSelection {
  /// The selection the dispatch is asked for, a lane named by the scenario resolved by `lane`
  /// (the stress tool resolves its own).
  @MainActor
  package func selection(lane: (String) -> AlertLane) -> AlertSelection {
    switch self {
    case .all: .all
    case .lane(let name): .lane(lane(name))
    case .category(let category): .category(category)
    case .priorityAtMost(let priority): .priority(atOrBelow: priority)
    }
  }
}

extension ScenarioModalStyle {
  /// The screen graph's style.
  var modalStyle: ModalStyle {
    switch self {
    case .pageSheet: .pageSheet
    case .fullScreen: .fullScreen
    }
  }
}
