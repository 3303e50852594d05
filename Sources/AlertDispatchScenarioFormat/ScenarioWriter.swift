import AlertDispatchKit
import Foundation

/// Turns statements into the lines of a scenario file; ``ScenarioFormat/write(_:file:)``
/// checks that they read back.
enum ScenarioWriter {
  static func text(_ statements: [ScenarioStatement]) -> String {
    var text = ""
    var inTimeline = false
    for statement in statements {
      if isAt(statement) { inTimeline = true }
      let indent = inTimeline && !isAt(statement) ? "  " : ""
      for line in lines(statement) { text += indent + line + "\n" }
    }
    return text
  }

  /// The 1-based line of the written text that the statement at `index` starts on.
  static func lineNumber(of index: Int, in statements: [ScenarioStatement]) -> Int {
    statements.prefix(index).reduce(1) { $0 + lines($1).count }
  }

  /// The statement on one line (an `expect transcript` on as many as it takes).
  static func line(_ statement: ScenarioStatement) -> String {
    lines(statement).joined(separator: "\n")
  }

  private static func isAt(_ statement: ScenarioStatement) -> Bool {
    switch statement {
    case .at, .atAfterTimers: true
    default: false
    }
  }

  private static func lines(_ statement: ScenarioStatement) -> [String] {
    if case .expectation(.transcript(let expected)) = statement {
      return ["expect transcript"] + expected.map { "  " + $0 } + ["end"]
    }
    if case .action(.together(let grouped)) = statement {
      return ["together"] + grouped.map { "  " + actions($0).joined(separator: " ") } + ["end"]
    }
    return [words(statement).joined(separator: " ")]
  }

  private static func words(_ statement: ScenarioStatement) -> [String] {
    switch statement {
    case .comment(let text): return [text.isEmpty ? "#" : "# " + text]
    case .window(let name): return ["window", name]
    case .screens(let names): return ["screen"] + names
    case .navigation(let name, let root): return ["nav", name, root]
    case .tabs(let name, let tabs, let selected):
      return ["tabs", name] + tabs + (selected.map { ["selected", $0] } ?? [])
    case .root(let window, let screen): return ["root", window, screen]
    case .link(let name): return ["link", name]
    case .ownDomain(let name): return ["own-domain", name]
    case .lane(let lane): return lanes(lane)
    case .transition(let duration): return ["transition", spelled(duration)]
    case .presenter(let present, let dismiss):
      return ["presenter"] + (present.map { ["present", spelled($0)] } ?? [])
        + (dismiss.map { ["dismiss", spelled($0)] } ?? [])
    case .scriptedPresenter: return ["presenter", "scripted"]
    case .dispatch(let name, let parent, let isVisible):
      return ["dispatch", name] + (parent.map { ["parent", $0] } ?? [])
        + (isVisible ? [] : ["hidden"])
    case .alert(let alert): return alerts(alert)
    case .reaction(let alert, let outcome, let action):
      return ["on", alert, word(outcome)] + actions(action)
    case .date(let date): return ["date", ISO8601DateFormatter().string(from: date)]
    case .version(let version): return ["version", word(version)]
    case .timeZone(let zone): return ["time-zone", word(zone.identifier)]
    case .budget(let category, let budget):
      return ["budget", category] + frequency(budget.limit, budget.window)
    case .shown(let key, let date, let version, let thisLaunch):
      return ["shown", word(key), ISO8601DateFormatter().string(from: date)]
        + (version.map { ["version", word($0)] } ?? []) + (thisLaunch ? ["this-launch"] : [])
    case .at(let duration): return ["at", spelled(duration)]
    case .atAfterTimers(let duration, 0): return ["at", spelled(duration), "before-timers"]
    case .atAfterTimers(let duration, let timers):
      return ["at", spelled(duration), "after-timers", "\(timers)"]
    case .action(let action): return actions(action)
    case .expectation(let expectation): return ["expect"] + expectations(expectation)
    }
  }

  private static func actions(_ action: ScenarioAction) -> [String] {
    func flag(_ on: Bool, _ word: String = "animated") -> [String] { on ? [word] : [] }
    switch action {
    case .add(let name): return ["add", name]
    case .ready(let name): return ["ready", name]
    case .tap(let name, let button): return ["tap", name, word(button)]
    case .cancel(let name): return ["cancel", name]
    case .cancelAll(let owner, let subtree, let selection):
      return ["cancel-all", owner] + flag(subtree, "subtree") + selections(selection)
    case .dismiss(let name, let result):
      return ["dismiss", name] + (result.map { [word($0)] } ?? [])
    case .push(let nav, let screen, let animated): return ["push", nav, screen] + flag(animated)
    case .pop(let nav, let animated): return ["pop", nav] + flag(animated)
    case .popToRoot(let nav, let animated): return ["pop-to-root", nav] + flag(animated)
    case .setStack(let nav, let screens, let animated):
      return ["set-stack", nav] + screens + flag(animated)
    case .select(let tabs, let tab): return ["select", tabs, tab]
    case .present(let over, let modal, let style, let animated):
      return ["present", over, modal] + flag(style == .fullScreen, style.rawValue) + flag(animated)
    case .dismissModal(let modal, let animated): return ["dismiss-modal", modal] + flag(animated)
    case .root(let window, let screen): return ["root", window, screen]
    case .background(let window): return ["background", window]
    case .foreground(let window): return ["foreground", window]
    case .close(let name): return ["close", name]
    case .pause(let owner, let scope, let token):
      let scoped: [String] =
        switch scope {
        case .all: []
        case .lane(let lane): ["lane", lane]
        case .category(let category): ["category", category]
        }
      return ["pause", owner] + scoped + (token.map { ["as", $0] } ?? [])
    case .release(let token): return ["release", token]
    case .resume(let name): return ["resume", name]
    case .refuse(let reason):
      return reason.map { ["refuse", "on", quoted($0)] } ?? ["refuse", "off"]
    case .advance(let duration): return ["advance", spelled(duration)]
    case .mark(let text): return ["mark", sentence(text)]
    case .relaunch(let after, let version):
      return ["relaunch"] + (after == .zero ? [] : ["after", spelled(after)])
        + (version.map { ["version", word($0)] } ?? [])
    case .closeAlert(let name, let result):
      return ["close-alert", name] + (result.map { [word($0)] } ?? [])
    case .finishPresenting(let name): return ["finish-presenting", name]
    case .setParent(let name, let parent): return ["set-parent", name, parent ?? "none"]
    case .activeChild(let name, let child): return ["active", name, child ?? "none"]
    case .provider(let name, let child): return ["provider", name, child ?? "none"]
    case .setProvider(let name, let child): return ["set-provider", name, child ?? "none"]
    case .removeProvider(let name): return ["set-provider", name, "off"]
    case .appear(let name): return ["appear", name]
    case .disappear(let name): return ["disappear", name]
    case .arbitrate(let name): return ["arbitrate", name]
    case .answer(let name, .presented): return ["answer", name, "presented"]
    case .answer(let name, .presenting): return ["answer", name, "presenting"]
    case .answer(let name, .refuse(let reason)): return ["answer", name, "refuse", word(reason)]
    case .answer(let name, .gone(let result)):
      return ["answer", name, "gone"] + (result.map { [word($0)] } ?? [])
    case .showCount(let change, let key): return [change.rawValue, word(key)]
    case .fireTimer: return ["fire-timer"]
    case .passScheduling(let name, let coalesced):
      return ["pass-scheduling", name, coalesced ? "coalesced" : "immediate"]
    case .endTurn: return ["end-turn"]
    // On lines of its own (``lines(_:)``).
    case .together: return ["together"]
    }
  }

  private static func selections(_ selection: ScenarioSelection) -> [String] {
    switch selection {
    case .all: []
    case .lane(let lane): ["lane", lane]
    case .category(let category): ["category", category]
    case .priorityAtMost(let priority): ["priority-at-most", priority.description]
    }
  }

  private static func expectations(_ expectation: ScenarioExpectation) -> [String] {
    switch expectation {
    case .showing(let names): ["showing"] + (names.isEmpty ? ["nothing"] : names)
    case .state(let name, let state): ["state", name, state]
    case .outcome(let name, let outcome): ["outcome", name, sentence(outcome)]
    case .explain(let name, let text): ["explain", name, sentence(text)]
    case .drained(let name): ["drained", name]
    case .transcript: ["transcript"]
    case .transcriptUnchecked: ["transcript", "unchecked"]
    }
  }

  // MARK: Words

  /// A duration in the first form that reads back exactly: whole milliseconds, seconds with
  /// a fraction, then whole minutes, hours or days; `nil` when none does.
  static func duration(_ duration: Duration) -> String? {
    guard duration >= .zero else { return nil }
    let (seconds, attoseconds) = duration.components
    let nanoseconds = attoseconds / 1_000_000_000
    var candidates: [String] = []
    if nanoseconds % 1_000_000 == 0 {
      candidates.append("\(seconds * 1000 + nanoseconds / 1_000_000)ms")
    }
    var fraction = String(nanoseconds + 1_000_000_000).dropFirst()
    while fraction.last == "0" { fraction = fraction.dropLast() }
    candidates.append(fraction.isEmpty ? "\(seconds)s" : "\(seconds).\(fraction)s")
    for (unit, size) in [("m", Int64(60)), ("h", 3600), ("d", 86_400)] where nanoseconds == 0 {
      if seconds % size == 0 { candidates.append("\(seconds / size)\(unit)") }
    }
    return candidates.first { ScenarioFormat.duration($0) == duration }
  }

  /// A duration, or a form that the reading back rejects.
  static func spelled(_ value: Duration) -> String {
    duration(value) ?? "\(value)"
  }

  /// Text as one word: bare when it reads back as itself, otherwise quoted.
  static func word(_ text: String) -> String {
    let bare = !text.isEmpty && !text.contains { " \t#\"".contains($0) }
    return bare ? text : quoted(text)
  }

  /// Text in double quotes, with `\"` and `\\` escaped.
  static func quoted(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if character == "\"" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return "\"\(escaped)\""
  }

  /// Text that takes the rest of a line: bare words when they read back as the text, one
  /// quoted word otherwise.
  static func sentence(_ text: String) -> String {
    guard case .success(let words) = ScenarioWord.split(Substring(text)),
      !words.isEmpty, words.allSatisfy({ !$0.isQuoted }),
      words.map(\.text).joined(separator: " ") == text
    else { return quoted(text) }
    return text
  }
}
