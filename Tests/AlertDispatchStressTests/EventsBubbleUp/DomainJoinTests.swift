import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// What joining two domains does to alerts already up: decisions the stress tool forced.
@MainActor
@Suite("Joining domains", .timeLimit(.minutes(1)))
struct DomainJoinTests {
  init() {
    AlertDispatch.checksInvariants = true
    AlertDispatch.diagnosticHandler = { _ in }
  }

  @Test("An alert up stays up when the dispatch holding its dependency joins its domain")
  func dependencyJoinsLater() throws {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    let window = AlertDispatch(name: "window", clock: clock, presenter: presenter)
    let other = AlertDispatch(name: "other", clock: clock, presenter: presenter)
    let blocker = other.add(AlertRequest(id: "blocker"))
    // "blocker" is in another domain: it does not hold "after-blocker" back.
    let dependent = window.add(AlertRequest(id: "after-blocker", after: ["blocker"]))
    #expect(dependent.state == .showing)
    try other.setParent(window)
    // Like an alert added after its dependent went up, a dependency that joins later does not
    // pull the dependent down.
    #expect(dependent.state == .showing)
    #expect(blocker.state == .suspended)
    #expect(window.invariantViolations == [])
    #expect(window.checkInvariants() == [])
  }

  /// Found by alertdispatch-stress (seed 22, episode 292) after passes stopped planning once
  /// more when every decision was carried out: the alert that steps back covered another, which
  /// the plan still counted as covered, so it was left in front beside the stronger alert.
  @Test("A join that makes an alert step back also takes down the alert it covered")
  func joinSuspendsACoveringAlert() throws {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    let window = AlertDispatch(name: "window", clock: clock, presenter: presenter)
    let screen = AlertDispatch(name: "screen", clock: clock, presenter: presenter)
    let beneath = screen.add(AlertRequest(id: "beneath", priority: .low))
    let cover = screen.add(AlertRequest(id: "cover", style: .cover))
    let strong = window.add(AlertRequest(id: "strong", priority: .high))
    #expect(beneath.state == .showing && cover.state == .showing)
    // The provider first, as `Window.link` does: the join's own pass then sees both domains'
    // alerts up in one lane, over its capacity.
    window.activeChildProvider = { screen }
    try screen.setParent(window)
    #expect(strong.state == .showing)
    #expect(cover.state == .suspended)
    #expect(beneath.state == .suspended)
    #expect(window.invariantViolations == [])
    #expect(window.checkInvariants() == [])
    strong.didDismiss()
    #expect(cover.state == .showing)
    #expect(window.invariantViolations == [])
  }

  @Test("Two alerts animating out in one lane after a join both finish; nothing overtakes them")
  func twoDismissingAfterJoin() throws {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    presenter.dismissDuration = .milliseconds(300)
    let window = AlertDispatch(name: "window", clock: clock, presenter: presenter)
    let other = AlertDispatch(name: "other", clock: clock, presenter: presenter)
    let left = window.add(AlertRequest(id: "left"))
    let right = other.add(AlertRequest(id: "right"))
    let next = window.add(AlertRequest(id: "next"))
    left.cancel()
    right.cancel()
    try other.setParent(window)
    #expect(left.state == .dismissing && right.state == .dismissing)
    #expect(next.state == .queued)
    #expect(window.checkInvariants() == [])
    clock.advance(by: .milliseconds(300))
    #expect(left.endedOutcome == .cancelled(.cancelledByApp))
    #expect(right.endedOutcome == .cancelled(.cancelledByApp))
    #expect(next.state == .showing)
    #expect(window.invariantViolations == [])
  }
}

@MainActor
@Suite("Replaced alerts and domain rebuilds", .timeLimit(.minutes(1)))
struct ReplacedAlertRebuildTests {
  init() {
    AlertDispatch.checksInvariants = true
    AlertDispatch.diagnosticHandler = { _ in }
  }

  /// Two roots, "window" and "other", paused, with a presenter each, to be joined.
  static func pausedRoots() -> (window: AlertDispatch, other: AlertDispatch) {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    let window = AlertDispatch(name: "window", clock: clock, presenter: presenter)
    let other = AlertDispatch(name: "other", clock: clock, presenter: presenter)
    window.pause()
    other.pause()
    return (window, other)
  }

  /// Found by alertdispatch-fuzz (Fuzz/regressions/replaced-alert-reclaims-id-after-rebuild):
  /// an alert replaced while on screen animates out; a domain rebuild (here a screen joining)
  /// gave its id back to it, so when it finally ended it unblocked the dependents of its
  /// replacement, which had not even shown.
  @Test("A replaced alert animating out does not take its id back when the domain is rebuilt")
  func replacedKeepsNoID() throws {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    presenter.dismissDuration = .milliseconds(100)
    let window = AlertDispatch(name: "window", clock: clock, presenter: presenter)
    let old = window.add(AlertRequest(id: "a0"))
    let replacement = window.add(AlertRequest(id: "a0", duplicates: .replaceExisting))
    #expect(old.state == .dismissing)
    try AlertDispatch(name: "modal", clock: clock).setParent(window)  // rebuilds the domain
    #expect(window.alert(withID: "a0") === replacement)
    let dependent = window.add(AlertRequest(id: "after-a0", priority: .high, after: ["a0"]))
    clock.advance(by: .milliseconds(100))
    #expect(old.endedOutcome == .cancelled(.replaced(by: "a0")))
    #expect(replacement.state == .showing)
    #expect(dependent.state == .queued)
    #expect(window.explain("after-a0") == .waitingForDependencies(["a0"]))
    replacement.didDismiss(result: "OK")
    #expect(dependent.state == .showing)
    #expect(window.invariantViolations == [])
  }

  /// Also found by alertdispatch-stress (seed 5, episode 577), with the invariant checker's
  /// check of the table of ids.
  @Test("An alert already being dismissed when it is replaced does not take its id back")
  func replacedWhileDismissing() throws {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    presenter.dismissDuration = .milliseconds(100)
    let window = AlertDispatch(name: "window", clock: clock, presenter: presenter)
    let old = window.add(AlertRequest(id: "a0"))
    old.cancel()
    #expect(old.state == .dismissing)
    let replacement = window.add(AlertRequest(id: "a0", duplicates: .replaceExisting))
    try AlertDispatch(name: "modal", clock: clock).setParent(window)  // rebuilds the domain
    #expect(window.alert(withID: "a0") === replacement)
    #expect(window.checkInvariants() == [])
    clock.advance(by: .milliseconds(100))
    #expect(old.endedOutcome == .cancelled(.cancelledByApp))
    #expect(replacement.state == .showing)
    #expect(window.alert(withID: "a0") === replacement)
    #expect(window.invariantViolations == [])
  }

  /// A replacement refused for a dependency cycle must not have closed the alert it would
  /// replace: the alerts waiting for the id would never be unblocked, and after a join the
  /// alert sharing the id would be left without it.
  @Test("A replacement refused for a cycle changes nothing: the alert it would replace stays")
  func refusedReplacementChangesNothing() throws {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    let window = AlertDispatch(name: "window", clock: clock, presenter: presenter)
    window.pause()
    let old = window.add(AlertRequest(id: "x"))
    let dependent = window.add(AlertRequest(id: "after-x", after: ["x"]))
    let replacement = window.add(
      AlertRequest(id: "x", after: ["x"], duplicates: .replaceExisting))
    #expect(replacement.endedOutcome == .cancelled(.dependencyCycle(["x", "x"])))
    #expect(old.endedOutcome == nil)
    #expect(window.alert(withID: "x") === old)
    window.resume()
    #expect(old.state == .showing)
    #expect(dependent.state == .queued)
    old.didDismiss(result: "OK")
    #expect(dependent.state == .showing)
    #expect(window.invariantViolations == [])
  }

  @Test(
    "After a join, a replacement refused for a cycle leaves the holder and the sharer as they were")
  func refusedReplacementKeepsSharer() throws {
    let (window, other) = Self.pausedRoots()
    let older = window.add(AlertRequest(id: "x"))
    let newer = other.add(AlertRequest(id: "x"))
    try other.setParent(window)
    let replacement = window.add(
      AlertRequest(id: "x", after: ["x"], duplicates: .replaceExisting))
    #expect(replacement.endedOutcome == .cancelled(.dependencyCycle(["x", "x"])))
    #expect(older.endedOutcome == nil)
    #expect(window.alert(withID: "x") === older)
    #expect(window.checkInvariants() == [])
    older.cancel()
    #expect(window.alert(withID: "x") === newer)
    let duplicate = window.add(AlertRequest(id: "x", priority: .low))
    #expect(duplicate.endedOutcome == .cancelled(.duplicate(of: "x")))
    #expect(window.invariantViolations == [])
  }

  @Test("A join that closes a dependency cycle ends the newest alert of the cycle")
  func joinClosesCycle() throws {
    let (window, other) = Self.pausedRoots()
    let older = window.add(AlertRequest(id: "x", after: ["y"]))
    let newer = other.add(AlertRequest(id: "y", after: ["x"]))
    // Each domain accepted its alert: the other id was unknown there.
    #expect(older.endedOutcome == nil && newer.endedOutcome == nil)
    try other.setParent(window)
    #expect(newer.endedOutcome == .cancelled(.dependencyCycle(["y", "x", "y"])))
    #expect(older.endedOutcome == nil)
    window.resume()
    #expect(older.state == .showing)
    #expect(window.invariantViolations == [])
  }

  @Test("A cycle through an alert that shares an id after a join is refused when it would close")
  func cycleThroughSharer() throws {
    let (window, other) = Self.pausedRoots()
    let holder = other.add(AlertRequest(id: "x"))
    let sharer = window.add(AlertRequest(id: "x", after: ["y"]))
    try other.setParent(window)
    #expect(window.alert(withID: "x") === holder)
    let closing = window.add(AlertRequest(id: "y", after: ["x"]))
    #expect(closing.endedOutcome == .cancelled(.dependencyCycle(["y", "x", "y"])))
    holder.cancel()
    window.resume()
    #expect(sharer.state == .showing)
    #expect(window.invariantViolations == [])
  }

  /// After a join, the older of two alerts sharing an id holds it; when it ends, the other
  /// alert, still unfinished, must hold the id (stress seed 5, episode 23, with a check of the
  /// table of ids).
  @Test("Two alerts that share an id after a join: when the older ends, the other holds the id")
  func sharedIDAfterJoin() throws {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    let window = AlertDispatch(name: "window", clock: clock, presenter: presenter)
    let other = AlertDispatch(name: "other", clock: clock, presenter: presenter)
    window.pause()
    let older = window.add(AlertRequest(id: "x"))
    let dependent = window.add(AlertRequest(id: "after-x", after: ["x"]))
    let newer = other.add(AlertRequest(id: "x"))
    try other.setParent(window)
    #expect(window.alert(withID: "x") === older)
    older.cancel()
    #expect(window.alert(withID: "x") === newer)
    #expect(window.explain("after-x") == .waitingForDependencies(["x"]))
    let duplicate = window.add(AlertRequest(id: "x"))
    #expect(duplicate.endedOutcome == .cancelled(.duplicate(of: "x")))
    newer.cancel()
    #expect(window.alert(withID: "x") == nil)
    window.resume()
    #expect(dependent.state == .showing)
    #expect(window.invariantViolations == [])
  }

  /// An alert animating out keeps its place until it is gone, and cannot be hidden: a join
  /// over capacity steps back the alert that is up, which comes back once the other is gone.
  @Test("A join over capacity steps back the alert up, not the one animating out")
  func joinStepsBackTheAlertUpNotTheOneLeaving() throws {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    presenter.dismissDuration = .milliseconds(300)
    let window = AlertDispatch(name: "window", clock: clock, presenter: presenter)
    let other = AlertDispatch(name: "other", clock: clock, presenter: presenter)
    let up = window.add(AlertRequest(id: "up"))
    let leaving = other.add(AlertRequest(id: "leaving", priority: .low))
    leaving.cancel()
    #expect(leaving.state == .dismissing)
    try other.setParent(window)
    #expect(up.state == .suspended)
    #expect(leaving.state == .dismissing)
    clock.advance(by: .milliseconds(300))
    #expect(leaving.endedOutcome == .cancelled(.cancelledByApp))
    #expect(up.state == .showing)
    #expect(window.invariantViolations == [])
  }

  /// Stress seed 7 (1,000,000 steps), episode 2823: the replacement kept the id, so the next
  /// replacement replaced it and left the older alert up.
  @Test(
    "After a join, a replacement replaces the oldest alert with the id; the next, the next oldest")
  func replacementsAfterJoinTakeTheOldestFirst() throws {
    let (window, other) = Self.pausedRoots()
    let oldest = other.add(AlertRequest(id: "x"))
    let older = window.add(AlertRequest(id: "x"))
    try other.setParent(window)
    let first = window.add(AlertRequest(id: "x", duplicates: .replaceExisting))
    #expect(oldest.endedOutcome == .cancelled(.replaced(by: "x")))
    #expect(older.endedOutcome == nil)
    #expect(window.alert(withID: "x") === older)
    let second = window.add(AlertRequest(id: "x", duplicates: .replaceExisting))
    #expect(older.endedOutcome == .cancelled(.replaced(by: "x")))
    #expect(first.endedOutcome == nil)
    #expect(window.alert(withID: "x") === first)
    first.cancel()
    #expect(window.alert(withID: "x") === second)
    #expect(window.invariantViolations == [])
  }
}

@MainActor
@Suite("Calls queued during a pass", .timeLimit(.minutes(1)))
struct QueuedCallTests {
  init() {
    AlertDispatch.checksInvariants = true
    AlertDispatch.diagnosticHandler = { _ in }
  }

  /// A call queued during a pass can hold the last reference to a dispatch. The engine must
  /// let go of a call once it ran, not when the queue empties: the dispatch's deinit queues
  /// work of its own, and running it while the queue is being emptied is a simultaneous access.
  @Test("A dispatch whose last reference is a queued call is released cleanly after the call")
  func lastReferenceInQueuedCall() throws {
    let clock = VirtualClock()
    let root = AlertDispatch(name: "root", clock: clock)
    var child: AlertDispatch? = AlertDispatch(name: "child", clock: clock)
    try child?.setParent(root)
    root.presenter = ClosurePresenter(present: { alert in
      // Two calls queued during the pass; the first holds the child's last reference.
      if let queued = child {
        child = nil
        queued.pause()
        alert.didDismiss(result: .closed)
      }
      return .presented
    })
    let first = root.add(AlertRequest(id: "first"))
    #expect(first.endedOutcome == .dismissed(.closed))
    #expect(root.children.isEmpty)
    #expect(root.invariantViolations == [])
    let second = root.add(AlertRequest(id: "second"))
    #expect(second.state == .showing)
  }
}
