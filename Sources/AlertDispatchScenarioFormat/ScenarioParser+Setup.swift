import AlertDispatchKit
import Foundation

extension ScenarioParser {
  /// The setup statements and how to write them.
  static let setupUsage: [String: String] = [
    "window": "window NAME",
    "screen": "screen NAME [NAME …]",
    "nav": "nav NAME ROOT",
    "tabs": "tabs NAME TAB [TAB …] [selected TAB]",
    "root": "root WINDOW SCREEN",
    "link": "link SCREEN|WINDOW",
    "own-domain": "own-domain SCREEN",
    "lane":
      "lane NAME [capacity N|unlimited] [gap DURATION] [order first-added|newest-first] [max-waiting N] [overflow refuse-newcomer|drop-oldest|drop-lowest-priority]",
    "transition": "transition DURATION",
    "presenter": "presenter [present DURATION] [dismiss DURATION] | presenter scripted",
    "dispatch": "dispatch NAME [parent SCREEN|WINDOW|DISPATCH] [hidden]",
    "alert": "alert NAME on SCREEN|WINDOW [option …]",
    "on": "on ALERT OUTCOME ACTION",
    "date": "date YYYY-MM-DDTHH:MM:SSZ",
    "version": "version VERSION",
    "time-zone": "time-zone IDENTIFIER",
    "budget": "budget CATEGORY LIMIT",
    "shown": "shown KEY DATE [version VERSION] [this-launch]",
  ]

  mutating func setupStatement(_ keyword: String, _ arguments: inout ScenarioArguments)
    throws(ScenarioProblem)
  {
    switch keyword {
    case "window":
      let name = try declare(try arguments.name("NAME"), as: .window)
      append(.window(name))
    case "screen":
      var names = [try declare(try arguments.name("NAME"), as: .screen)]
      while !arguments.isEmpty {
        names.append(try declare(try arguments.name("NAME"), as: .screen))
      }
      append(.screens(names))
    case "nav":
      let name = try arguments.name("NAME")
      let root = try screen(try arguments.name("ROOT"), allowing: [.screen, .tabs])
      try arguments.end()
      try contain(root, in: name)
      append(.navigation(try declare(name, as: .navigation), root: root))
    case "tabs":
      try tabsStatement(&arguments)
    case "root":
      let window = try self.window(try arguments.name("WINDOW"))
      let screen = try self.screen(try arguments.name("SCREEN"))
      try arguments.end()
      if let container = containerOf[screen] {
        throw ScenarioProblem("'\(screen)' is inside '\(container)'; make '\(container)' the root")
      }
      append(.root(window: window, screen: screen))
    case "link":
      let name = try known(try arguments.name("SCREEN|WINDOW"))
      try arguments.end()
      if kinds[name] == .dispatch {
        throw ScenarioProblem("'\(name)' is a dispatch; link a screen or a window")
      }
      append(.link(name))
    case "own-domain":
      let name = try screen(try arguments.name("SCREEN"))
      try arguments.end()
      append(.ownDomain(name))
    case "lane":
      try laneStatement(&arguments)
    case "transition":
      let duration = try arguments.duration("DURATION")
      try arguments.end()
      append(.transition(duration))
    case "dispatch":
      let name = try arguments.name("NAME")
      if name == "none" {
        throw ScenarioProblem(
          "'none' is not a dispatch name: 'set-parent' and 'active' read it as no dispatch")
      }
      let parent = arguments.flag("parent") ? try known(try arguments.name("PARENT")) : nil
      let isVisible = !arguments.flag("hidden")
      try arguments.end()
      append(.dispatch(try declare(name, as: .dispatch), parent: parent, isVisible: isVisible))
    case "presenter" where arguments.peek?.description == "scripted":
      _ = arguments.flag("scripted")
      try arguments.end()
      isScripted = true
      append(.scriptedPresenter)
    case "presenter":
      var present: Duration?
      var dismiss: Duration?
      while !arguments.isEmpty {
        if arguments.flag("present") {
          present = try arguments.duration("DURATION")
        } else if arguments.flag("dismiss") {
          dismiss = try arguments.duration("DURATION")
        } else {
          try arguments.end()
        }
      }
      append(.presenter(present: present, dismiss: dismiss))
    case "alert":
      try alertStatement(&arguments)
    case "date":
      let text = try arguments.text("DATE")
      try arguments.end()
      guard let date = ISO8601DateFormatter().date(from: text) else {
        throw ScenarioProblem("bad date '\(text)': write it as 2026-01-01T09:00:00Z")
      }
      append(.date(date))
    case "time-zone":
      let identifier = try arguments.text("IDENTIFIER")
      try arguments.end()
      guard let zone = TimeZone(identifier: identifier) else {
        throw ScenarioProblem(
          "unknown time zone '\(identifier)': write one such as Europe/Paris or UTC")
      }
      append(.timeZone(zone))
    case "version":
      let version = try arguments.text("VERSION")
      try arguments.end()
      append(.version(version))
    case "shown":
      let key = try arguments.text("KEY")
      let text = try arguments.text("DATE")
      guard let date = ISO8601DateFormatter().date(from: text) else {
        throw ScenarioProblem("bad date '\(text)': write it as 2026-01-01T09:00:00Z")
      }
      let version = arguments.flag("version") ? try arguments.text("VERSION") : nil
      let thisLaunch = arguments.flag("this-launch")
      try arguments.end()
      append(.shown(key: key, date: date, version: version, thisLaunch: thisLaunch))
    case "budget":
      let category = try arguments.name("CATEGORY")
      let (limit, window) = try frequency(&arguments, "budget")
      try arguments.end()
      append(.budget(category, FrequencyBudget(limit, per: window)))
    default:
      try reactionStatement(&arguments)
    }
  }

  private mutating func tabsStatement(_ arguments: inout ScenarioArguments)
    throws(ScenarioProblem)
  {
    let name = try arguments.name("NAME")
    var tabs = [try screen(try arguments.name("TAB"), allowing: [.screen, .navigation])]
    var selected: String?
    while !arguments.isEmpty {
      if arguments.flag("selected") {
        let tab = try arguments.name("TAB")
        guard tabs.contains(tab) else {
          throw ScenarioProblem("'\(tab)' is not a tab of '\(name)'")
        }
        selected = tab
        try arguments.end()
      } else {
        tabs.append(try screen(try arguments.name("TAB"), allowing: [.screen, .navigation]))
      }
    }
    for tab in tabs { try contain(tab, in: name) }
    tabsOf[name] = tabs
    append(.tabs(try declare(name, as: .tabs), tabs, selected: selected))
  }

  private mutating func laneStatement(_ arguments: inout ScenarioArguments)
    throws(ScenarioProblem)
  {
    let name = try arguments.name("NAME")
    if let line = laneLines[name] {
      throw ScenarioProblem("duplicate lane '\(name)' (first declared on line \(line))")
    }
    var lane = AlertLane(name)
    while !arguments.isEmpty {
      if arguments.flag("capacity") {
        let word = try arguments.word("N|unlimited")
        if word.text == "unlimited" && !word.isQuoted {
          lane.capacity = .unlimited
        } else if let count = Int(word.text), count >= 1, !word.isQuoted {
          lane.capacity = .limited(count)
        } else {
          throw ScenarioProblem(
            "bad capacity '\(word.text)': write a number of at least 1, or unlimited")
        }
      } else if arguments.flag("gap") {
        lane.minimumGap = try arguments.duration("DURATION")
      } else if arguments.flag("order") {
        let orders: [String: AlertLane.Order] = [
          "first-added": .firstAdded, "newest-first": .newestFirst,
        ]
        lane.order = try choice(try arguments.word("ORDER"), orders, "lane order")
      } else if arguments.flag("max-waiting") {
        let word = try arguments.word("N")
        guard let count = Int(word.text), count >= 1, !word.isQuoted else {
          throw ScenarioProblem("bad max-waiting '\(word.text)': write a number of at least 1")
        }
        lane.maximumWaiting = count
      } else if arguments.flag("overflow") {
        let policies: [String: LaneOverflow] = [
          "refuse-newcomer": .refuseNewcomer, "drop-oldest": .dropOldest,
          "drop-lowest-priority": .dropLowestPriority,
        ]
        lane.overflow = try choice(try arguments.word("POLICY"), policies, "overflow policy")
      } else {
        try arguments.end()
      }
    }
    laneLines[name] = lineNumber
    lanes[name] = lane
    append(.lane(lane))
  }

  private mutating func reactionStatement(_ arguments: inout ScenarioArguments)
    throws(ScenarioProblem)
  {
    let alert = try arguments.name("ALERT")
    let outcome = try self.outcome(try arguments.text("OUTCOME"), allowingKinds: true)
    let keyword = try arguments.word("ACTION")
    let rest = arguments.rest()
    guard ScenarioParser.actionUsage[keyword.text] != nil, !keyword.isQuoted else {
      throw ScenarioProblem("unknown action '\(keyword.text)' in 'on'")
    }
    let action = try self.action(keyword.text, rest, inReaction: true)
    setupReferences.append((alert, lineNumber, false))
    append(.reaction(alert: alert, outcome: outcome, action: action))
  }

  /// Checks an outcome as printed: `dismissed(RESULT)` or `cancelled(REASON)`, and with
  /// `allowingKinds` also `dismissed`, `cancelled` and `any`.
  func outcome(_ text: String, allowingKinds: Bool) throws(ScenarioProblem) -> String {
    if allowingKinds && ["dismissed", "cancelled", "any"].contains(text) { return text }
    let wellFormed =
      (text.hasPrefix("dismissed(") || text.hasPrefix("cancelled(")) && text.hasSuffix(")")
    guard wellFormed else {
      let kinds = allowingKinds ? ", or dismissed, cancelled or any" : ""
      throw ScenarioProblem(
        "bad outcome '\(text)': write dismissed(RESULT) or cancelled(REASON)\(kinds)")
    }
    return text
  }

  // MARK: Names

  /// Records a new name of a window or a screen; names of all kinds share one namespace.
  mutating func declare(_ name: String, as kind: ScenarioNameKind) throws(ScenarioProblem)
    -> String
  {
    if let line = nameLines[name] {
      let first = line == 0 ? "the implicit window 'main'" : "first declared on line \(line)"
      throw ScenarioProblem("duplicate name '\(name)' (\(first))")
    }
    nameLines[name] = lineNumber
    kinds[name] = kind
    return name
  }

  /// Records that `screen` is a child of `container`; a screen has one place.
  mutating func contain(_ screen: String, in container: String) throws(ScenarioProblem) {
    if let other = containerOf[screen] {
      throw ScenarioProblem("'\(screen)' is already in '\(other)'")
    }
    containerOf[screen] = container
  }

  /// A declared name of any kind.
  func known(_ name: String) throws(ScenarioProblem) -> String {
    guard kinds[name] != nil else {
      throw ScenarioProblem("unknown screen or window '\(name)'")
    }
    return name
  }

  /// A declared window.
  func window(_ name: String) throws(ScenarioProblem) -> String {
    guard let kind = kinds[name] else { throw ScenarioProblem("unknown window '\(name)'") }
    guard kind == .window else {
      throw ScenarioProblem("'\(name)' is a \(kind.rawValue), not a window")
    }
    return name
  }

  /// A declared screen of one of these kinds.
  func screen(
    _ name: String, allowing kinds: Set<ScenarioNameKind> = [.screen, .navigation, .tabs]
  ) throws(ScenarioProblem) -> String {
    guard let kind = self.kinds[name] else { throw ScenarioProblem("unknown screen '\(name)'") }
    guard kinds.contains(kind) else {
      let wanted = kinds.count == 1 ? kinds.first!.rawValue : "screen"
      let article = wanted.first.map { "aeiou".contains($0) } == true ? "an" : "a"
      throw ScenarioProblem("'\(name)' is a \(kind.rawValue), not \(article) \(wanted)")
    }
    return name
  }

  /// A declared bare dispatch.
  func dispatch(_ name: String) throws(ScenarioProblem) -> String {
    guard let kind = kinds[name] else { throw ScenarioProblem("unknown dispatch '\(name)'") }
    guard kind == .dispatch else {
      throw ScenarioProblem("'\(name)' is a \(kind.rawValue), not a dispatch")
    }
    return name
  }

  /// A declared lane.
  func lane(_ name: String) throws(ScenarioProblem) -> AlertLane {
    guard let lane = lanes[name] else { throw ScenarioProblem("unknown lane '\(name)'") }
    return lane
  }

  /// A declared alert (used in the timeline, where every alert is declared).
  func alert(_ name: String) throws(ScenarioProblem) -> ScenarioAlert {
    guard let alert = alerts[name] else {
      throw ScenarioProblem("unknown alert '\(name)'")
    }
    return alert
  }
}
