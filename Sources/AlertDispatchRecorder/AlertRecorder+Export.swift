import AlertDispatchKit
public import AlertDispatchScenarioFormat
import Foundation

extension AlertRecorder {
  /// The recording as a scenario file: the setup that rebuilds the domain as it was when the
  /// kept events begin, then one `at` block per instant with the inputs of that instant and an
  /// `expect transcript` of the presenter calls and outcomes they led to.
  ///
  /// `alertsim` replays it (`swift run alertsim recording.scenario`), as does
  /// `ScenarioRunner.replay(_:file:)` of the simulator; the replay passes when the library still
  /// decides the same. Nothing is written to disk: save the text where the app sends its bug
  /// reports. Complexity: linear in the number of events kept.
  public func export() -> String {
    let statements = exportStatements()
    do {
      return try ScenarioFormat.write(statements, file: "recording")
    } catch {
      // Never expected: every statement is built from checked names. Said in the text.
      return "# this recording does not read back: \(error)\n"
        + statements.map(ScenarioFormat.line).joined(separator: "\n") + "\n"
    }
  }

  /// The recording as scenario statements (see ``export()``): setup first, then the timeline.
  public func exportStatements() -> [ScenarioStatement] {
    guard let origin = segments.first?.start else { return [] }
    var (declarations, timeline) = collected(from: origin)
    let dropped =
      droppedEvents
      ? "; older events were dropped, so it starts from a snapshot of the domain" : ""
    let header = ScenarioStatement.comment(
      "recorded by AlertRecorder: \(timeline.count) events\(dropped)")
    // A root with no policy when the recording began got the library's default one with its
    // first capped alert: its clock, as it was when the recording began.
    let recorded = root ?? formerRoot
    if !declarations.contains(where: \.isDate),
      let policy = recorded?.frequencyPolicy, let now = recorded?.clock.now
    {
      let (seconds, attoseconds) = (now - origin).components
      let elapsed = TimeInterval(seconds) + TimeInterval(attoseconds) * 1e-18
      let date = policy.wallClock.now.addingTimeInterval(-elapsed)
      declarations = AlertRecorder.declarations(of: policy, date: date) + declarations
    }
    let setup = AlertRecorder.setup(declarations)
    return [header] + setup + ledgerRecords(setup) + AlertRecorder.blocks(timeline)
  }

  /// The declarations the events make, and the timeline from `origin`.
  func collected(from origin: AlertInstant) -> (
    declarations: [ScenarioStatement],
    timeline: [(time: Duration, item: RecordedItem, joins: Bool)]
  ) {
    var declarations: [ScenarioStatement] = []
    var timeline: [(time: Duration, item: RecordedItem, joins: Bool)] = []
    for (index, segment) in segments.enumerated() {
      for (position, event) in segment.events.enumerated() {
        if case .declare(let statement) = event.item {
          declarations.append(statement)
          continue
        }
        if case .added(let added) = event.item {
          declarations += added.statements(includesContent: includesContent)
        }
        if index == 0 || position >= segment.snapshotCount {
          // The snapshots of later segments rebuild what the events before them built already.
          timeline.append((event.time - origin, event.item, event.joinsPrevious))
        }
      }
    }
    return (declarations, timeline)
  }

  /// The ledger keys the recorded alerts and budgets count on.
  static func ledgerKeys(_ setup: [ScenarioStatement]) -> [String] {
    var keys: [String] = []
    func count(_ key: String) { if !keys.contains(key) { keys.append(key) } }
    for statement in setup {
      switch statement {
      case .budget(let category, _): count(FrequencyPolicy.categoryPrefix + category)
      case .alert(let alert):
        if let cap = alert.cap { count(cap.key ?? alert.id) }
        if let category = alert.category { count(FrequencyPolicy.categoryPrefix + category) }
      default: break
      }
    }
    return keys
  }

  /// How many shows the ledger holds under each key the recording counts on, when it stops:
  /// those counted after it stopped are none of the recording's.
  func ledgerCountsNow() -> [String: Int]? {
    guard let origin = segments.first?.start, let ledger = root?.frequencyPolicy?.ledger else {
      return nil
    }
    let keys = AlertRecorder.ledgerKeys(AlertRecorder.setup(collected(from: origin).declarations))
    return Dictionary(uniqueKeysWithValues: keys.map { ($0, ledger.records(for: $0).count) })
  }

  /// The shows the root's frequency ledger held before the recording begins (all but this
  /// launch's last ones, which the policy counted while recording), under the keys the recorded
  /// alerts and budgets count on, as `shown` statements.
  private func ledgerRecords(_ setup: [ScenarioStatement]) -> [ScenarioStatement] {
    guard setup.contains(where: \.isDate),
      let ledger = (root ?? formerRoot)?.frequencyPolicy?.ledger
    else { return [] }
    var counted: [String: Int] = [:]
    for segment in segments {
      counted.merge(segment.counted, uniquingKeysWith: +)
    }
    return AlertRecorder.ledgerKeys(setup).flatMap { key in
      // Those counted after the recorder stopped are none of the recording's; this launch's
      // last ones before were counted while recording: the replay counts them again.
      var records = ledger.records(for: key)
      if let stop = ledgerCountsAtStop { records = Array(records.prefix(stop[key] ?? 0)) }
      var recent = counted[key, default: 0]
      let before = records.reversed().filter { record in
        guard record.launchID == ledger.launchID, recent > 0 else { return true }
        recent -= 1
        return false
      }.reversed()
      return before.map {
        ScenarioStatement.shown(
          key: key, date: $0.date.roundedToSeconds, version: $0.appVersion,
          thisLaunch: $0.launchID == ledger.launchID)
      }
    }
  }

  /// The declarations in the order a file needs them, each once: the presenter, the caps'
  /// clock, the lanes (the one an alert declared with its settings rather than the bare name a
  /// pause gave), the dispatches, then the alerts.
  static func setup(_ declarations: [ScenarioStatement]) -> [ScenarioStatement] {
    var lanes: [String: AlertLane] = [:]
    var laneOrder: [String] = []
    var seen: Set<ScenarioStatement> = []
    var heads: [ScenarioStatement] = []
    var dispatches: [ScenarioStatement] = []
    var dispatchNames: Set<String> = []
    var alerts: [ScenarioStatement] = []
    var alertNames: Set<String> = []
    var budgets: Set<String> = []
    var dated = false
    var versioned = false
    for statement in declarations {
      switch statement {
      case .lane(let lane):
        if lanes[lane.name] == nil { laneOrder.append(lane.name) }
        if lanes[lane.name] == nil || lanes[lane.name] == AlertLane(lane.name) {
          lanes[lane.name] = lane
        }
      case .dispatch(let name, _, _):
        if dispatchNames.insert(name).inserted { dispatches.append(statement) }
      case .alert(let alert):
        if alertNames.insert(alert.name).inserted { alerts.append(statement) }
      case .budget(let category, _):
        if budgets.insert(category).inserted { heads.append(statement) }
      case .date:
        if !dated { heads.append(statement) }
        dated = true
      case .version:
        if !versioned { heads.append(statement) }
        versioned = true
      default:
        if seen.insert(statement).inserted { heads.append(statement) }
      }
    }
    let declaredLanes = laneOrder.compactMap { lanes[$0] }.filter { $0 != .modal }
    return heads + declaredLanes.map(ScenarioStatement.lane) + dispatches + alerts
      + awaitedOnly(alerts, names: alertNames, on: dispatches.first)
  }

  /// An alert for each id that recorded alerts wait for and none has, declared and never
  /// added: a scenario names what an alert waits for by the id of a declared alert.
  private static func awaitedOnly(
    _ alerts: [ScenarioStatement], names: Set<String>, on dispatch: ScenarioStatement?
  ) -> [ScenarioStatement] {
    guard case .dispatch(let owner, _, _) = dispatch else { return [] }
    var ids: Set<String> = []
    var awaited: [String] = []
    for case .alert(let alert) in alerts {
      ids.insert(alert.id)
      awaited += alert.dependencies
    }
    var names = names
    var declared: [ScenarioStatement] = []
    for id in awaited where ids.insert(id).inserted {
      var name = id
      var suffix = 2
      while names.contains(name) {
        name = "\(id)-\(suffix)"
        suffix += 1
      }
      names.insert(name)
      var alert = ScenarioAlert(name: name, owner: owner)
      alert.id = id
      alert.later = true
      declared.append(.alert(alert))
    }
    return declared
  }

  /// Whether the first input after the timer firing at `index`, at its instant, is a call made
  /// from inside the timer's change.
  static func isJoined(
    timerAt index: Int, in timeline: [(time: Duration, item: RecordedItem, joins: Bool)]
  ) -> Bool {
    for next in timeline[(index + 1)...] {
      guard next.time == timeline[index].time else { return false }
      if case .timerFired = next.item { return false }
      if next.item.isInput { return next.joins }
    }
    return false
  }

  /// One `at` block per instant and per timer of the instant that events came after: its
  /// actions and expectations in order, and its transcript lines checked where a snapshot stops
  /// checking them and at the end of the block. Each block says how many of the timers of its
  /// instant fired before it (`at TIME before-timers`, `at TIME after-timers N`): a timer that
  /// an input cancelled on the device must not fire before that input in the replay.
  static func blocks(_ timeline: [(time: Duration, item: RecordedItem, joins: Bool)])
    -> [ScenarioStatement]
  {
    var statements: [ScenarioStatement] = []
    var lines: [String] = []
    var current: (time: Duration, fired: Int)?
    var fired = (time: Duration.zero, count: 0)
    func closeBlock() {
      // A snapshot's block that ends where the snapshot stops checking has nothing to check.
      let snapshotEnds = lines.isEmpty && statements.last == .expectation(.transcriptUnchecked)
      if current != nil && !snapshotEnds { statements.append(.expectation(.transcript(lines))) }
      lines = []
    }
    /// Appends an action, `together` with the one before when it joins it.
    func act(_ action: ScenarioAction, joins: Bool) {
      guard joins else { return statements.append(.action(action)) }
      // The presenter's and providers' answers placed just before it go with it.
      var answers: [ScenarioAction] = []
      while case .action(let last) = statements.last, last.isAnswer {
        answers.insert(last, at: 0)
        statements.removeLast()
      }
      switch statements.last {
      case .action(.together(let grouped)):
        statements[statements.count - 1] = .action(.together(grouped + answers + [action]))
      case .action(let previous):
        statements[statements.count - 1] = .action(.together([previous] + answers + [action]))
      default:
        statements += (answers + [action]).map { .action($0) }
      }
    }
    for (index, (time, item, joins)) in timeline.enumerated() {
      if time != fired.time { fired = (time, 0) }
      if case .timerFired = item {
        if AlertRecorder.isJoined(timerAt: index, in: timeline) {
          // A call from inside the timer's change joins it: the block fires it.
          if time != current?.time || fired.count != current?.fired {
            closeBlock()
            statements.append(.atAfterTimers(time, timers: fired.count))
          }
          statements.append(.action(.together([.fireTimer])))
          current = (time, fired.count + 1)
        }
        fired.count += 1
        continue
      }
      if time != current?.time || fired.count != current?.fired {
        closeBlock()
        current = (time, fired.count)
        statements.append(.atAfterTimers(time, timers: fired.count))
      }
      switch item {
      case .declare, .placeholder, .timerFired: break
      case .added(let added): act(.add(added.name), joins: joins)
      case .action(let action): act(action, joins: joins)
      case .line(let line): lines.append(line.description)
      case .end(let alert, let outcome):
        lines.append(ScenarioTranscriptLine.end(alert: alert, outcome: "\(outcome)").description)
      case .expectation(.transcriptUnchecked):
        if !lines.isEmpty { statements.append(.expectation(.transcript(lines))) }
        lines = []
        statements.append(.expectation(.transcriptUnchecked))
      case .expectation(let expectation): statements.append(.expectation(expectation))
      }
    }
    closeBlock()
    return statements
  }
}

extension ScenarioStatement {
  /// Whether it declares the caps' wall-clock date (`date`).
  fileprivate var isDate: Bool {
    if case .date = self { true } else { false }
  }
}

extension ScenarioAction {
  /// Whether it is a presenter's or a provider's answer, which the replay's script gives.
  fileprivate var isAnswer: Bool {
    switch self {
    case .answer, .provider: true
    default: false
    }
  }
}
