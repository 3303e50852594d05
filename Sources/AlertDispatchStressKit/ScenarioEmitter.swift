import AlertDispatchKit
import AlertDispatchScenarioFormat

/// Writes what a stress episode did as a scenario file (Docs/AlertDispatch.docc/ScenarioFiles.md)
/// that `alertsim` and `ScenarioRunner` replay: it builds the file's statements, and the scenario
/// format's writer writes them.
///
/// Every screen and alert is declared in the setup (alerts `later`, added by `add` steps), the
/// `root` and `link` steps that came before anything else go to the setup, and each clock step
/// opens an `at` block. Steps a file cannot write (calls on dispatches outside the simulator,
/// negative durations, a deadline, expiry or auto-dismiss of zero, a presenter that never
/// reports a dismissal) are kept as comments, and the header says whether the file replays the
/// episode exactly.
struct ScenarioEmitter {
  let record: StressRecord
  let episode: StressEpisode

  /// The declarations a file can write: expressible alerts whose reactions name only such
  /// alerts, found by repeating until nothing changes.
  private var writableAlerts: Set<String> {
    var writable = Set(record.alerts.filter(\.isExpressible).map(\.name))
    var changed = true
    while changed {
      changed = false
      for alert in record.alerts where writable.contains(alert.name) {
        if let reaction = alert.reaction, !isWritable(reaction.step, writable, inSetup: false) {
          writable.remove(alert.name)
          changed = true
        }
      }
    }
    return writable
  }

  private func isWritable(_ step: StressStep, _ writable: Set<String>, inSetup: Bool) -> Bool {
    guard step.statement(inSetup: inSetup) != nil else { return false }
    if step.ownerNames.contains(where: { StressTables.rawNames.contains($0) }) { return false }
    return step.alertNames.allSatisfy { writable.contains($0) }
  }

  /// The file. `violations` are named in the header; `teardown` adds the end of the episode
  /// (time runs on, every dispatch closes) with an expectation that each alert ended.
  /// `outcomes` are the outcomes of each declaration's latest alert at the end: with a teardown,
  /// the file expects them.
  func text(
    title: String, violations: [StressViolation], teardown: Bool, closing: [String],
    outcomes: [String: String]
  ) -> String {
    let writable = writableAlerts
    var statements: [ScenarioStatement] = []
    var unwritable = 0
    func emit(_ step: StressStep, inSetup: Bool) {
      if isWritable(step, writable, inSetup: inSetup),
        let statement = step.statement(inSetup: inSetup)
      {
        statements.append(statement)
      } else if !step.isReadOnly {
        unwritable += 1
        statements.append(.comment("cannot be written: " + step.comment))
      }
    }
    statements += setup()
    for step in record.setup { emit(step, inSetup: true) }
    statements += alerts(writable, unwritable: &unwritable)
    var time = Duration.zero
    statements.append(.at(.zero))
    for entry in record.timeline {
      if case .advance(let duration) = entry.step {
        time = entry.time + duration
        statements.append(.at(time))
        continue
      }
      emit(entry.step, inSetup: false)
    }
    if teardown {
      statements.append(.action(.refuse(nil)))
      statements.append(.at(time + .seconds(60)))
      for name in closing { emit(.close(name), inSetup: false) }
      // An exact file must end every alert the same way; an approximate one at least ends it.
      let exact = unwritable == 0 && episode.completesDismissals
      for alert in record.alerts where writable.contains(alert.name) {
        guard let outcome = outcomes[alert.name] else { continue }
        statements.append(
          .expectation(exact ? .outcome(alert.name, outcome) : .state(alert.name, "ended")))
      }
    }
    let file = header(title, violations, unwritable) + statements
    do {
      return try ScenarioFormat.write(file, file: title)
    } catch {
      // The record let through a statement that does not read back: a fault of the stress tool,
      // named at the top of the file, which keeps every statement for whoever looks into it.
      return (["# does not read back: \(error)"] + file.map(ScenarioFormat.line))
        .joined(separator: "\n") + "\n"
    }
  }

  private func header(_ title: String, _ violations: [StressViolation], _ unwritable: Int)
    -> [ScenarioStatement]
  {
    var lines: [ScenarioStatement] = [
      .comment(title.isEmpty ? "alertdispatch-stress episode" : title)
    ]
    for violation in violations { lines.append(.comment("found: \(violation)")) }
    if unwritable == 0 && episode.completesDismissals {
      lines.append(.comment("exact: this file replays every call of the episode"))
    } else {
      var reasons: [String] = []
      if unwritable > 0 { reasons.append("\(unwritable) statements cannot be written") }
      if !episode.completesDismissals {
        reasons.append("the presenter never reports the framework's dismissals")
      }
      lines.append(
        .comment("approximate: \(reasons.joined(separator: "; ")) (see the comments)"))
    }
    return lines
  }

  private func setup() -> [ScenarioStatement] {
    var statements: [ScenarioStatement] = []
    if !record.windows.isEmpty {
      statements.append(.window("main"))
      for window in record.windows { statements.append(.window(window)) }
    }
    if episode.transitionDuration != .milliseconds(350) {
      statements.append(.transition(episode.transitionDuration))
    }
    if episode.presentDuration != .zero || episode.dismissDuration != .zero {
      statements.append(
        .presenter(present: episode.presentDuration, dismiss: episode.dismissDuration))
    }
    for (category, budget) in StressTables.budgets.sorted(by: { $0.key < $1.key }) {
      statements.append(.budget(category, budget))
    }
    for index in record.lanes where StressTables.lanes[index].expressible {
      statements.append(.lane(StressTables.lanes[index].lane))
    }
    for screen in record.screens {
      switch screen.kind {
      case .plain:
        statements.append(.screens([screen.name]))
      case .navigation(let root):
        statements.append(.navigation(screen.name, root: root))
      case .tabs(let tabs, let selected):
        statements.append(.tabs(screen.name, tabs, selected: tabs[selected]))
      }
    }
    return statements
  }

  private func alerts(_ writable: Set<String>, unwritable: inout Int) -> [ScenarioStatement] {
    var statements: [ScenarioStatement] = []
    var declaredIDs: Set<String> = []
    var dependencies: [String] = []
    for alert in record.alerts {
      guard writable.contains(alert.name) else {
        unwritable += 1
        statements.append(
          .comment("cannot be written: " + ScenarioFormat.line(.alert(alert.declaration))))
        continue
      }
      statements.append(.alert(alert.declaration))
      declaredIDs.insert(alert.id)
      dependencies += alert.request.dependencies.map(\.rawValue)
    }
    // An id that no written alert has is declared by an alert that is never added, so the
    // dependency names an id that is not pending anywhere, as in the episode.
    var names = Set(record.alerts.map(\.name))
    for id in dependencies where !declaredIDs.contains(id) {
      declaredIDs.insert(id)
      var name = id
      while names.contains(name) { name += "-never-added" }
      names.insert(name)
      var never = ScenarioAlert(name: name, owner: "main")
      never.id = id
      never.later = true
      statements.append(.alert(never))
    }
    for alert in record.alerts where writable.contains(alert.name) {
      if let reaction = alert.reaction, let action = reaction.step.action {
        statements.append(.reaction(alert: alert.name, outcome: reaction.when, action: action))
      }
    }
    return statements
  }
}
