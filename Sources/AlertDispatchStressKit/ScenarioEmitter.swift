/// Writes what a stress episode did as a scenario file (Docs/AlertDispatch.docc/ScenarioFiles.md)
/// that `alertsim` and `ScenarioRunner` replay.
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

  /// Formats a duration as a scenario file writes it: whole milliseconds, `1500ms`.
  static func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000)ms"
  }

  /// The declarations a file can write: expressible alerts whose reactions name only such
  /// alerts, found by repeating until nothing changes.
  private var writableAlerts: Set<String> {
    var writable = Set(record.alerts.filter(\.isExpressible).map(\.name))
    var changed = true
    while changed {
      changed = false
      for alert in record.alerts where writable.contains(alert.name) {
        if let reaction = alert.reaction, !isWritable(reaction.step, writable) {
          writable.remove(alert.name)
          changed = true
        }
      }
    }
    return writable
  }

  private func isWritable(_ step: StressStep, _ writable: Set<String>) -> Bool {
    guard step.statement != nil else { return false }
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
    var lines: [String] = []
    var unwritable = 0
    func emit(_ step: StressStep, indent: String) {
      // `link` is a setup statement: in the timeline it cannot be written.
      let linkInTimeline = !indent.isEmpty && { if case .link = step { true } else { false } }()
      if isWritable(step, writable) && !linkInTimeline {
        lines.append(indent + step.statement!)
      } else if !step.isReadOnly {
        unwritable += 1
        lines.append(indent + "# cannot be written: " + step.comment)
      }
    }
    lines += setupLines(writable)
    for step in record.setup { emit(step, indent: "") }
    lines += alertLines(writable, unwritable: &unwritable)
    var time = Duration.zero
    lines.append("at 0ms")
    for entry in record.timeline {
      if case .advance(let duration) = entry.step {
        time = entry.time + duration
        lines.append("at \(ScenarioEmitter.format(time))")
        continue
      }
      emit(entry.step, indent: "  ")
    }
    if teardown {
      lines.append("  refuse off")
      lines.append("at \(ScenarioEmitter.format(time + .seconds(60)))")
      for name in closing { emit(.close(name), indent: "  ") }
      // An exact file must end every alert the same way; an approximate one at least ends it.
      let exact = unwritable == 0 && episode.completesDismissals
      for alert in record.alerts where writable.contains(alert.name) {
        guard let outcome = outcomes[alert.name] else { continue }
        lines.append(
          exact
            ? "  expect outcome \(alert.name) \(outcome)" : "  expect state \(alert.name) ended")
      }
    }
    return header(title, violations, unwritable).joined(separator: "\n") + "\n"
      + lines.joined(separator: "\n") + "\n"
  }

  private func header(_ title: String, _ violations: [StressViolation], _ unwritable: Int)
    -> [String]
  {
    var lines = ["# \(title.isEmpty ? "alertdispatch-stress episode" : title)"]
    for violation in violations { lines.append("# found: \(violation)") }
    if unwritable == 0 && episode.completesDismissals {
      lines.append("# exact: this file replays every call of the episode")
    } else {
      var reasons: [String] = []
      if unwritable > 0 { reasons.append("\(unwritable) statements cannot be written") }
      if !episode.completesDismissals {
        reasons.append("the presenter never reports the framework's dismissals")
      }
      lines.append("# approximate: \(reasons.joined(separator: "; ")) (see the comments)")
    }
    return lines
  }

  private func setupLines(_ writable: Set<String>) -> [String] {
    var lines: [String] = []
    if !record.windows.isEmpty {
      lines.append("window main")
      for window in record.windows { lines.append("window \(window)") }
    }
    if episode.transitionDuration != .milliseconds(350) {
      lines.append("transition \(ScenarioEmitter.format(episode.transitionDuration))")
    }
    if episode.presentDuration != .zero || episode.dismissDuration != .zero {
      lines.append(
        "presenter present \(ScenarioEmitter.format(episode.presentDuration)) dismiss \(ScenarioEmitter.format(episode.dismissDuration))"
      )
    }
    lines.append("budget promo 2-per-launch")
    for index in record.lanes where StressTables.lanes[index].expressible {
      let lane = StressTables.lanes[index].lane
      var line = "lane \(lane.name)"
      if lane.capacity != .limited(1) { line += " capacity \(lane.capacity)" }
      if lane.minimumGap != .zero { line += " gap \(ScenarioEmitter.format(lane.minimumGap))" }
      if lane.order != .firstAdded { line += " order \(lane.order)" }
      if let limit = lane.maximumWaiting {
        line += " max-waiting \(limit) overflow \(lane.overflow)"
      }
      lines.append(line)
    }
    for screen in record.screens {
      switch screen.kind {
      case .plain:
        lines.append("screen \(screen.name)")
      case .navigation(let root):
        lines.append("nav \(screen.name) \(root)")
      case .tabs(let tabs, let selected):
        lines.append(
          "tabs \(screen.name) \(tabs.joined(separator: " ")) selected \(tabs[selected])")
      }
    }
    return lines
  }

  private func alertLines(_ writable: Set<String>, unwritable: inout Int) -> [String] {
    var lines: [String] = []
    var declaredIDs: Set<String> = []
    var dependencies: [String] = []
    for alert in record.alerts {
      let line =
        "alert \(alert.name) on \(alert.owner) \((alert.options + ["later"]).joined(separator: " "))"
      guard writable.contains(alert.name) else {
        unwritable += 1
        lines.append("# cannot be written: " + line)
        continue
      }
      lines.append(line)
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
      lines.append("alert \(name) on main \(name == id ? "" : "id \(id) ")later")
    }
    for alert in record.alerts where writable.contains(alert.name) {
      if let reaction = alert.reaction {
        lines.append("on \(alert.name) \(reaction.when) \(reaction.step.statement!)")
      }
    }
    return lines
  }
}
