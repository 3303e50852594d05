import AlertDispatchKit

/// A mistake found on a line; the parser turns it into a ``ScenarioError`` with the line.
struct ScenarioProblem: Error {
  var message: String
  /// The line, when it is not the line being read (a reference checked later).
  var line: Int?

  init(_ message: String, line: Int? = nil) {
    self.message = message
    self.line = line
  }
}

/// Reads a scenario line by line: setup statements, then `at` blocks of actions and
/// expectations. Every name is checked when it is used, so a parsed scenario runs.
struct ScenarioParser {
  let file: String
  let lines: [Substring]
  /// What has been read so far.
  var statements: [ScenarioLine] = []
  /// The words of the statement being read.
  var words: [ScenarioWord] = []
  var lineNumber = 0
  var kinds: [String: ScenarioNameKind] = [:]
  var alerts: [String: ScenarioAlert] = [:]
  var inTimeline = false
  /// The time the timeline has reached (the last `at` plus its `advance` steps).
  var cursor: Duration = .zero
  /// How many timers due at ``cursor`` the timeline has fired: `nil` for all of them.
  var cursorTimers: Int?
  var lanes: [String: AlertLane] = ["modal": .modal]
  var laneLines: [String: Int] = [:]
  var nameLines: [String: Int] = [:]
  var alertLines: [String: Int] = [:]
  var containerOf: [String: String] = [:]
  var tabsOf: [String: [String]] = [:]
  /// Alert names used in the setup (reactions, dependencies), checked once all are declared.
  var setupReferences: [(name: String, line: Int, isID: Bool)] = []
  /// The names `pause … as TOKEN` gives, and the `release TOKEN` lines, checked at the end.
  var pauseTokens: Set<String> = []
  var tokenReferences: [(name: String, line: Int)] = []
  /// Whether `presenter scripted` was read: `answer` needs it.
  var isScripted = false

  init(file: String, text: String) {
    self.file = file
    self.lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? $0.dropLast() : $0
    }
    let firstWindow = lines.lazy.compactMap { line -> String? in
      guard case .success(let words) = ScenarioWord.split(line), words.count > 1,
        words[0] == ScenarioWord(text: "window", isQuoted: false)
      else { return nil }
      return words[1].text
    }.first
    if firstWindow == nil {
      kinds["main"] = .window
      nameLines["main"] = 0
    }
  }

  mutating func parse() throws(ScenarioError) -> [ScenarioLine] {
    var index = 0
    while index < lines.count {
      lineNumber = index + 1
      do {
        if let comment = ScenarioParser.comment(lines[index]) {
          index += 1
          append(.comment(comment))
          continue
        }
        let words = try split(lines[index])
        index += 1
        guard let keyword = words.first else { continue }
        self.words = words
        if keyword.text == "expect", words.count >= 2, words[1].text == "transcript" {
          index = try transcriptBlock(words, from: index)
        } else if keyword == ScenarioWord(text: "together", isQuoted: false) {
          index = try togetherBlock(words, from: index)
        } else {
          try statement(keyword, Array(words.dropFirst()))
        }
      } catch {
        throw ScenarioError(file: file, line: error.line ?? lineNumber, message: error.message)
      }
    }
    do {
      try checkSetupReferences()
    } catch {
      throw ScenarioError(file: file, line: error.line ?? lineNumber, message: error.message)
    }
    return statements
  }

  /// Records a statement read on the current line.
  mutating func append(_ statement: ScenarioStatement) {
    statements.append(ScenarioLine(line: lineNumber, words: words, statement: statement))
  }

  /// The text of a whole-line comment (after `#` and one space), or `nil`.
  static func comment(_ line: Substring) -> String? {
    let text = line.drop { $0 == " " || $0 == "\t" }
    guard text.first == "#" else { return nil }
    let rest = text.dropFirst()
    return String(rest.first == " " ? rest.dropFirst() : rest)
  }

  private func split(_ line: Substring) throws(ScenarioProblem) -> [ScenarioWord] {
    switch ScenarioWord.split(line) {
    case .success(let words): return words
    case .failure: throw ScenarioProblem("unterminated string: a '\"' has no closing '\"'")
    }
  }

  private mutating func statement(_ keyword: ScenarioWord, _ rest: [ScenarioWord])
    throws(ScenarioProblem)
  {
    let name = keyword.isQuoted ? keyword.description : keyword.text
    if let usage = ScenarioParser.setupUsage[name] {
      if inTimeline && name != "root" {
        throw ScenarioProblem("'\(name)' is a setup statement: put it before the first 'at'")
      }
      var arguments = ScenarioArguments(rest, usage: usage)
      if !inTimeline { return try setupStatement(name, &arguments) }
    }
    if name == "at" {
      return try atStatement(rest)
    }
    if name == "expect" || ScenarioParser.actionUsage[name] != nil {
      guard inTimeline else {
        let what = name == "expect" ? "an expectation" : "an action"
        throw ScenarioProblem("'\(name)' is \(what): put it inside an 'at' block")
      }
      if name == "expect" {
        append(.expectation(try expectation(rest)))
      } else {
        let action = try self.action(name, rest, inReaction: false)
        if case .advance(let by) = action {
          cursor += by
          cursorTimers = nil
        }
        append(.action(action))
      }
      return
    }
    throw ScenarioProblem("unknown statement '\(name)'")
  }

  private mutating func atStatement(_ rest: [ScenarioWord]) throws(ScenarioProblem) {
    var arguments = ScenarioArguments(rest, usage: "at TIME [before-timers | after-timers N]")
    let time = try arguments.duration("TIME")
    var timers: Int?
    if arguments.flag("before-timers") {
      timers = 0
    } else if arguments.flag("after-timers") {
      let word = try arguments.word("N")
      guard !word.isQuoted, let count = Int(word.text), count >= 0 else {
        throw ScenarioProblem("'after-timers' takes a count of timers, not '\(word)'")
      }
      timers = count
    }
    try arguments.end()
    if !inTimeline { try checkSetupReferences() }
    if time < cursor {
      throw ScenarioProblem(
        "'at \(AlertInstant.format(time))' goes back in time: the timeline is already at \(AlertInstant.format(cursor))"
      )
    }
    if let timers, time == cursor && inTimeline, cursorTimers.map({ timers < $0 }) ?? true {
      let fired = cursorTimers.map { "\($0) timers" } ?? "all the timers"
      throw ScenarioProblem(
        "'at \(AlertInstant.format(time)) \(timers == 0 ? "before-timers" : "after-timers \(timers)")' comes after \(fired) of \(AlertInstant.format(time)) fired: put it earlier at its time"
      )
    }
    cursorTimers = timers
    inTimeline = true
    cursor = time
    append(timers.map { .atAfterTimers(time, timers: $0) } ?? .at(time))
  }

  private mutating func transcriptBlock(_ words: [ScenarioWord], from start: Int)
    throws(ScenarioProblem) -> Int
  {
    let opening = lineNumber
    if words.count == 3, words[2] == ScenarioWord(text: "unchecked", isQuoted: false) {
      guard inTimeline else {
        throw ScenarioProblem("'expect' is an expectation: put it inside an 'at' block")
      }
      append(.expectation(.transcriptUnchecked))
      return start
    }
    guard words.count == 2 else {
      throw ScenarioProblem(
        "unexpected '\(words[2])'; usage: expect transcript, then lines, then end")
    }
    guard inTimeline else {
      throw ScenarioProblem("'expect' is an expectation: put it inside an 'at' block")
    }
    var expected: [String] = []
    var index = start
    while index < lines.count {
      let text = lines[index].trimmingCharacters(in: " \t")
      index += 1
      if text == "end" {
        statements.append(
          ScenarioLine(line: opening, words: words, statement: .expectation(.transcript(expected))))
        return index
      }
      if !text.isEmpty && !text.hasPrefix("#") { expected.append(text) }
    }
    throw ScenarioProblem("'expect transcript' has no closing 'end'")
  }

  /// Reports the first alert name used in the setup that no `alert` declares.
  mutating func checkSetupReferences() throws(ScenarioProblem) {
    let ids = Set(alerts.values.map(\.id))
    for reference in setupReferences.sorted(by: { $0.line < $1.line }) {
      let known = reference.isID ? ids.contains(reference.name) : alertLines[reference.name] != nil
      if !known { throw ScenarioProblem("unknown alert '\(reference.name)'", line: reference.line) }
    }
    setupReferences = []
    for reference in tokenReferences where !pauseTokens.contains(reference.name) {
      throw ScenarioProblem(
        "unknown pause token '\(reference.name)' (name one with 'pause SCREEN as \(reference.name)')",
        line: reference.line)
    }
    tokenReferences = []
  }
}

extension Substring {
  func trimmingCharacters(in set: String) -> String {
    var text = self
    while let first = text.first, set.contains(first) { text = text.dropFirst() }
    while let last = text.last, set.contains(last) { text = text.dropLast() }
    return String(text)
  }
}

/// What a name in a scenario stands for.
enum ScenarioNameKind: String, Sendable, Hashable {
  case window
  case screen
  case navigation = "navigation container"
  case tabs = "tab container"
  case dispatch
}
