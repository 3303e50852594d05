extension ScenarioParser {
  /// The actions a `together` block may not hold: the scenario's moves of time and of the
  /// simulator, not calls of the app.
  private static let apart: Set<String> = ["advance", "relaunch", "mark", "refuse"]

  /// Reads `together`, its actions one per line, and `end`; returns the index of the line after.
  mutating func togetherBlock(_ words: [ScenarioWord], from start: Int) throws(ScenarioProblem)
    -> Int
  {
    let opening = lineNumber
    guard words.count == 1 else {
      throw ScenarioProblem("unexpected '\(words[1])'; usage: together, then actions, then end")
    }
    guard inTimeline else {
      throw ScenarioProblem("'together' is an action: put it inside an 'at' block")
    }
    var actions: [ScenarioAction] = []
    var index = start
    while index < lines.count {
      lineNumber = index + 1
      index += 1
      if ScenarioParser.comment(lines[index - 1]) != nil { continue }
      guard case .success(let inner) = ScenarioWord.split(lines[index - 1]) else {
        throw ScenarioProblem("unterminated string: a '\"' has no closing '\"'")
      }
      guard let keyword = inner.first else { continue }
      let name = keyword.isQuoted ? keyword.description : keyword.text
      if name == "end" && inner.count == 1 {
        lineNumber = opening
        guard !actions.isEmpty else { throw ScenarioProblem("'together' holds no action") }
        self.words = words
        append(.action(.together(actions)))
        return index
      }
      if name == "fire-timer" || name == "end-turn" {
        guard actions.isEmpty, inner.count == 1 else {
          throw ScenarioProblem("'\(name)' stands alone, first in a 'together' block")
        }
        actions.append(name == "fire-timer" ? .fireTimer : .endTurn)
        continue
      }
      guard ScenarioParser.actionUsage[name] != nil, !ScenarioParser.apart.contains(name) else {
        throw ScenarioProblem(
          "'\(name)' cannot run together with other calls: a 'together' block holds the app's calls"
        )
      }
      self.words = inner
      actions.append(try action(name, Array(inner.dropFirst()), inReaction: false))
    }
    lineNumber = opening
    throw ScenarioProblem("'together' has no closing 'end'")
  }
}
