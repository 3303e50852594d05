import AlertDispatchKit

extension ScenarioParser {
  /// The actions and how to write them.
  static let actionUsage: [String: String] = [
    "add": "add ALERT",
    "ready": "ready ALERT",
    "tap": "tap ALERT BUTTON",
    "cancel": "cancel ALERT",
    "cancel-all":
      "cancel-all SCREEN|WINDOW [subtree] [lane LANE | category NAME | priority-at-most PRIORITY]",
    "dismiss": "dismiss ALERT [RESULT]",
    "push": "push NAV SCREEN [animated]",
    "pop": "pop NAV [animated]",
    "pop-to-root": "pop-to-root NAV [animated]",
    "set-stack": "set-stack NAV SCREEN [SCREEN …] [animated]",
    "select": "select TABS TAB",
    "present": "present SCREEN MODAL [full-screen|page-sheet] [animated]",
    "dismiss-modal": "dismiss-modal MODAL [animated]",
    "root": "root WINDOW SCREEN",
    "background": "background WINDOW",
    "foreground": "foreground WINDOW",
    "close": "close SCREEN|WINDOW",
    "pause": "pause SCREEN|WINDOW [lane LANE | category NAME] [as TOKEN]",
    "release": "release TOKEN",
    "resume": "resume SCREEN|WINDOW",
    "refuse": "refuse on [\"REASON\"] | refuse off",
    "relaunch": "relaunch [after DURATION] [version VERSION]",
    "advance": "advance DURATION",
    "mark": "mark \"TEXT\"",
    "close-alert": "close-alert ALERT [RESULT]",
    "finish-presenting": "finish-presenting ALERT",
    "set-parent": "set-parent DISPATCH SCREEN|WINDOW|DISPATCH|none",
    "active": "active DISPATCH CHILD|none",
    "provider": "provider DISPATCH CHILD|none",
    "set-provider": "set-provider DISPATCH CHILD|none|off",
    "appear": "appear DISPATCH",
    "disappear": "disappear DISPATCH",
    "arbitrate": "arbitrate SCREEN|WINDOW|DISPATCH",
    "answer": "answer ALERT presented|presenting|refuse [REASON]|gone [RESULT]",
    "pass-scheduling": "pass-scheduling SCREEN|WINDOW|DISPATCH coalesced|immediate",
    "end-turn": "end-turn",
    "count-show": "count-show KEY",
    "hold-show": "hold-show KEY",
    "release-show": "release-show KEY",
  ]

  /// Reads an action. In a reaction (`on`), alert names are checked once every alert is
  /// declared, and `advance` is refused: time cannot move inside a completion handler.
  mutating func action(_ keyword: String, _ words: [ScenarioWord], inReaction: Bool)
    throws(ScenarioProblem) -> ScenarioAction
  {
    var arguments = ScenarioArguments(words, usage: ScenarioParser.actionUsage[keyword] ?? keyword)
    let action: ScenarioAction
    switch keyword {
    case "add", "ready", "cancel":
      let alert = try alertName(&arguments, inReaction: inReaction)
      action = keyword == "add" ? .add(alert) : keyword == "ready" ? .ready(alert) : .cancel(alert)
    case "tap":
      let alert = try alertName(&arguments, inReaction: inReaction)
      let button = try arguments.text("BUTTON")
      if !inReaction, let buttons = alerts[alert]?.buttons, !buttons.isEmpty,
        !buttons.contains(button)
      {
        throw ScenarioProblem(
          "alert '\(alert)' has no button '\(button)'; its buttons: \(buttons.joined(separator: ", "))"
        )
      }
      action = .tap(alert, button: button)
    case "dismiss":
      let alert = try alertName(&arguments, inReaction: inReaction)
      action = .dismiss(alert, result: arguments.isEmpty ? nil : try arguments.text("RESULT"))
    case "push":
      let nav = try screen(try arguments.name("NAV"), allowing: [.navigation])
      let pushed = try screen(try arguments.name("SCREEN"), allowing: [.screen, .tabs])
      action = .push(nav: nav, screen: pushed, animated: arguments.flag("animated"))
    case "pop", "pop-to-root":
      let nav = try screen(try arguments.name("NAV"), allowing: [.navigation])
      let animated = arguments.flag("animated")
      action =
        keyword == "pop"
        ? .pop(nav: nav, animated: animated) : .popToRoot(nav: nav, animated: animated)
    case "set-stack":
      let nav = try screen(try arguments.name("NAV"), allowing: [.navigation])
      let animated = arguments.trailingFlag("animated")
      var screens = [try screen(try arguments.name("SCREEN"), allowing: [.screen, .tabs])]
      while !arguments.isEmpty {
        screens.append(try screen(try arguments.name("SCREEN"), allowing: [.screen, .tabs]))
      }
      action = .setStack(nav: nav, screens: screens, animated: animated)
    case "select":
      let tabs = try screen(try arguments.name("TABS"), allowing: [.tabs])
      let tab = try screen(try arguments.name("TAB"), allowing: [.screen, .navigation])
      guard tabsOf[tabs]?.contains(tab) == true else {
        throw ScenarioProblem("'\(tab)' is not a tab of '\(tabs)'")
      }
      action = .select(tabs: tabs, tab: tab)
    case "present":
      action = try presentAction(&arguments)
    case "dismiss-modal":
      let modal = try screen(try arguments.name("MODAL"))
      action = .dismissModal(modal, animated: arguments.flag("animated"))
    case "root":
      action = .root(
        window: try window(try arguments.name("WINDOW")),
        screen: try screen(try arguments.name("SCREEN")))
    case "background", "foreground":
      let window = try window(try arguments.name("WINDOW"))
      action = keyword == "background" ? .background(window) : .foreground(window)
    case "close", "resume":
      let owner = try known(try arguments.name("SCREEN|WINDOW"))
      action = keyword == "close" ? .close(owner) : .resume(owner)
    case "pause":
      action = try pauseAction(&arguments)
    case "release":
      let token = try arguments.name("TOKEN")
      tokenReferences.append((token, lineNumber))
      action = .release(token)
    case "cancel-all":
      action = try cancelAllAction(&arguments)
    case "refuse":
      action = try refuseAction(&arguments)
    case "relaunch":
      var after = Duration.zero
      var version: String?
      while !arguments.isEmpty {
        if arguments.flag("after") {
          after = try arguments.duration("DURATION")
        } else if arguments.flag("version") {
          version = try arguments.text("VERSION")
        } else {
          try arguments.end()
        }
      }
      action = .relaunch(after: after, version: version)
    case "close-alert", "finish-presenting", "answer":
      action = try alertAction(keyword, &arguments, inReaction: inReaction)
    case "set-parent", "active", "provider", "set-provider", "appear", "disappear", "arbitrate":
      action = try treeAction(keyword, &arguments)
    case "pass-scheduling":
      let owner = try known(try arguments.name("SCREEN|WINDOW|DISPATCH"))
      let coalesced = arguments.flag("coalesced")
      if !coalesced && !arguments.flag("immediate") {
        throw ScenarioProblem(
          "missing argument coalesced|immediate; usage: \(ScenarioParser.actionUsage[keyword]!)")
      }
      action = .passScheduling(owner, coalesced: coalesced)
    case "end-turn":
      action = .endTurn
    case "count-show", "hold-show", "release-show":
      action = .showCount(ScenarioShowCount(rawValue: keyword)!, key: try arguments.text("KEY"))
    case "advance":
      if inReaction {
        throw ScenarioProblem(
          "'advance' cannot run in 'on': time does not move in a completion handler")
      }
      action = .advance(try arguments.duration("DURATION"))
    default:
      action = .mark(try arguments.sentence("TEXT"))
    }
    try arguments.end()
    return action
  }

  private func presentAction(_ arguments: inout ScenarioArguments) throws(ScenarioProblem)
    -> ScenarioAction
  {
    let over = try screen(try arguments.name("SCREEN"))
    let modal = try screen(try arguments.name("MODAL"))
    var style = ScenarioModalStyle.pageSheet
    if arguments.flag("full-screen") {
      style = .fullScreen
    } else {
      _ = arguments.flag("page-sheet")
    }
    return .present(over: over, modal: modal, style: style, animated: arguments.flag("animated"))
  }

  private mutating func pauseAction(_ arguments: inout ScenarioArguments)
    throws(ScenarioProblem) -> ScenarioAction
  {
    let owner = try known(try arguments.name("SCREEN|WINDOW"))
    var scope = ScenarioPauseScope.all
    if arguments.flag("lane") {
      scope = .lane(try lane(try arguments.name("LANE")).name)
    } else if arguments.flag("category") {
      scope = .category(try arguments.name("NAME"))
    }
    var token: String?
    if arguments.flag("as") {
      let name = try arguments.name("TOKEN")
      pauseTokens.insert(name)
      token = name
    }
    return .pause(owner, scope, token: token)
  }

  private func cancelAllAction(_ arguments: inout ScenarioArguments) throws(ScenarioProblem)
    -> ScenarioAction
  {
    let owner = try known(try arguments.name("SCREEN|WINDOW"))
    let subtree = arguments.flag("subtree")
    var selection = ScenarioSelection.all
    if arguments.flag("lane") {
      selection = .lane(try lane(try arguments.name("LANE")).name)
    } else if arguments.flag("category") {
      selection = .category(try arguments.name("NAME"))
    } else if arguments.flag("priority-at-most") {
      selection = .priorityAtMost(try priority(try arguments.word("PRIORITY")))
    }
    return .cancelAll(owner, subtree: subtree, selection)
  }

  private func refuseAction(_ arguments: inout ScenarioArguments) throws(ScenarioProblem)
    -> ScenarioAction
  {
    if arguments.flag("off") { return .refuse(nil) }
    guard arguments.flag("on") else {
      let found = arguments.peek.map { "found '\($0)'" } ?? "missing argument on|off"
      throw ScenarioProblem("\(found); usage: \(arguments.usage)")
    }
    return .refuse(arguments.isEmpty ? "no host" : try arguments.text("REASON"))
  }

  /// `close-alert`, `finish-presenting` and `answer`: the alert actions of a recording.
  private mutating func alertAction(
    _ keyword: String, _ arguments: inout ScenarioArguments, inReaction: Bool
  ) throws(ScenarioProblem) -> ScenarioAction {
    let alert = try alertName(&arguments, inReaction: inReaction)
    switch keyword {
    case "close-alert":
      return .closeAlert(alert, result: arguments.isEmpty ? nil : try arguments.text("RESULT"))
    case "finish-presenting":
      return .finishPresenting(alert)
    default:
      guard isScripted else {
        throw ScenarioProblem("'answer' needs 'presenter scripted' in the setup")
      }
      if arguments.flag("presenting") { return .answer(alert, .presenting) }
      if arguments.flag("gone") {
        return .answer(alert, .gone(arguments.isEmpty ? nil : try arguments.text("RESULT")))
      }
      if arguments.flag("refuse") {
        return .answer(alert, .refuse(arguments.isEmpty ? "no host" : try arguments.text("REASON")))
      }
      guard arguments.flag("presented") else {
        let found = arguments.peek.map { "found '\($0)'" } ?? "missing argument"
        throw ScenarioProblem("\(found); usage: \(arguments.usage)")
      }
      return .answer(alert, .presented)
    }
  }

  /// The actions on a tree of bare dispatches: `set-parent`, `active`, `provider`, `appear`,
  /// `disappear` and `arbitrate`.
  private func treeAction(_ keyword: String, _ arguments: inout ScenarioArguments)
    throws(ScenarioProblem) -> ScenarioAction
  {
    if keyword == "arbitrate" {
      return .arbitrate(try known(try arguments.name("SCREEN|WINDOW|DISPATCH")))
    }
    let dispatch = try self.dispatch(try arguments.name("DISPATCH"))
    switch keyword {
    case "appear": return .appear(dispatch)
    case "disappear": return .disappear(dispatch)
    case "set-provider" where arguments.flag("off"): return .removeProvider(dispatch)
    default: break
    }
    let other = arguments.flag("none") ? nil : try known(try arguments.name("SCREEN|DISPATCH|none"))
    switch keyword {
    case "set-parent": return .setParent(dispatch, parent: other)
    case "active": return .activeChild(dispatch, child: other)
    case "set-provider": return .setProvider(dispatch, child: other)
    default: return .provider(dispatch, child: other)
    }
  }

  private mutating func alertName(_ arguments: inout ScenarioArguments, inReaction: Bool)
    throws(ScenarioProblem) -> String
  {
    let name = try arguments.name("ALERT")
    if inReaction {
      setupReferences.append((name, lineNumber, false))
    } else {
      _ = try alert(name)
    }
    return name
  }

  // MARK: Expectations

  static let expectationUsage =
    "expect showing ALERT … | showing nothing | state ALERT STATE | outcome ALERT OUTCOME | explain ALERT TEXT | drained SCREEN|WINDOW | transcript"

  static let states = [
    "pending", "queued", "presenting", "showing", "suspended", "dismissing", "ended",
  ]

  /// Reads an expectation (`expect transcript` is read by the parser's loop).
  func expectation(_ words: [ScenarioWord]) throws(ScenarioProblem) -> ScenarioExpectation {
    var arguments = ScenarioArguments(words, usage: ScenarioParser.expectationUsage)
    let kind = try arguments.word("showing|state|outcome|explain|drained|transcript")
    let expectation: ScenarioExpectation
    switch kind.isQuoted ? "" : kind.text {
    case "showing":
      if arguments.flag("nothing") {
        expectation = .showing([])
      } else {
        var names = [try alert(try arguments.name("ALERT")).name]
        while !arguments.isEmpty { names.append(try alert(try arguments.name("ALERT")).name) }
        expectation = .showing(names)
      }
    case "state":
      let alert = try alert(try arguments.name("ALERT")).name
      let state = try arguments.word("STATE")
      guard !state.isQuoted, ScenarioParser.states.contains(state.text) else {
        throw ScenarioProblem(
          "unknown state '\(state.text)': write one of \(ScenarioParser.states.joined(separator: ", "))"
        )
      }
      expectation = .state(alert, state.text)
    case "outcome":
      let alert = try alert(try arguments.name("ALERT")).name
      expectation = .outcome(
        alert, try outcome(try arguments.sentence("OUTCOME"), allowingKinds: false))
    case "explain":
      let alert = try alert(try arguments.name("ALERT")).name
      expectation = .explain(alert, try arguments.sentence("TEXT"))
    case "drained":
      expectation = .drained(try known(try arguments.name("SCREEN|WINDOW")))
    default:
      throw ScenarioProblem(
        "unknown expectation '\(kind.text)'; usage: \(ScenarioParser.expectationUsage)")
    }
    try arguments.end()
    return expectation
  }
}
