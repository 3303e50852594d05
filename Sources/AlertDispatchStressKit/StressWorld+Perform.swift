import AlertDispatchKit
import AlertDispatchScenarioFormat
import AlertDispatchSimulator

extension StressWorld {
  /// Runs one operation: resolves it, records it, performs it and checks everything.
  func run(_ operation: StressOperation) {
    guard let step = resolve(operation) else { return }
    record.log(step, at: now)
    let held = alertsHeldByPauses()
    perform(step)
    judgeQuietRoots(after: step)
    checkAfterStep()
    checkPauses(heldBefore: held)
    checkDrained()
  }

  /// Performs a step as `ScenarioRun.perform` performs the matching action; the steps a
  /// scenario file cannot write call the core directly.
  func perform(_ step: StressStep) {
    noteReshaping(step)
    switch step {
    case .add(let name): add(name)
    case .ready(let name): handles[name]?.markReady()
    case .tap(let name, let button):
      sim.presenter.tap(AlertID(record.alerts[alertIndex[name]!].id), button)
    case .cancel(let name): handles[name]?.cancel()
    case .cancelAll(let name, let subtree, let selection):
      cancelAll(in: dispatch(name), subtree: subtree, selection)
    case .dismiss(let name): dismiss(name)
    case .finishPresenting(let name): handles[name]?.didFinishPresenting()
    case .explain(let name): explain(name)
    case .push(let nav, let screen, let animated):
      (object(nav) as? NavigationContainer)?.push(showable(screen), animated: animated)
    case .pop(let nav, let animated):
      (object(nav) as? NavigationContainer)?.pop(animated: animated)
    case .popToRoot(let nav, let animated):
      (object(nav) as? NavigationContainer)?.popToRoot(animated: animated)
    case .setStack(let nav, let screens, let animated):
      (object(nav) as? NavigationContainer)?.setStack(screens.map(showable), animated: animated)
    case .select(let tabs, let tab):
      (object(tabs) as? TabContainer)?.select(object(tab))
    case .present(let over, let modal, let fullScreen, let animated):
      object(over).present(
        showable(modal), style: fullScreen ? .fullScreen : .pageSheet, animated: animated)
    case .dismissModal(let modal, let animated): object(modal).dismiss(animated: animated)
    case .root(let window, let screen): self.window(window).setRoot(showable(screen))
    case .background(let window): self.window(window).enterBackground()
    case .foreground(let window): self.window(window).enterForeground()
    case .link(let name):
      if name == "main" || record.windows.contains(name) {
        sim.link(window(name))
      } else {
        sim.link(object(name))
      }
    case .close(let name): dispatch(name).close()
    case .pause(let name, let scope, let token): pause(dispatch(name), scope, as: token)
    case .releasePause(let token): pauses[token]?.token.release()
    case .resume(let name): dispatch(name).resume()
    case .refuse(let reason): sim.presenter.refusal = reason
    case .advance(let duration): sim.advance(by: duration)
    case .relaunch: relaunch()
    case .setParent(let raw, let parent): setParent(raw, parent)
    case .setProvider(let raw, let child):
      if let target = child.map(dispatch) {
        self.raw(raw).activeChildProvider = { [weak target] in target }
      } else {
        self.raw(raw).activeChildProvider = nil
      }
    case .setActiveChild(let raw, let child):
      self.raw(raw).activeChild = child.map(dispatch)
    case .setVisible(let raw, let visible):
      if visible { self.raw(raw).appear() } else { self.raw(raw).disappear() }
    case .arbitrate(let name): dispatch(name).setNeedsArbitration()
    case .setPassScheduling(let name, let coalesced):
      schedulingSwitches += 1
      dispatch(name).passScheduling = coalesced ? .coalesced : .immediate
    case .endTurn:
      turnsEnded += 1
      AlertDispatch.runDeferredPasses()
    case .release(let raw): release(raw)
    }
  }

  /// A batch cancel, checked: every alert it returns has ended, or is being taken down because
  /// it was up at the call (or stays up until its minimum display time ends); none that waited went up on its way out (no `shown` or `restored`
  /// event for its id before it ended).
  private func cancelAll(
    in dispatch: AlertDispatch, subtree: Bool, _ selection: ScenarioSelection
  ) {
    let wasUp = Set(
      open.filter { $0.handle.state.isVisible }.map { ObjectIdentifier($0.handle) })
    var events: [AlertEvent] = []
    let root = dispatch.root
    let observation = root.observe { events.append($0) }
    let selected = selection.selection(lane: StressTables.writableLane(named:))
    let cancelled = dispatch.cancelAlerts(selected, includingSubtree: subtree)
    root.removeObservation(observation)
    batchCancelled += cancelled.count
    for alert in cancelled {
      let name = "cancelAlerts(\(selected)) on \(dispatch.name): \(alert.id)"
      let up = wasUp.contains(ObjectIdentifier(alert))
      switch alert.state {
      case .ended: break
      case .dismissing where up: break
      // One up inside its minimum display time is taken down when that ends.
      case .presenting,
        .showing where up && isInsideMinimumDisplay(alert):
        break
      default: report(.batchCancel, "\(name) is \(alert.state) after the call")
      }
      guard !up else { continue }
      for event in events where event.alertID == alert.id {
        if case .ended = event.kind { break }
        if event.kind == .shown || event.kind == .restored {
          report(.batchCancel, "\(name) waited, and went up (\(event.kind)) on its way out")
        }
      }
    }
  }

  /// Adds a declared alert to its owner's current dispatch, and counts its ends.
  ///
  /// An alert that ends while it is added (a closed owner, a duplicate) runs its completion at
  /// once, and a completion that adds an alert again can do so a thousand times. The runner
  /// recurses; here each such add runs in a loop, in the same order — the alerts are added
  /// innermost first and `handles` is set on the way back out — so the stack stays flat.
  func add(_ name: String) {
    var started: [(name: String, handle: AlertHandle)] = []
    var next: String? = name
    while let current = next {
      started.append((current, start(current)))
      next = tailAdd
      tailAdd = nil
    }
    for (name, handle) in started.reversed() { handles[name] = handle }
  }

  private func start(_ name: String) -> AlertHandle {
    let declaration = record.alerts[alertIndex[name]!]
    let target = dispatch(declaration.owner)
    let onlyLeaving = hasOnlyLeavingAlerts(withID: declaration.request.id, in: target)
    let staying = stayingAlert(withID: declaration.request.id, in: target)
    model.announceAdd(of: declaration.request.id, at: sim.clock.now)
    let handle = target.add(declaration.request)
    model.bind(handle, at: sim.clock.now)
    // An add from a completion handler waits until the pass that called it ends.
    if handlerDepth == 0 { checkDuplicates(of: name, handle, against: staying, in: target) }
    if onlyLeaving, case .cancelled(.duplicate) = handle.endedOutcome {
      report(
        .policy,
        "alert \(name) (\(handle.id)) ended as a duplicate of an alert that is being dismissed")
    }
    let entry = Tracked(name: name, handle: handle, launch: launch)
    countMinimumDisplay(of: name, handle)
    tracked.append(entry)
    open.append(entry)
    watch(handle, "alert \(name) (\(handle.id))")
    let reaction = declaration.reaction
    // Armed only while `onEnd` may call the completion at once: then an `add` reaction is the
    // last thing the recursion would do before setting `handles`, and can wait for the loop.
    addIsTail = true
    handle.onEnd { [weak self] outcome in
      entry.deliveries += 1
      entry.delivered = outcome
      guard let self else { return }
      self.handlerDepth += 1
      defer { self.handlerDepth -= 1 }
      let isTail = self.addIsTail
      self.addIsTail = false
      if entry.deliveries > 1 {
        self.report(.exactlyOnce, "alert \(name) ended \(entry.deliveries) times")
      }
      self.checkPreempter(of: name, outcome)
      self.checkShowNowEnd(of: name, entry.handle, outcome)
      self.checkOverflowEnd(of: name, entry.handle, outcome)
      self.checkOwnerLeftEnd(of: name, entry.handle, outcome)
      guard let reaction, StressWorld.matches(reaction.when, outcome) else { return }
      if isTail, case .add(let again) = reaction.step {
        self.reactionCount += 1
        if self.reactionCount <= 1000 { self.tailAdd = again }
      } else {
        self.react(reaction)
      }
    }
    addIsTail = false
    return handle
  }

  static func matches(_ when: String, _ outcome: AlertOutcome) -> Bool {
    switch (when, outcome) {
    case ("any", _), ("dismissed", .dismissed), ("cancelled", .cancelled): true
    default: false
    }
  }

  /// Runs a completion handler's action; like the runner, stops after 1000 reactions.
  private func react(_ reaction: StressRecord.Reaction) {
    reactionCount += 1
    guard reactionCount <= 1000 else { return }
    perform(reaction.step)
  }

  private func dismiss(_ name: String) {
    guard let handle = handles[name] else { return }
    if handle.state.isVisible || handle.state == .suspended {
      dismissedByApp.insert(ObjectIdentifier(handle))
    }
    handle.didDismiss(result: .closed)
  }

  private func explain(_ name: String) {
    guard let handle = handles[name], let dispatch = handle.dispatch else { return }
    let explanation = dispatch.explain(handle.id)
    if handle.state.isEnded, dispatch.alert(withID: handle.id) == nil, explanation != .notFound {
      report(.explain, "explain(\(handle.id)) of ended alert \(name) says '\(explanation)'")
    }
  }

  /// Lets go of a raw dispatch: nothing of the world refers to it afterwards (providers hold
  /// their targets weakly), so it is freed now, or when the deferred pass that holds it runs.
  private func release(_ raw: String) {
    guard let dispatch = raws.removeValue(forKey: raw) else { return }
    checkedRoots.removeAll { $0 === dispatch }
  }

  private func setParent(_ raw: String, _ parent: String?) {
    let child = self.raw(raw)
    let before = child.parent
    do {
      try child.setParent(parent.map(dispatch))
    } catch {
      // A parent cycle or a closed dispatch is refused, and nothing may change.
      if child.parent !== before {
        report(
          .misuse, "setParent(\(parent ?? "nil")) on \(raw) threw '\(error)' but changed the parent"
        )
      }
    }
  }
}
