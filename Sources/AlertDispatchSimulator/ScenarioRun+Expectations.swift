import AlertDispatchKit
import AlertDispatchScenarioFormat

extension ScenarioRun {
  /// Checks one expectation and records a failure when it does not hold.
  func check(_ expectation: ScenarioExpectation, _ step: ScenarioStep) {
    expectationCount += 1
    let expected: String
    let actual: String
    switch expectation {
    case .showing(let names):
      let ids = names.map { scenario.alert(named: $0)!.id }
      let onScreen = (sim.presenter.onScreenIDs + (scripted?.onScreenIDs ?? [])).map(\.rawValue)
      guard ids.sorted() != onScreen.sorted() else { return }
      expected = ids.isEmpty ? "nothing" : ids.joined(separator: " ")
      actual = onScreen.isEmpty ? "nothing" : onScreen.joined(separator: " ")
    case .state(let name, let state):
      let current = handles[name]?.state
      let name = current.map { $0.isEnded ? "ended" : $0.description } ?? "not added yet"
      guard name != state else { return }
      expected = state
      actual = current?.description ?? name
    case .outcome(let name, let outcome):
      let handle = handles[name]
      if let ended = handle?.endedOutcome, ended.description == outcome { return }
      expected = outcome
      actual =
        handle.map { $0.endedOutcome?.description ?? "not ended (\($0.state))" } ?? "not added yet"
    case .drained(let name):
      let root = dispatch(name).root
      if drainedRoots.contains(ObjectIdentifier(root)) { return }
      let count = root.subtreeAlerts.count
      expected = "drained"
      actual =
        count == 0
        ? "no unfinished alert, but '\(root.name)' was not told drained since its last add"
        : "\(count) unfinished alert\(count == 1 ? "" : "s") in the domain of '\(root.name)'"
    case .explain(let name, let text):
      let explanation = explanation(of: name)
      guard explanation != text else { return }
      expected = text
      actual = explanation
    case .transcriptUnchecked:
      transcriptMark = transcript.count
      return
    case .transcript(let lines):
      let all = transcript
      let since = Array(all[min(transcriptMark, all.count)...])
      transcriptMark = all.count
      guard let diff = Transcript.diff(expected: lines, actual: since) else { return }
      if firstDivergence == nil { firstDivergence = divergence(lines, since, step) }
      expected = diff
      actual = ""
    }
    failures.append(
      ScenarioFailure(
        file: scenario.file, line: step.line, statement: step.text, expected: expected,
        actual: actual))
  }

  /// The first line where a transcript differs from the one expected, on the line of the file
  /// that expects it (the expected lines are taken to follow `expect transcript` one a line, as
  /// a recording writes them).
  private func divergence(_ expected: [String], _ actual: [String], _ step: ScenarioStep)
    -> ScenarioFailure
  {
    let common = min(expected.count, actual.count)
    let index = (0..<common).first { expected[$0] != actual[$0] } ?? common
    let time = index < actual.count ? lineTimes[transcriptMark - actual.count + index] : now
    return ScenarioFailure(
      file: scenario.file, line: step.line + 1 + index, statement: "first divergence, at \(time)",
      expected: index < expected.count ? expected[index] : "no more lines",
      actual: index < actual.count ? actual[index] : "no more lines")
  }

  /// What `explain` says about the latest alert added for a declaration.
  func explanation(of name: String) -> String {
    guard let handle = handles[name] else { return "not added yet" }
    if let outcome = handle.endedOutcome { return "ended: \(outcome)" }
    guard let dispatch = handle.dispatch else { return "owner released" }
    return dispatch.explain(handle.id).description
  }
}
