import AlertDispatchKit
import AlertDispatchScenarioFormat

extension ScenarioRun {
  /// Carries out one action, as the app or the user would.
  func perform(_ action: ScenarioAction) {
    switch action {
    case .add(let name): add(name)
    case .ready(let name): withAlert(name, "ready") { $0.markReady() }
    case .tap(let name, let button):
      sim.presenter.tap(AlertID(scenario.alert(named: name)!.id), button)
    case .cancel(let name): withAlert(name, "cancel") { $0.cancel() }
    case .cancelAll(let name, let subtree, let selection):
      dispatch(name).cancelAlerts(
        selection.selection(lane: scenario.lane), includingSubtree: subtree)
    case .dismiss(let name, let result):
      withAlert(name, "dismiss") {
        $0.didDismiss(result: result.map { AlertResult($0) } ?? .closed)
      }
    case .push(let nav, let screen, let animated):
      (self.screen(nav) as? NavigationContainer)?.push(showable(screen), animated: animated)
    case .pop(let nav, let animated):
      (screen(nav) as? NavigationContainer)?.pop(animated: animated)
    case .popToRoot(let nav, let animated):
      (screen(nav) as? NavigationContainer)?.popToRoot(animated: animated)
    case .setStack(let nav, let screens, let animated):
      (screen(nav) as? NavigationContainer)?.setStack(screens.map(showable), animated: animated)
    case .select(let tabs, let tab):
      (screen(tabs) as? TabContainer)?.select(screen(tab))
    case .present(let over, let modal, let style, let animated):
      screen(over).present(showable(modal), style: style.modalStyle, animated: animated)
    case .dismissModal(let modal, let animated):
      screen(modal).dismiss(animated: animated)
    case .root(let window, let screen):
      windows[window]?.setRoot(showable(screen))
    case .background(let window): windows[window]?.enterBackground()
    case .foreground(let window): windows[window]?.enterForeground()
    case .close(let name): dispatch(name).close()
    case .pause(let name, let scope, let token):
      let dispatch = dispatch(name)
      let pause: AlertPauseToken
      switch scope {
      case .all: pause = dispatch.pause()
      case .lane(let lane): pause = dispatch.pause(lane: scenario.lane(lane))
      case .category(let category): pause = dispatch.pause(category: category)
      }
      if let token { pauseTokens[token] = pause }
    case .release(let token): pauseTokens[token]?.release()
    case .resume(let name): dispatch(name).resume()
    case .refuse(let reason): sim.presenter.refusal = reason
    case .advance(let by): advance(to: now + by)
    case .mark(let text): trace.mark(text, at: now)
    case .relaunch(let gap, let version): relaunch(after: gap, version: version)
    case .closeAlert(let name, let result):
      withAlert(name, "close-alert") { $0.close(result: result.map { AlertResult($0) } ?? .closed) }
    case .finishPresenting(let name):
      withAlert(name, "finish-presenting") { $0.didFinishPresenting() }
    case .answer(let name, let answer):
      scripted?.queue(answer, for: AlertID(scenario.alert(named: name)!.id))
    case .showCount(.count, let key): policy.countShow([key])
    case .showCount(.hold, let key): policy.holdShow([key])
    case .showCount(.release, let key): policy.releaseShow([key])
    case .together(let actions) where actions.first == .endTurn:
      AlertDispatch.runDeferredPasses(
        thenMaking: actions.dropFirst().map { action in { [unowned self] in perform(action) } })
    case .together(let actions):
      AlertDispatch.runTogether(actions.map { action in { [unowned self] in perform(action) } })
    case .passScheduling(let name, let coalesced):
      dispatch(name).passScheduling = coalesced ? .coalesced : .immediate
    case .endTurn: AlertDispatch.runDeferredPasses()
    case .fireTimer:
      noteTimerFired()
      // In a replay, the recorded domain's next timer: another domain's due first fires too.
      let heard = recordedTimers
      while sim.clock.fireNext(dueBy: sim.now) {
        if scripted?.recordedRoot == nil || recordedTimers != heard { break }
      }
    default: performOnTree(action)
    }
  }

  /// Adds a declared alert to its owner's current dispatch; its completion counts the end and
  /// runs the matching `on` reactions.
  func add(_ name: String) {
    guard let alert = scenario.alert(named: name) else { return }
    let reactions = scenario.reactions.filter { $0.alert == name }
    let handle = dispatch(alert.owner).add(scenario.request(alert))
    let key = ObjectIdentifier(handle)
    handle.onEnd { [weak self] outcome in
      guard let self else { return }
      self.endCounts[key, default: 0] += 1
      for reaction in reactions where reaction.matches(outcome) { self.react(reaction) }
    }
    handles[name] = handle
    added.append((name, handle))
  }

  /// Runs a reaction now, or, when it fired during another reaction's action (an alert that a
  /// reaction adds may end at once and fire its own), right after that action: a loop, not a
  /// recursion, so that a chain of reactions does not grow the stack.
  private func react(_ reaction: ScenarioReaction) {
    pendingReactions.append(reaction)
    guard !isReacting else { return }
    isReacting = true
    var next = 0
    while next < pendingReactions.count {
      let reaction = pendingReactions[next]
      next += 1
      run(reaction)
    }
    pendingReactions.removeAll()
    isReacting = false
  }

  private func run(_ reaction: ScenarioReaction) {
    reactionCount += 1
    guard reactionCount <= 1000 else {
      if reactionCount == 1001 {
        failures.append(
          ScenarioFailure(
            file: scenario.file, line: reaction.line, statement: "on \(reaction.alert)",
            expected: "reactions settle", actual: "more than 1000 reactions ran; stopped"))
      }
      return
    }
    if reaction.action.isMarked && !reaction.action.isScreenChange {
      trace.mark(reaction.text, at: now)
    }
    perform(reaction.action)
  }

  func withAlert(_ name: String, _ verb: String, _ body: (AlertHandle) -> Void) {
    guard let handle = handles[name] else {
      sim.transcript.record("ignored \(verb) \(name): not added yet")
      stamp()
      return
    }
    body(handle)
  }
}
