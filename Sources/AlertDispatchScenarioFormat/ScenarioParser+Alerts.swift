import AlertDispatchKit

extension ScenarioParser {
  /// `alert NAME on OWNER [option …]`.
  mutating func alertStatement(_ arguments: inout ScenarioArguments) throws(ScenarioProblem) {
    let name = try arguments.name("NAME")
    if let line = alertLines[name] {
      throw ScenarioProblem("duplicate alert '\(name)' (first declared on line \(line))")
    }
    guard arguments.flag("on") else {
      if let word = arguments.peek {
        throw ScenarioProblem(
          "expected 'on' after the alert's name, found '\(word)'; usage: \(arguments.usage)")
      }
      throw ScenarioProblem("missing argument on SCREEN|WINDOW; usage: \(arguments.usage)")
    }
    let owner = try known(try arguments.name("SCREEN|WINDOW"))
    var alert = ScenarioAlert(name: name, owner: owner)
    var seen: Set<String> = []
    while let word = arguments.peek {
      let option = word.text
      _ = arguments.flag(option)
      guard !word.isQuoted, ScenarioParser.alertOptions.contains(option) else {
        throw ScenarioProblem("unknown alert option '\(word)'")
      }
      guard seen.insert(option).inserted else {
        throw ScenarioProblem("alert option '\(option)' is given twice")
      }
      try alertOption(option, &arguments, into: &alert)
    }
    alertLines[name] = lineNumber
    alerts[name] = alert
    append(.alert(alert))
  }

  static let alertOptions: Set<String> = [
    "priority", "lane", "after", "interruption", "preemption", "style", "pending", "replace",
    "deadline",
    "expiry", "delay", "autodismiss", "title", "message", "id", "buttons", "cap", "category",
    "later", "offstage", "ignores-pause", "show-next", "show-now-or-drop", "minimum",
    "waits-for-unadded",
  ]

  private mutating func alertOption(
    _ option: String, _ arguments: inout ScenarioArguments, into alert: inout ScenarioAlert
  ) throws(ScenarioProblem) {
    switch option {
    case "priority": alert.priority = try priority(try arguments.word("PRIORITY"))
    case "lane": alert.lane = try lane(try arguments.name("LANE")).name
    case "after":
      let list = try arguments.text("ID,ID,…")
      for id in list.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
        try ScenarioArguments.checkName(ScenarioWord(text: id, isQuoted: false))
        alert.dependencies.append(id)
        setupReferences.append((id, lineNumber, true))
      }
    case "interruption":
      let policies: [String: InterruptionPolicy] = [
        "suspend": .suspend, "cancel": .cancel, "never": .never,
      ]
      alert.interruption = try choice(try arguments.word("POLICY"), policies, "interruption")
    case "preemption":
      let policies: [String: PreemptionPolicy] = ["preempt": .preempt, "wait": .wait]
      alert.preemption = try choice(try arguments.word("POLICY"), policies, "preemption")
    case "style":
      let styles: [String: PresentationStyle] = ["hide": .hideOthers, "cover": .cover]
      alert.style = try choice(try arguments.word("STYLE"), styles, "style")
    case "offstage":
      let policies: [String: OffstagePolicy] = ["suspend": .suspend, "end": .end]
      alert.offstage = try choice(try arguments.word("POLICY"), policies, "offstage policy")
    case "ignores-pause": alert.ignoresPause = true
    case "show-next": alert.placement = .next
    case "show-now-or-drop": alert.showNowOrDrop = true
    case "waits-for-unadded": alert.waitsForUnadded = true
    case "pending": alert.readiness = .pending
    case "replace": alert.duplicates = .replaceExisting
    case "deadline": alert.timing.readinessDeadline = try positive(option, &arguments)
    case "expiry": alert.timing.expiry = try positive(option, &arguments)
    case "delay": alert.timing.delay = try arguments.duration("DURATION")
    case "autodismiss": alert.timing.autoDismiss = try positive(option, &arguments)
    case "minimum": alert.timing.minimumDisplay = try arguments.duration("DURATION")
    case "title": alert.title = try arguments.text("TEXT")
    case "message": alert.message = try arguments.text("TEXT")
    case "id": alert.id = try arguments.name("ID")
    case "buttons":
      let buttons = arguments.rest()
      guard !buttons.isEmpty else {
        throw ScenarioProblem(
          "missing argument BUTTON; usage: buttons BUTTON [BUTTON …] (last on the line)")
      }
      // An option written after the buttons would become a button: say so.
      if let word = buttons.first(where: { !$0.isQuoted && Self.alertOptions.contains($0.text) }) {
        throw ScenarioProblem(
          "alert option '\(word.text)' after 'buttons', which takes the rest of the line: put the buttons last, or quote a button titled \(word.text)"
        )
      }
      alert.buttons = buttons.map(\.text)
    case "cap":
      alert.cap = try cap(&arguments)
    case "category": alert.category = try arguments.name("CATEGORY")
    default:
      alert.later = true
    }
  }

  /// A duration that must be more than zero (a deadline, an expiry, an auto-dismiss), as the
  /// request's validation would say at run time.
  private func positive(_ option: String, _ arguments: inout ScenarioArguments)
    throws(ScenarioProblem) -> Duration
  {
    let duration = try arguments.duration("DURATION")
    guard duration > .zero else {
      let got = AlertInstant.format(duration)
      throw ScenarioProblem("\(option) must be more than zero, got \(got)")
    }
    return duration
  }

  /// `cap LIMIT [key KEY] [when dismissed]`.
  private func cap(_ arguments: inout ScenarioArguments) throws(ScenarioProblem) -> FrequencyCap {
    let (limit, window) = try frequency(&arguments, "cap")
    var cap = FrequencyCap(limit, per: window)
    if arguments.flag("key") { cap.key = try arguments.name("KEY") }
    if arguments.flag("when") {
      guard arguments.flag("dismissed") else {
        throw ScenarioProblem(
          "expected 'when dismissed' after the cap; usage: \(ScenarioParser.capUsage)")
      }
      cap.countsWhen = .dismissed
    }
    return cap
  }

  static let capUsage =
    "cap once-ever|once-per-launch|once-per-day|once-per-version|N-per-launch|…|N-per DURATION [key KEY] [when dismissed]"

  /// `once-ever`, `once-per-day`, `3-per-launch`, `2-per 1h`: a limit and a window.
  func frequency(_ arguments: inout ScenarioArguments, _ what: String) throws(ScenarioProblem)
    -> (Int, FrequencyWindow)
  {
    let word = try arguments.word("LIMIT")
    let problem = ScenarioProblem(
      "bad \(what) '\(word.text)': write once-ever, once-per-launch, once-per-day, once-per-version, N-per-launch (and the like) or N-per DURATION"
    )
    guard !word.isQuoted, let dash = word.text.firstIndex(of: "-") else { throw problem }
    let count = word.text[..<dash]
    guard let limit = count == "once" ? 1 : Int(count), limit >= 1 else { throw problem }
    switch word.text[word.text.index(after: dash)...] {
    case "ever": return (limit, .ever)
    case "per-launch": return (limit, .launch)
    case "per-day": return (limit, .day)
    case "per-version": return (limit, .version)
    case "per": return (limit, .rolling(try arguments.duration("DURATION")))
    default: throw problem
    }
  }

  /// `low`, `normal`, `high`, `critical` or an integer.
  func priority(_ word: ScenarioWord) throws(ScenarioProblem) -> AlertPriority {
    let named: [String: AlertPriority] = [
      "low": .low, "normal": .normal, "high": .high, "critical": .critical,
    ]
    if !word.isQuoted, let priority = named[word.text] ?? Int(word.text).map({ AlertPriority($0) })
    {
      return priority
    }
    throw ScenarioProblem(
      "bad priority '\(word.text)': write low, normal, high, critical or a number")
  }

  /// The value `word` names among `values`; a problem naming the choices when it names none.
  func choice<Value>(
    _ word: ScenarioWord, _ values: [String: Value], _ what: String
  ) throws(ScenarioProblem) -> Value {
    if !word.isQuoted, let value = values[word.text] { return value }
    let names = values.keys.sorted().joined(separator: ", ")
    throw ScenarioProblem("bad \(what) '\(word.text)': write one of \(names)")
  }
}
