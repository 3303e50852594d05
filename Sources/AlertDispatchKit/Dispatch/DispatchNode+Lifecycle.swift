extension DispatchNode {
  func applyAdd(_ alert: AlertHandle) {
    let root = root
    let domain = root.domain
    let addedAt = root.clock.now
    alert.startDelay(at: addedAt)
    emit(.added, alert: alert)
    if isClosed {
      return alert.end(.cancelled(.ownerClosed))
    }
    if let message = alert.request.validationError ?? domain.registerLane(of: alert) {
      diagnose("alert '\(alert.request.id)' refused: \(message)", alert: alert)
      return alert.end(.cancelled(.invalidRequest(message)))
    }
    // The id is claimed in the same look-up as the duplicate check (unless another alert has
    // it), and given back if the alert is refused for a dependency cycle. The cycle is checked
    // before an alert it would replace is touched, so that a refused replacement changes
    // nothing. Only an alert that is not leaving the screen is a duplicate's original: one
    // being dismissed gives its id to the newcomer, which waits in line behind it.
    var (holder, waiters) = domain.claimUnlessTaken(alert)
    let existing = holder == nil ? nil : domain.staying(withID: alert.id)
    if let existing, alert.request.duplicates == .keepExisting {
      return alert.end(.cancelled(.duplicate(of: existing.id)))
    }
    if let cycle = dependencyCycle(for: alert, awaited: !waiters.isEmpty) {
      if holder == nil { domain.setAlert(nil, for: alert.id) }
      diagnose("alert '\(alert.request.id)' refused: dependency cycle", alert: alert)
      return alert.end(.cancelled(.dependencyCycle(cycle)))
    }
    if holder != nil {
      domain.setAlert(nil, for: alert.id)
      waiters = domain.claim(alert)
    }
    // The newcomer is registered before the alert it replaces ends: the domain is never
    // without an unfinished alert meanwhile (it is not drained).
    register(alert, in: domain, waiters: waiters)
    if let holder {
      existing?.close(with: .cancelled(.replaced(by: alert.id)))
      holder.giveUpID()
      domain.returnToOldestSharer(alert.id)
    }
    domain.noteWaiting(alert)
    alert.startWaiting(at: addedAt, on: root.clock)
    Engine.shared.markDirty(root)
  }

  /// Indexes an alert, which has claimed its id (`waiters` wait for it), in its dispatch and
  /// domain, and updates who blocks whom.
  func register(_ alert: AlertHandle, in domain: Domain, waiters: [AlertHandle]) {
    alerts.insert(alert)
    alert.join(at: Engine.shared.nextStamp())
    alert.registerLife()
    for dependency in alert.request.dependencies {
      domain.addWaiter(alert, for: dependency)
      if root.holds(alert, dependency: dependency) { alert.block(on: dependency) }
    }
    for waiter in waiters where waiter !== alert && !waiter.hasGoneUp && !waiter.state.isEnded {
      waiter.block(on: alert.id)
      waiter.updateQueueMembership()
    }
    if alert.request.showNowOrDrop { domain.noteShowNow(alert) }
    updateQueueMembership(alert)
  }

  /// Returns the cycle (from the alert back to itself) if its dependencies lead back to it;
  /// `awaited` says whether some unfinished alert waits for the alert's id.
  func dependencyCycle(for alert: AlertHandle, awaited: Bool) -> [AlertID]? {
    let target = alert.id
    // A cycle needs an alert that waits for this id (or the alert itself naming it): when
    // nobody waits for it, there is nothing to search.
    guard !alert.request.dependencies.isEmpty,
      awaited || alert.request.dependencies.contains(target)
    else { return nil }
    let domain = root.domain
    var visited: Set<AlertID> = []
    func search(_ id: AlertID, _ path: [AlertID]) -> [AlertID]? {
      if id == target { return path + [id] }
      guard visited.insert(id).inserted else { return nil }
      // Every unfinished alert with the id: its holder, and after a join those that share it
      // (one of them takes the id over when the holder ends).
      for next in domain.unfinishedAlerts(withID: id) where !next.hasGoneUp {
        for dependency in next.request.dependencies {
          if let cycle = search(dependency, path + [id]) { return cycle }
        }
      }
      return nil
    }
    for dependency in alert.request.dependencies {
      if let cycle = search(dependency, [target]) { return cycle }
    }
    return nil
  }

  /// Puts an alert in its lane line exactly when it waits to go up: queued and not blocked, or
  /// suspended. A visible alert is in its lane's visible list instead, so that the first alert
  /// a pass reads from the lines is one that could go up.
  func updateQueueMembership(_ alert: AlertHandle) {
    // The lines take an alert in once and out once: inserting one that is in, or removing one
    // that is not, changes nothing.
    if alert.waitsInLine { lines.insert(alert) } else { lines.remove(alert) }
  }

  /// `appear()` and `disappear()`: appearing also retries refused alerts at once, since a host
  /// may exist now.
  func applySetVisible(_ visible: Bool) {
    isVisible = visible
    if visible { requestPassRetryingRefused() } else { requestPass() }
  }

  /// `activeChild = child`: a pass runs only when the change can move the active chain, that
  /// is when this dispatch is visible, asks no provider, and the old or the new child is
  /// visible. Otherwise the chain stays as it is (a tab switched while both tabs are hidden)
  /// and the next pass reads the new child. When the chain can move, alerts a presenter
  /// refused are retried at once, as ``setNeedsArbitration()`` and an appearing screen retry
  /// them: a host may exist now.
  func applySetActiveChild(_ child: DispatchNode?) {
    if let child, child.parent !== self {
      return diagnose(
        "activeChild of '\(name)' set to '\(child.name)', which is not its child; ignored")
    }
    guard activeChildNode !== child else { return }
    let oldCanBeOnChain = activeChildNode?.canBeOnChain ?? false
    activeChildNode = child
    if canBeOnChain && activeChildProvider == nil
      && (oldCanBeOnChain || child?.canBeOnChain == true)
    {
      requestPassRetryingRefused()
    }
  }

  func applyClose() {
    guard !isClosed else {
      return diagnose("close() on dispatch '\(name)' that is already closed; ignored")
    }
    closeNow()
  }

  /// What `close()` does, and a release too: the unfinished alerts end as owner closed while
  /// the node is still in its domain (so that their ends are events, free their lanes and start
  /// each lane's minimum gap, and one being dismissed keeps the outcome it was dismissed with);
  /// then the children become roots and the node leaves its parent, and the domains are rebuilt.
  func closeNow() {
    isClosed = true
    isVisible = false
    for alert in unfinishedAlerts {
      alert.close(with: .cancelled(.ownerClosed), waitForPresenter: false)
    }
    detachChildren()
    applySetParent(nil)
    requestPass()
  }

  /// Makes every child the root of a domain of its own, as `applySetParent(nil)` on each would,
  /// but re-indexes the node's own domain once rather than once per child. Roots are marked for
  /// a pass in the order one child at a time marks them: the first child, the node's root, the
  /// other children.
  private func detachChildren() {
    guard !children.isEmpty else { return }
    let detached = children
    let oldRoot = root
    children = []
    activeChildNode = nil
    for (index, child) in detached.enumerated() {
      child.parent = nil
      child.stampJoined()
      child.rebuildDomain()
      Engine.shared.markDirty(child)
      if index == 0 { Engine.shared.markDirty(oldRoot) }
    }
    // A node with a parent leaves it next (`closeNow`), which re-indexes the old domain.
    if parent == nil { rebuildDomain() }
  }

  func applySetParent(_ newParent: DispatchNode?) {
    guard newParent !== parent else { return }
    if let newParent {
      // `setParent(_:)` refused a closed dispatch when it was called; a call made during a pass
      // waits, and a `close()` that waited ahead of it (or a release) may have closed either
      // dispatch since. Joining then would hang a subtree under a closed parent.
      if isClosed || newParent.isClosed {
        let closed = isClosed ? name : newParent.name
        return diagnose(
          "setParent(\(newParent.name)) on '\(name)': '\(closed)' was closed while the call waited; ignored"
        )
      }
      if cycle(under: newParent) != nil {
        return diagnose("setParent(\(newParent.name)) on '\(name)' would make a cycle; ignored")
      }
    }
    let oldRoot = root
    if let parent, parent.activeChildNode === self { parent.activeChildNode = nil }
    if let parent { parent.children = parent.children.filter { $0 !== self } }
    parent = newParent
    if let newParent { newParent.children = newParent.children + [self] }
    stampJoined()
    if newParent != nil { settleFrequencyPolicies(subtree: true) }
    let newRoot = root
    newRoot.rebuildDomain()
    if oldRoot !== newRoot { oldRoot.rebuildDomain() }
    Engine.shared.markDirty(newRoot)
    Engine.shared.markDirty(oldRoot)
  }

  /// The names from this node up through `newParent` back to itself, if `newParent` as its
  /// parent would make a cycle.
  func cycle(under newParent: DispatchNode) -> [String]? {
    var path = [name]
    var node: DispatchNode? = newParent
    while let current = node {
      path.append(current.name)
      if current === self { return path }
      node = current.parent
    }
    return nil
  }

  /// Stamps every unfinished alert of this subtree as joining its domain now (see
  /// ``AlertHandle/joinedStamp``), after the subtree moved.
  private func stampJoined() {
    let joined = Engine.shared.nextStamp()
    var stack: [DispatchNode] = [self]
    while let node = stack.popLast() {
      for alert in node.alerts.values { alert.join(at: joined) }
      stack.append(contentsOf: node.children)
    }
  }

  /// Re-indexes the whole domain from the tree (after the tree changed shape).
  func rebuildDomain() {
    guard parent == nil else { return root.rebuildDomain() }
    if checksInvariantsHere { needsFullCheck = true }
    var everyone: [AlertHandle] = []
    var stack: [DispatchNode] = [self]
    while let node = stack.popLast() {
      node.domain.reset()
      // What a former root recorded for its next pass: the full check after this one covers it.
      node.touched = []
      everyone.append(contentsOf: node.alerts.values)
      stack.append(contentsOf: node.children)
    }
    everyone.sort { $0.seq < $1.seq }
    for alert in everyone {
      _ = domain.registerLane(of: alert)
      if alert.request.showNowOrDrop && !alert.hasGoneUp { domain.noteShowNow(alert) }
      // An alert that gave its id up while animating out (to an alert that replaced it, or
      // that came while it was leaving) keeps animating out, but the id is not its own any more.
      if !alert.hasGivenUpID {
        if domain.alert(withID: alert.id) == nil {
          domain.setAlert(alert, for: alert.id)
        } else {
          domain.addSharer(alert)
        }
      }
      for dependency in alert.request.dependencies {
        domain.addWaiter(alert, for: dependency)
      }
      if !alert.hasGoneUp { domain.noteWaiting(alert) }
      if alert.retryAt != nil { domain.refused[ObjectIdentifier(alert)] = alert }
    }
    for alert in everyone.sorted(by: { $0.upStamp < $1.upStamp }) where alert.state.isVisible {
      domain.addVisible(alert)
    }
    for alert in everyone {
      if !alert.hasGoneUp {
        var blockers = BlockerList()
        for dependency in alert.request.dependencies where holds(alert, dependency: dependency) {
          blockers.insert(dependency)
        }
        alert.setBlockers(blockers)
      }
      alert.updateQueueMembership()
    }
    // Joining two domains can close a dependency cycle that neither had (each alert was
    // accepted against its own domain): the newest alert of each cycle ends as a dependency
    // cycle, as it would have been refused had it been added to the joined domain.
    for alert in everyone.reversed()
    where !alert.hasGoneUp && !alert.state.isEnded && !alert.request.dependencies.isEmpty {
      if let cycle = dependencyCycle(for: alert, awaited: true) {
        diagnose(
          "alert '\(alert.id)' ended: its dependencies make a cycle after a join", alert: alert)
        alert.end(.cancelled(.dependencyCycle(cycle)))
      }
    }
    Engine.shared.markDirty(self)
  }
}
