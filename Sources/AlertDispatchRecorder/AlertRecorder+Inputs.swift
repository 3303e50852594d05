import AlertDispatchKit
import AlertDispatchScenarioFormat

extension AlertRecorder {
  /// Writes down one input of the domain, at its instant.
  func hear(_ input: AlertInput, at time: AlertInstant) {
    noteOutermostCall()
    switch input {
    case .add(let alert, let dispatch):
      guard let owner = names.known(dispatch) else { return }
      let name = names.known(alert) ?? names.name(alert, on: owner)
      var request = alert.request
      if !includesContent { request.content = AlertContent(title: "") }
      names.noteAdded(alert, at: time)
      let added = RecordedAdd(
        name: name, owner: owner, request: request, order: alert.addOrder,
        toClosedDispatch: dispatch.isClosed)
      append(.added(added), at: time)
    case .ready(let alert, _):
      if let name = names.known(alert) { action(.ready(name), at: time) }
    case .didDismiss(let alert, let result):
      guard let name = names.known(alert) else { return }
      let written = result == .closed ? nil : result.rawValue
      // Reported from inside the presenter's `dismiss`: the scripted presenter does the same.
      if AlertDispatch.isRunningQueuedCall,
        fillPlaceholder(of: alert, with: .action(.answer(name, .gone(written))))
      {
        if drainStart == nil { drainStart = queuedDrainStart }
        return
      }
      action(.dismiss(name, result: written), at: time)
    case .close(let alert, let result):
      if let name = names.known(alert) {
        action(.closeAlert(name, result: result == .closed ? nil : result.rawValue), at: time)
      }
    case .cancel(let alert):
      if let name = names.known(alert) { action(.cancel(name), at: time) }
    case .didFinishPresenting(let alert):
      if let name = names.known(alert) { action(.finishPresenting(name), at: time) }
    case .cancelAlerts(let dispatch, let selection, let subtree, let selected):
      cancelAlerts(dispatch, selection, subtree: subtree, selected: selected, at: time)
    case .setParent(let dispatch, let parent):
      setParent(dispatch, parent, at: time)
    default:
      hearTree(input, at: time)
    }
  }

  /// The inputs on dispatches and pauses, and the presenter's calls.
  private func hearTree(_ input: AlertInput, at time: AlertInstant) {
    switch input {
    case .setActiveChild(let dispatch, let child):
      if let name = names.known(dispatch) {
        action(.activeChild(name, child: child.flatMap { names.known($0) }), at: time)
      }
    case .setProvider(let dispatch, let isSet):
      guard let name = names.known(dispatch) else { return }
      guard isSet else { return action(.removeProvider(name), at: time) }
      let answer = dispatch.activeChildProvider?()
      providerAnswers[ObjectIdentifier(dispatch)] = answer.map(ObjectIdentifier.init)
      action(.setProvider(name, child: answer.flatMap { names.known($0) }), at: time)
    case .providerAnswer(let dispatch, let answer):
      let key = ObjectIdentifier(dispatch)
      let identity = answer.map(ObjectIdentifier.init)
      guard let name = names.known(dispatch), providerAnswers[key] != .some(identity) else {
        return
      }
      providerAnswers[key] = identity
      insertBeforePass(
        .action(.provider(name, child: answer.flatMap { names.known($0) })), now: time)
    case .appear(let dispatch):
      if let name = names.known(dispatch) { action(.appear(name), at: time) }
    case .disappear(let dispatch):
      if let name = names.known(dispatch) { action(.disappear(name), at: time) }
    case .closeDispatch(let dispatch):
      guard let name = names.known(dispatch) else { return }
      action(.close(name), at: time)
      // Its children become roots: held while away, and declared anew when one comes back.
      for child in dispatch.children { hold(leaving: child, at: time) }
    case .releaseDispatch(let identity):
      providerAnswers[identity] = nil
      if let name = names.forget(dispatch: identity) { action(.close(name), at: time) }
    case .pause(let dispatch, let token):
      guard let name = names.known(dispatch) else { return }
      let (pause, lanes) = pause(token, of: name)
      for lane in lanes { append(.declare(lane), at: time) }
      action(pause, at: time)
    case .release(let token):
      if let name = names.known(token) { action(.release(name), at: time) }
    case .resume(let dispatch):
      if let name = names.known(dispatch) { action(.resume(name), at: time) }
    case .setNeedsArbitration(let dispatch):
      if let name = names.known(dispatch) { action(.arbitrate(name), at: time) }
    default:
      hearPresenter(input, at: time)
    }
  }

  /// The presenter's calls and answers, and the ends of passes.
  private func hearPresenter(_ input: AlertInput, at time: AlertInstant) {
    switch input {
    case .presented(let alert, let answer):
      let id = names.id(alert.id)
      let place = self.place(alert)
      switch answer {
      case .presented:
        append(
          .line(ScenarioTranscriptLine.present(alert: id, dispatch: place)), at: time)
      case .presenting:
        if let name = names.known(alert) {
          insertBeforePass(.action(.answer(name, .presenting)), now: time)
        }
        append(
          .line(ScenarioTranscriptLine.present(alert: id, dispatch: place)), at: time)
      case .cannotPresentNow(let reason):
        if let name = names.known(alert) {
          insertBeforePass(.action(.answer(name, .refuse(reason))), now: time)
        }
        let line = ScenarioTranscriptLine.refuse(alert: id, dispatch: place, reason: reason)
        append(.line(line), at: time)
      }
    case .hidden(let alert):
      let line = ScenarioTranscriptLine.hide(alert: names.id(alert.id), dispatch: place(alert))
      append(.line(line), at: time)
    case .restored(let alert):
      let line = ScenarioTranscriptLine.restore(alert: names.id(alert.id), dispatch: place(alert))
      append(.line(line), at: time)
    case .dismissed(let alert):
      let line = ScenarioTranscriptLine.dismiss(alert: names.id(alert.id), dispatch: place(alert))
      append(.line(line), at: time)
      insertBeforePass(.placeholder(ObjectIdentifier(alert)), now: time)
    case .timerFired:
      append(.timerFired, at: time)
    case .setPassScheduling(let dispatch, let scheduling):
      if let name = names.known(dispatch) {
        action(.passScheduling(name, coalesced: scheduling == .coalesced), at: time)
      }
    case .turnEnded:
      action(.endTurn, at: time)
    case .showCount(let change, let keys, let elsewhere):
      if change == .counted {
        for key in keys { segments[segments.count - 1].counted[key, default: 0] += 1 }
      }
      // The replay counts this domain's shows itself.
      guard elsewhere else { return }
      let written: ScenarioShowCount =
        switch change {
        case .counted: .count
        case .held: .hold
        case .released: .release
        }
      for key in keys { action(.showCount(written, key: key), at: time) }
    case .passSettled(let isQuiet):
      inputsOpen = false
      queuedDrainStart = isQuiet ? nil : drainStart
      drainStart = nil
      if isQuiet && wantsSegment { startSegment(at: time) }
    default:
      break
    }
  }

  private func place(_ alert: AlertHandle) -> String {
    // A released dispatch is written under the name it had: the replay closes it instead.
    names.known(alert.dispatch) ?? names.owner(of: alert) ?? "released"
  }

  /// Appends an action.
  func action(_ action: ScenarioAction, at time: AlertInstant) {
    append(.action(action), at: time)
  }

  /// `pause NAME [lane LANE | category NAME] as TOKEN`, and the lane it names.
  func pause(_ token: AlertPauseToken, of dispatch: String) -> (
    ScenarioAction, [ScenarioStatement]
  ) {
    let name = names.name(token)
    switch token.scope {
    case .all: return (.pause(dispatch, .all, token: name), [])
    case .lane(let lane):
      return (.pause(dispatch, .lane(lane), token: name), [.lane(AlertLane(lane))])
    case .category(let category): return (.pause(dispatch, .category(category), token: name), [])
    }
  }

  private func cancelAlerts(
    _ dispatch: AlertDispatch, _ selection: AlertSelection, subtree: Bool,
    selected: [AlertHandle], at time: AlertInstant
  ) {
    guard let name = names.known(dispatch) else { return }
    let written: ScenarioSelection?
    switch selection.kind {
    case .all: written = .all
    case .lane(let lane):
      append(.declare(.lane(AlertLane(lane))), at: time)
      written = .lane(lane)
    case .category(let category): written = .category(category)
    case .priority(let priority): written = .priorityAtMost(priority)
    case nil: written = nil
    }
    if let written { return action(.cancelAll(name, subtree: subtree, written), at: time) }
    // A predicate has no words: the alerts it selected are cancelled one by one.
    for alert in selected {
      if let alertName = names.known(alert) { action(.cancel(alertName), at: time) }
    }
  }

  /// `set-parent`: a dispatch that joins the domain is declared first, with its subtree, its
  /// pauses and its unfinished alerts, as they are when it joins.
  private func setParent(_ dispatch: AlertDispatch, _ parent: AlertDispatch?, at time: AlertInstant)
  {
    guard let root else { return }
    // The root detached from nothing stays the root.
    if dispatch === root && parent == nil { return }
    // The root joins another domain: the recording ends here, as the domain it recorded does.
    if dispatch === root { return detach() }
    guard let parent, parent.root === root else {
      guard let name = names.known(dispatch) else { return }
      action(.setParent(name, parent: nil), at: time)
      return hold(leaving: dispatch, at: time)
    }
    let onceJoined = names.known(dispatch) == nil ? join(dispatch, at: time) : []
    action(.setParent(names.name(dispatch), parent: names.name(parent)), at: time)
    for joined in onceJoined { action(joined, at: time) }
  }
}

extension AlertRecorder {
  /// A dispatch leaves the domain: what it does away is not recorded, so the replay pauses it
  /// as it leaves, in the same call, lest its alerts go up in a domain of their own and count
  /// towards caps the domain reads; when it comes back, it is declared anew, as it is then.
  func hold(leaving dispatch: AlertDispatch, at time: AlertInstant) {
    if let name = names.known(dispatch) {
      let token = names.recordingToken("left")
      append(.action(.pause(name, .all, token: token)), at: time, joining: true)
    }
    for left in AlertRecorder.preorder(dispatch) { names.forget(left) }
  }
}

extension RecordingNames {
  /// The name of a dispatch that may be gone.
  func known(_ dispatch: AlertDispatch?) -> String? {
    dispatch.flatMap { known($0) }
  }
}
