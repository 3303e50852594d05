import AlertDispatchKit
import AlertDispatchScenarioFormat
import Foundation

extension AlertRecorder {
  /// The statements that rebuild `root`'s domain as it is now, for a replay that starts here.
  ///
  /// The presenter and the caps' clock are declared, then the tree; the alerts that have been
  /// on screen are added while every dispatch is visible (so that an alert now hidden goes up,
  /// then is hidden with its screen), the screens hidden now disappear, the other alerts are
  /// added, and expectations check what this rebuilt: a replay cannot restart timers where they
  /// were, nor hide an alert that a preemption or the chain hid, and says so there.
  func snapshot(of root: AlertDispatch, at time: AlertInstant) -> [RecordedEvent] {
    var items: [RecordedItem] = [.declare(.scriptedPresenter)]
    if let policy = root.frequencyPolicy {
      items += AlertRecorder.declarations(of: policy, date: policy.wallClock.now).map {
        .declare($0)
      }
    }
    items += rebuild(subtreeOf: root, parent: nil, checked: true, at: time).items
    return items.map { RecordedEvent(time: time, item: $0) }
  }

  /// The items that rebuild the subtree of `top` (see ``snapshot(of:at:)``); with `checked`,
  /// expectations check the state of every alert. Without (a join), a show-now alert or one
  /// that ignores pauses that has not gone up is added pending, and named in `readyOnJoin`;
  /// with `paused` (a join under a pause of the recording's own), the others are added as they
  /// are, without the pending and ready of a snapshot.
  func rebuild(
    subtreeOf top: AlertDispatch, parent: String?, checked: Bool, paused: Bool = false,
    at time: AlertInstant
  ) -> (items: [RecordedItem], readyOnJoin: [String], alerts: [(name: String, alert: AlertHandle)])
  {
    let tree = AlertRecorder.preorder(top)
    var items: [RecordedItem] = []
    for dispatch in tree {
      let parentName = dispatch === top ? parent : dispatch.parent.map { names.name($0) }
      items.append(.declare(.dispatch(names.name(dispatch), parent: parentName, isVisible: true)))
    }
    var alerts: [(alert: AlertHandle, owner: String)] = []
    for dispatch in tree {
      let owner = names.name(dispatch)
      alerts += dispatch.unfinishedAlerts.map { ($0, owner) }
    }
    alerts = alerts.enumerated().sorted {
      (names.number(of: $0.element.alert) ?? Int.max, $0.offset)
        < (names.number(of: $1.element.alert) ?? Int.max, $1.offset)
    }.map(\.element)
    var declared: [(name: String, alert: AlertHandle)] = []
    var readyLater: [String] = []
    var readyOnJoin: [String] = []
    // An alert that never went up is added pending, in its place in line, and marked ready
    // once the domain is rebuilt, so that it does not go up before what held it back is back.
    func add(_ entry: (alert: AlertHandle, owner: String)) {
      let alert = entry.alert
      let waitsForJoin =
        !checked && (alert.request.showNowOrDrop || alert.request.ignoresPause)
        && !alert.hasBeenShown && alert.state != .pending
      let holds =
        !paused && !alert.hasBeenShown && alert.state != .pending && !alert.request.showNowOrDrop
        && !waitsForJoin
      // Declared again when known: its first declaration may be in a dropped segment. One that
      // joins under a pause is added where it was on the device, or when the recording began if
      // it was added before: what is left of its time limits then.
      let start = paused ? segments.last?.start : nil
      let elapsed =
        names.added(alert).map { time - $0 }
        ?? start.flatMap { alert.addedAt < $0 ? $0 - alert.addedAt : nil }
      var (name, statements) = declaration(
        of: alert, on: entry.owner, elapsed: elapsed, pending: holds || waitsForJoin)
      // Pending only until it joins, as it was ready: no readiness deadline ends it meanwhile.
      if waitsForJoin && !alert.request.waitsForUnadded {
        statements = statements.map { statement in
          guard case .alert(var declared) = statement else { return statement }
          declared.timing.readinessDeadline = nil
          return .alert(declared)
        }
      }
      items += statements.map { .declare($0) }
      if alert.state == .presenting { items.append(.action(.answer(name, .presenting))) }
      items.append(.action(.add(name)))
      if holds {
        readyLater.append(name)
      } else if waitsForJoin {
        readyOnJoin.append(name)
      } else if alert.request.readiness == .pending && alert.state != .pending {
        items.append(.action(.ready(name)))
      }
      declared.append((name, alert))
    }
    // The alerts that have been up go up again, in add order, each with the chain led to its
    // dispatch, so that what hid them since (the chain, a preemption, a hidden screen) hides
    // them again; then the chain as it is, the pauses, the hidden screens and the others.
    var named: [String: String?] = [:]
    func name(_ child: AlertDispatch?, activeIn dispatch: AlertDispatch) {
      let parent = names.name(dispatch)
      let child = child.flatMap { names.known($0) }
      guard named[parent] != .some(child) else { return }
      named[parent] = .some(child)
      items.append(.action(.activeChild(parent, child: child)))
    }
    // One animating in goes last, so that no later move of the chain hides it and shows it
    // again, which would finish its animation.
    let ordered =
      alerts.filter { $0.alert.state != .presenting }
      + alerts.filter { $0.alert.state == .presenting }
    for entry in ordered {
      var node = entry.alert.dispatch
      while entry.alert.hasBeenShown, let child = node, child !== top, let parent = child.parent {
        name(child, activeIn: parent)
        node = parent
      }
      add(entry)
    }
    for dispatch in tree {
      if dispatch.activeChild != nil || named[names.name(dispatch)] != nil {
        name(dispatch.activeChild, activeIn: dispatch)
      }
      if dispatch.hasActiveChildProvider {
        let answer = dispatch.activeChildProvider?()
        providerAnswers[ObjectIdentifier(dispatch)] = answer.map(ObjectIdentifier.init)
        let child = answer.flatMap { names.known($0) }
        items.append(.action(.setProvider(names.name(dispatch), child: child)))
      }
      for token in dispatch.pauses {
        let (action, lanes) = pause(token, of: names.name(dispatch))
        items += lanes.map { .declare($0) } + [.action(action)]
      }
    }
    // A visible dispatch that holds hidden alerts and none on screen had them hidden while a
    // pause held them back: hidden with it and back, they stay hidden under the pause again.
    for dispatch in tree where dispatch.isVisible && !dispatch.pauses.isEmpty {
      let held = dispatch.unfinishedAlerts
      if held.contains(where: { $0.state == .suspended })
        && !held.contains(where: { $0.state.isOnScreen })
      {
        items.append(.action(.disappear(names.name(dispatch))))
        items.append(.action(.appear(names.name(dispatch))))
      }
    }
    for dispatch in tree where !dispatch.isVisible {
      items.append(.action(.disappear(names.name(dispatch))))
    }
    items += readyLater.map { .action(.ready($0)) }
    // Rebuilt with a pass after each call; coalesced from here on.
    for dispatch in tree where dispatch.passScheduling == .coalesced {
      items.append(.action(.passScheduling(names.name(dispatch), coalesced: true)))
    }
    guard !declared.isEmpty else { return (items, readyOnJoin, declared) }
    if checked {
      let visible = declared.filter { $0.alert.state.isOnScreen }.map(\.name)
      items.append(.expectation(.showing(visible)))
      for (name, alert) in declared {
        items.append(.expectation(.state(name, alert.state.description)))
      }
    }
    items.append(.expectation(.transcriptUnchecked))
    return (items, readyOnJoin, declared)
  }

  /// The caps' clock and budgets of `policy`, with `date` as the wall-clock date when the
  /// recording begins.
  static func declarations(of policy: FrequencyPolicy, date: Date) -> [ScenarioStatement] {
    var statements: [ScenarioStatement] = [
      .date(date.roundedToSeconds), .version(policy.appVersion),
    ]
    for (category, budget) in policy.budgets.sorted(by: { $0.key < $1.key }) {
      statements.append(.budget(category, budget))
    }
    // By its identifier: the device's zone (`autoupdatingCurrent`) is written as the zone it is.
    let zone = TimeZone(identifier: policy.timeZone.identifier) ?? policy.timeZone
    if zone.identifier != "UTC" { statements.append(.timeZone(zone)) }
    return statements
  }

  /// Names an alert added to the dispatch named `owner`, and declares it and its lane; an alert
  /// added `elapsed` ago is declared with what is left of its delay, readiness deadline and
  /// expiry, which count from the add.
  func declaration(
    of alert: AlertHandle, on owner: String, elapsed: Duration? = nil, pending: Bool = false
  ) -> (String, [ScenarioStatement]) {
    let name = names.known(alert) ?? names.name(alert, on: owner)
    let request = alert.request
    var declared = ScenarioAlert(
      name: name, owner: owner, request: request, includesContent: includesContent)
    declared.readiness = pending ? .pending : request.readiness
    if let elapsed { AlertRecorder.shorten(&declared, by: elapsed) }
    return (name, [.lane(request.lane), .alert(declared)])
  }

  /// What is left of the timings that count from the add, `elapsed` after it.
  private static func shorten(_ alert: inout ScenarioAlert, by elapsed: Duration) {
    alert.timing.delay = max(.zero, alert.timing.delay - elapsed)
    if let deadline = alert.timing.readinessDeadline {
      let left = deadline - elapsed
      alert.timing.readinessDeadline = left > .zero ? left : nil
      if left <= .zero { alert.waitsForUnadded = false }
    }
    if let expiry = alert.timing.expiry {
      let left = expiry - elapsed
      alert.timing.expiry = left > .zero ? left : nil
    }
  }

  /// `dispatch` and every dispatch below it, parents first.
  static func preorder(_ dispatch: AlertDispatch) -> [AlertDispatch] {
    [dispatch] + dispatch.children.flatMap(preorder)
  }
}

extension AlertState {
  /// Whether the alert is on screen (going up, up or covered).
  fileprivate var isOnScreen: Bool { self == .presenting || self == .showing }
}

extension Date {
  /// The date to the second, as a scenario's `date` writes it.
  var roundedToSeconds: Date {
    Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
  }
}

extension ScenarioAlert {
  /// The declaration of an alert that asked for `request`, added to the dispatch named `owner`
  /// later in the scenario.
  init(name: String, owner: String, request: AlertRequest, includesContent: Bool) {
    self.init(name: name, owner: owner)
    id = RecordingNames.sanitized(request.id.rawValue)
    priority = request.priority
    lane = request.lane.name
    dependencies = request.dependencies.map { RecordingNames.sanitized($0.rawValue) }
    waitsForUnadded = request.waitsForUnadded
    interruption = request.interruption
    preemption = request.preemption
    style = request.style
    readiness = request.readiness
    duplicates = request.duplicates
    timing = request.timing
    cap = request.cap
    category = request.category
    offstage = request.offstage
    ignoresPause = request.ignoresPause
    placement = request.placement
    showNowOrDrop = request.showNowOrDrop
    later = true
    if includesContent {
      let content = request.content
      title = content.title == id ? nil : content.title
      message = content.message
      buttons = content.buttons
    }
  }
}
