import AlertDispatchScenarioFormat

/// An operation resolved against the world it runs in: names instead of numbers, as a scenario
/// file writes it. The driver performs steps exactly as `ScenarioRunner` performs the matching
/// actions, so an emitted scenario replays the same calls.
enum StressStep: Hashable, Sendable {
  case add(String)
  case ready(String)
  case tap(String, button: String)
  case cancel(String)
  case cancelAll(String, subtree: Bool, ScenarioSelection)
  case dismiss(String)
  case finishPresenting(String)
  case explain(String)
  case root(window: String, screen: String)
  case push(nav: String, screen: String, animated: Bool)
  case pop(nav: String, animated: Bool)
  case popToRoot(nav: String, animated: Bool)
  case setStack(nav: String, screens: [String], animated: Bool)
  case select(tabs: String, tab: String)
  case present(over: String, modal: String, fullScreen: Bool, animated: Bool)
  case dismissModal(String, animated: Bool)
  case background(String)
  case foreground(String)
  case link(String)
  case close(String)
  case pause(String, ScenarioPauseScope, token: String)
  case releasePause(String)
  case resume(String)
  case refuse(String?)
  case advance(Duration)
  case relaunch
  case setParent(raw: String, parent: String?)
  case setProvider(raw: String, child: String?)
  case setActiveChild(raw: String, child: String?)
  case setVisible(raw: String, visible: Bool)
  case arbitrate(String)
  case setPassScheduling(String, coalesced: Bool)
  case endTurn
  case release(String)

  /// The step as a scenario action, or `nil` when scenario files have no such action (`link`
  /// is a setup statement).
  var action: ScenarioAction? {
    switch self {
    case .add(let name): .add(name)
    case .ready(let name): .ready(name)
    case .tap(let name, let button): .tap(name, button: button)
    case .cancel(let name): .cancel(name)
    case .cancelAll(let name, let subtree, let selection):
      .cancelAll(name, subtree: subtree, selection)
    case .dismiss(let name): .dismiss(name, result: nil)
    case .root(let window, let screen): .root(window: window, screen: screen)
    case .push(let nav, let screen, let animated):
      .push(nav: nav, screen: screen, animated: animated)
    case .pop(let nav, let animated): .pop(nav: nav, animated: animated)
    case .popToRoot(let nav, let animated): .popToRoot(nav: nav, animated: animated)
    case .setStack(let nav, let screens, let animated):
      .setStack(nav: nav, screens: screens, animated: animated)
    case .select(let tabs, let tab): .select(tabs: tabs, tab: tab)
    case .present(let over, let modal, let fullScreen, let animated):
      .present(
        over: over, modal: modal, style: fullScreen ? .fullScreen : .pageSheet, animated: animated)
    case .dismissModal(let modal, let animated): .dismissModal(modal, animated: animated)
    case .background(let window): .background(window)
    case .foreground(let window): .foreground(window)
    case .close(let name): .close(name)
    case .pause(let name, let scope, let token): .pause(name, scope, token: token)
    case .releasePause(let token): .release(token)
    case .resume(let name): .resume(name)
    case .refuse(let reason): .refuse(reason)
    case .advance(let duration): .advance(duration)
    case .relaunch: .relaunch(after: .zero, version: nil)
    case .link, .finishPresenting, .explain, .setParent, .setProvider, .setActiveChild,
      .setVisible, .arbitrate, .setPassScheduling, .endTurn, .release:
      nil
    }
  }

  /// The step as a statement of a file's setup (`root` and `link`) or of its timeline, or `nil`
  /// when a file has no such statement there.
  func statement(inSetup: Bool) -> ScenarioStatement? {
    switch self {
    case .link(let name): inSetup ? .link(name) : nil
    case .root(let window, let screen) where inSetup: .root(window: window, screen: screen)
    default: action.map { .action($0) }
    }
  }

  /// The step as a comment line, for steps a scenario file cannot write.
  var comment: String {
    switch self {
    case .finishPresenting(let name): "didFinishPresenting \(name)"
    case .explain(let name): "explain \(name)"
    case .setParent(let raw, let parent): "setParent \(raw) -> \(parent ?? "nil")"
    case .setProvider(let raw, let child): "activeChildProvider \(raw) -> \(child ?? "nil")"
    case .setActiveChild(let raw, let child): "activeChild \(raw) = \(child ?? "nil")"
    case .setVisible(let raw, let visible): visible ? "appear \(raw)" : "disappear \(raw)"
    case .arbitrate(let name): "setNeedsArbitration \(name)"
    case .setPassScheduling(let name, let coalesced):
      "passScheduling \(name) = \(coalesced ? "coalesced" : "immediate")"
    case .endTurn: "end of the main-actor turn (deferred passes run)"
    case .release(let raw): "release \(raw)"
    case .link(let name): "link \(name)"
    default: action.map { ScenarioFormat.line(.action($0)) } ?? "?"
    }
  }

  /// Whether the step only reads (leaving it out of a scenario changes nothing).
  var isReadOnly: Bool {
    if case .explain = self { return true }
    return false
  }

  /// The names of alert declarations the step refers to.
  var alertNames: [String] {
    switch self {
    case .add(let name), .ready(let name), .tap(let name, _), .cancel(let name),
      .dismiss(let name), .finishPresenting(let name), .explain(let name):
      [name]
    default: []
    }
  }

  /// The names of screens and windows the step refers to.
  var ownerNames: [String] {
    switch self {
    case .root(let window, let screen): [window, screen]
    case .push(let nav, let screen, _): [nav, screen]
    case .pop(let nav, _), .popToRoot(let nav, _): [nav]
    case .setStack(let nav, let screens, _): [nav] + screens
    case .select(let tabs, let tab): [tabs, tab]
    case .present(let over, let modal, _, _): [over, modal]
    case .dismissModal(let modal, _): [modal]
    case .cancelAll(let name, _, _): [name]
    case .background(let name), .foreground(let name), .link(let name), .close(let name),
      .pause(let name, _, _), .resume(let name), .arbitrate(let name),
      .setPassScheduling(let name, _):
      [name]
    case .setParent(let raw, let parent): [raw] + (parent.map { [$0] } ?? [])
    case .setProvider(let raw, let child), .setActiveChild(let raw, let child):
      [raw] + (child.map { [$0] } ?? [])
    case .setVisible(let raw, _), .release(let raw): [raw]
    default: []
    }
  }
}
