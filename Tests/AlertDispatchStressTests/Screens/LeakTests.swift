import AlertDispatchKit
import AlertDispatchSimulator
import Dispatch
import Testing

@MainActor
@Suite("Leaks")
struct LeakTests {
  init() {
    AlertDispatch.diagnosticHandler = { _ in }
  }

  @Test("An alert the app dismisses while its presenter still holds it is freed")
  func appDismissedAlertIsFreed() {
    weak var weakAlert: AlertHandle?
    weak var weakPresenter: RecordingPresenter?
    do {
      let clock = VirtualClock()
      let presenter = RecordingPresenter(clock: clock)
      weakPresenter = presenter
      let home = AlertDispatch(name: "home", clock: clock, presenter: presenter)
      let alert = home.add(AlertRequest(id: "a"))
      weakAlert = alert
      // The app's own code reports the alert gone; this presenter never heard of it and keeps
      // it on its screen. The ended alert must not keep the presenter alive in return.
      alert.dismiss(result: "OK")
      #expect(presenter.onScreen.map(\.id) == ["a"])
    }
    #expect(weakAlert == nil)
    #expect(weakPresenter == nil)
  }

  /// A lane queue must not keep the alerts that left the front of a priority bucket until it
  /// drops them in bulk: ended alerts would stay alive while the queue is long.
  @Test("Alerts that end from the front of a long queue are freed while the queue lives")
  func endedFrontAlertsAreFreed() {
    let watch = Watch()
    let clock = VirtualClock()
    var front: AlertHandle?
    let home = AlertDispatch(
      name: "home", clock: clock,
      presenter: ClosurePresenter(present: { alert in
        front = alert
        return .presented
      }))
    do {
      for index in 0..<100 {
        watch.add(home.add(AlertRequest(id: AlertID("a\(index)"))))
      }
      for _ in 0..<40 {
        let alert = front
        front = nil
        alert?.dismiss(result: .closed)
      }
    }
    #expect(home.unfinishedAlerts.count == 60)
    #expect(watch.alive == 60)
  }

  /// Weak references to everything a test created.
  final class Watch {
    struct Entry {
      weak var object: AnyObject?
    }
    var entries: [Entry] = []
    func add(_ object: AnyObject) { entries.append(Entry(object: object)) }
    var alive: Int { entries.count { $0.object != nil } }
  }

  /// The tree, the handles and the passes hold a dispatch's internal node strongly (so that no
  /// retain of it takes the runtime's slow path); releasing the dispatch must still free it.
  @Test("Released dispatches free their nodes, whatever links, providers and alerts they had")
  func nodesAreFreed() throws {
    let before = AlertDispatch.liveNodeCount
    var kept: AlertHandle?
    var orphanOutcome: AlertOutcome?
    do {
      let clock = VirtualClock()
      let presenter = RecordingPresenter(clock: clock)
      let root = AlertDispatch(name: "root", clock: clock, presenter: presenter)
      let tab = AlertDispatch(name: "tab", clock: clock)
      let pages = (0..<3).map { AlertDispatch(name: "page\($0)", clock: clock) }
      try tab.setParent(root)
      for page in pages { try page.setParent(tab) }
      root.activeChildProvider = { tab }
      tab.activeChildProvider = { pages[0] }
      root.add(AlertRequest(id: "root-alert"))
      pages[0].add(AlertRequest(id: "cover", priority: .high, style: .cover))
      pages[1].add(AlertRequest(id: "offstage"))
      tab.add(AlertRequest(id: "pending", readiness: .pending))
      pages[0].add(AlertRequest(id: "ended")).cancel()
      kept = pages[2].add(AlertRequest(id: "kept")) { orphanOutcome = $0 }
      #expect(presenter.onScreen.map(\.id) == ["root-alert", "cover"])
      #expect(AlertDispatch.liveNodeCount == before + 5)
      // The root goes first; the tab and the pages stay alive through its provider until then.
    }
    #expect(AlertDispatch.liveNodeCount == before)
    #expect(kept?.dispatch == nil)
    #expect(orphanOutcome == .cancelled(.ownerClosed))
  }

  @Test("A child released before its parent leaves the parent's tree, and both nodes are freed")
  func childReleasedFirst() throws {
    let before = AlertDispatch.liveNodeCount
    let clock = VirtualClock()
    let root = AlertDispatch(
      name: "root", clock: clock, presenter: RecordingPresenter(clock: clock))
    do {
      let child = AlertDispatch(name: "child", clock: clock)
      try child.setParent(root)
      root.activeChildProvider = { [weak child] in child }
      child.add(AlertRequest(id: "a"))
      #expect(root.children.map(\.name) == ["child"])
    }
    #expect(root.children.isEmpty)
    #expect(AlertDispatch.liveNodeCount == before + 1)
    #expect(root.checkInvariants() == [])
  }

  /// A dispatch whose last reference goes on another thread is deinited later, on the main
  /// actor; in between it is deiniting, and the tree, its children and its alerts still point
  /// to it. Asking for it then must answer `nil`, whether a weak reference to it was formed
  /// before (`askedBefore`) or is formed then (see `FacadeLink`).
  @Test(
    "A dispatch released on another thread reads as gone until its deinit runs",
    arguments: [false, true])
  func releasedOnAnotherThread(askedBefore: Bool) async throws {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    let child = AlertDispatch(name: "child", clock: clock)
    let box = ReleaseBox(AlertDispatch(name: "parent", clock: clock, presenter: presenter))
    let handle = try box.withDispatch { parent in
      try child.setParent(parent)
      let handle = parent.add(AlertRequest(id: "a"))
      if askedBefore {
        #expect(child.parent === parent)
        #expect(handle.dispatch === parent)
        #expect(child.root === parent)
      }
      return handle
    }
    box.releaseOnAnotherThread()
    #expect(child.parent == nil)
    #expect(handle.dispatch == nil)
    #expect(child.root === child)
    #expect(!handle.state.isEnded)
    // Once the main actor is free, the deinit runs and closes the dispatch.
    for _ in 0..<1_000 where !handle.state.isEnded { await Task.yield() }
    #expect(handle.state == .ended(.cancelled(.ownerClosed)))
    #expect(child.parent == nil)
  }

  /// `root` must not climb past a released dispatch still in the tree, where `parent` answers
  /// `nil`. Released during a pass (the node leaves the tree once the pass ends) and released
  /// on another thread (until its deinit runs).
  @Test("root stops below a released dispatch still in the tree, as parent does")
  func rootStopsBelowReleasedDispatch() throws {
    let clock = VirtualClock()
    let child = AlertDispatch(name: "child", clock: clock)
    var middle: AlertDispatch? = AlertDispatch(name: "middle", clock: clock)
    var seen: (parentIsNil: Bool, root: String)?
    let presenter = ClosurePresenter(present: { _ in
      middle = nil
      seen = (child.parent == nil, child.root.name)
      return .presented
    })
    let top = AlertDispatch(name: "top", clock: clock, presenter: presenter)
    try middle?.setParent(top)
    try middle.map { try child.setParent($0) }
    top.add(AlertRequest(id: "a"))
    #expect(seen?.parentIsNil == true)
    #expect(seen?.root == "child")
    #expect(child.root === child)

    let box = ReleaseBox(AlertDispatch(name: "middle", clock: clock))
    try box.withDispatch { middle in
      try middle.setParent(top)
      try child.setParent(middle)
    }
    box.releaseOnAnotherThread()
    #expect(child.parent == nil)
    #expect(child.root === child)
  }

  /// A diagnostic about an ended alert, while its dispatch released on another thread waits
  /// for its deinit, must not go to the dispatch's observers as if it were still there.
  @Test("A diagnostic about an alert whose dispatch is being released names no dispatch")
  func diagnosticWhileDispatchIsReleased() throws {
    var dispatches: [String] = []
    AlertDispatch.diagnosticHandler = { dispatches.append($0.dispatch) }
    defer { AlertDispatch.diagnosticHandler = { _ in } }
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    let box = ReleaseBox(AlertDispatch(name: "screen", clock: clock, presenter: presenter))
    let handle = try box.withDispatch { $0.add(AlertRequest(id: "a")) }
    handle.cancel()
    #expect(handle.state.isEnded)
    dispatches = []
    box.releaseOnAnotherThread()
    #expect(handle.dispatch == nil)
    handle.cancel()
    #expect(dispatches == ["released"])
  }

  /// A root released from a completion handler while its pass is queued must not run that
  /// pass over its old domain, which would hide an alert of its former child for good.
  @Test("A root released while its pass is queued leaves its former child's alert up")
  func rootReleasedFromCompletion() throws {
    let clock = VirtualClock()
    let transcript = Transcript()
    let presenter = RecordingPresenter(transcript: transcript, clock: clock)
    var root: AlertDispatch? = AlertDispatch(name: "root", clock: clock, presenter: presenter)
    let child = AlertDispatch(name: "child", clock: clock, presenter: presenter)
    try child.setParent(root)
    root?.activeChildProvider = { [weak child] in child }
    let alert = child.add(AlertRequest(id: "a"))
    let toast = root?.add(
      AlertRequest(id: "t", lane: AlertLane("toast", capacity: .unlimited))
    ) { _ in root = nil }
    _ = transcript.take()
    try #require(toast != nil)
    toast?.dismiss(result: .closed)
    #expect(root == nil)
    #expect(transcript.take().filter { $0.contains("@child") } == [])
    #expect(alert.state == .showing)
    #expect(child.parent == nil)
    #expect(child.checkInvariants() == [])
  }

  @Test("A coalesced root released before its deferred pass leaves its former child's alert up")
  func coalescedRootReleased() async throws {
    let clock = VirtualClock()
    let transcript = Transcript()
    let presenter = RecordingPresenter(transcript: transcript, clock: clock)
    var root: AlertDispatch? = AlertDispatch(name: "root", clock: clock, presenter: presenter)
    root?.passScheduling = .coalesced
    let child = AlertDispatch(name: "child", clock: clock, presenter: presenter)
    try child.setParent(root)
    root?.activeChildProvider = { [weak child] in child }
    let alert = child.add(AlertRequest(id: "a"))
    root?.add(AlertRequest(id: "later", readiness: .pending))
    root = nil
    for _ in 0..<20 { await Task.yield() }
    #expect(alert.state == .showing)
    #expect(!transcript.take().contains("hide a @child"))
    #expect(child.checkInvariants() == [])
  }

  // A dispatch released during a pass.

  @Test("Nothing of a dispatch released during a pass is presented after the release")
  func noPresentAfterRelease() {
    let clock = VirtualClock()
    var log: [String] = []
    var screen: AlertDispatch?
    let presenter = ClosurePresenter(
      present: { alert in
        log.append("present \(alert.id)")
        if alert.id == "t" {
          screen = nil
          log.append("released")
        }
        return .presented
      },
      dismiss: { alert in log.append("dismiss \(alert.id)") })
    screen = AlertDispatch(name: "screen", clock: clock, presenter: presenter)
    let later = AlertTiming(delay: .seconds(1))
    screen?.add(
      AlertRequest(id: "t", lane: AlertLane("toast", capacity: .unlimited), timing: later))
    let modal = screen?.add(AlertRequest(id: "m", timing: later))
    // The pass comes from the domain's wake-up timer, which holds the node, not the dispatch.
    clock.advance(by: .seconds(1))
    #expect(screen == nil)
    #expect(log == ["present t", "released", "dismiss t"])
    #expect(modal?.state == .ended(.cancelled(.ownerClosed)))
  }

  /// The engine does not retain the roots waiting for a pass: a root freed while it waits
  /// must leave the line, or the pass would run on freed memory (the address sanitizer run of
  /// CI sees it).
  @Test("A root released while it waits for its pass is freed, and its pass does not run")
  func rootReleasedWhileWaitingForPass() {
    let clock = VirtualClock()
    var log: [String] = []
    var other: AlertDispatch? = AlertDispatch(
      name: "other", clock: clock,
      presenter: ClosurePresenter(present: { alert in
        log.append("present \(alert.id)")
        return .presented
      }))
    var late: AlertHandle?
    let presenter = ClosurePresenter(present: { alert in
      log.append("present \(alert.id)")
      if alert.id == "trigger" {
        // Both calls wait until this pass ends: the add then asks for a pass of `other`,
        // which the release that follows frees before that pass can run.
        late = other?.add(AlertRequest(id: "late"))
        other = nil
      }
      return .presented
    })
    let screen = AlertDispatch(name: "screen", clock: clock, presenter: presenter)
    let before = AlertDispatch.liveNodeCount
    screen.add(AlertRequest(id: "trigger"))
    #expect(other == nil)
    #expect(AlertDispatch.liveNodeCount == before - 1)
    #expect(log == ["present trigger"])
    #expect(late?.state == .ended(.cancelled(.ownerClosed)))
    // The engine still runs passes: a later add goes up.
    let next = screen.add(AlertRequest(id: "next", priority: .high))
    #expect(next.state == .showing)
  }

  /// The line of roots waiting for a pass holds them unretained, so a coalesced root's
  /// deferred pass must keep the roots it takes back in line until their passes ran. Otherwise
  /// a root whose dispatch was released that turn is freed there, outside any pass, and its
  /// presenter's release runs app code (here, the release of another dispatch, which drains
  /// the engine) while the line is being changed.
  @Test("A coalesced root freed at its deferred pass frees what its presenter held, in order")
  func coalescedRootFreedAtDeferredPass() async {
    let clock = VirtualClock()
    var d1: AlertDispatch?
    weak var weakHeld: AlertDispatch?
    do {
      // The presenter holds the last reference to another dispatch, as a container's
      // presenter may hold its child screen's.
      let held = AlertDispatch(name: "held", clock: clock)
      weakHeld = held
      d1 = AlertDispatch(
        name: "d1", clock: clock,
        presenter: ClosurePresenter(present: { _ in
          withExtendedLifetime(held) {}
          return .presented
        }))
    }
    d1?.passScheduling = .coalesced
    let d2 = AlertDispatch(
      name: "d2", clock: clock, presenter: ClosurePresenter(present: { _ in .presented }))
    d2.passScheduling = .coalesced
    let a = d2.add(AlertRequest(id: "a"))
    let b = d1?.add(AlertRequest(id: "b"))
    d1 = nil
    for _ in 0..<20 { await Task.yield() }
    #expect(a.state == .showing)
    #expect(b?.state == .ended(.cancelled(.ownerClosed)))
    // Freed with d1's node, whose presenter held it (the node count is not read: other tests
    // run on the main actor while this one waits).
    #expect(weakHeld == nil)
  }

  /// `explain` builds the active chain, which walks the nodes unretained and asks their
  /// providers, outside any pass. A provider that releases its own dispatch there must not free
  /// the node the walk stands on: calls made while `explain` runs wait until it returns, as
  /// calls made during a pass do.
  @Test("A provider that releases its own dispatch during explain frees it once explain returns")
  func providerReleasesItsDispatchDuringExplain() throws {
    let clock = VirtualClock()
    let root = AlertDispatch(
      name: "root", clock: clock, presenter: ClosurePresenter(present: { _ in .presented }))
    var child: AlertDispatch? = AlertDispatch(name: "child", clock: clock)
    try child?.setParent(root)
    root.activeChildProvider = { [weak child] in child }
    var releaseWhenAsked = false
    var nodesRightAfterRelease: Int?
    child?.activeChildProvider = {
      if releaseWhenAsked {
        releaseWhenAsked = false
        child = nil
        nodesRightAfterRelease = AlertDispatch.liveNodeCount
      }
      return nil
    }
    root.add(AlertRequest(id: "a", readiness: .pending))
    let before = AlertDispatch.liveNodeCount
    releaseWhenAsked = true
    #expect(root.explain("a") == .notReady)
    #expect(child == nil)
    // The node lived on while the walk stood on it, and went once `explain` returned.
    #expect(nodesRightAfterRelease == before)
    #expect(AlertDispatch.liveNodeCount == before - 1)
    #expect(root.checkInvariants() == [])
  }

  @Test("A child released during its root's pass leaves no invariant violation behind")
  func invariantsAfterReleaseDuringPass() throws {
    AlertDispatch.checksInvariants = true
    let clock = VirtualClock()
    var child: AlertDispatch?
    let presenter = ClosurePresenter(present: { alert in
      if alert.id == "go" { child = nil }
      return .presented
    })
    let root = AlertDispatch(name: "root", clock: clock, presenter: presenter)
    child = AlertDispatch(name: "child", clock: clock)
    try child?.setParent(root)
    root.activeChildProvider = { [weak child] in child }
    let shown = child?.add(AlertRequest(id: "c"))
    #expect(shown?.state == .showing)
    root.invariantViolations = []
    root.add(AlertRequest(id: "go", lane: AlertLane("toast", capacity: .unlimited)))
    #expect(child == nil)
    #expect(root.invariantViolations == [])
    #expect(shown?.state == .ended(.cancelled(.ownerClosed)))
  }

  @Test(
    "Releasing a dispatch ends the loops over its events, and a stream the app keeps",
    // A guard against a hang only: its loop waits for the main actor, which the other tests
    // keep busy for a few minutes under AddressSanitizer.
    .timeLimit(.minutes(10)))
  func releaseFinishesEvents() async {
    var dispatch: AlertDispatch? = AlertDispatch(name: "x", clock: VirtualClock())
    let iterated = dispatch?.events
    let kept = dispatch?.events
    let loop = Task { @MainActor in
      var count = 0
      for await _ in iterated! { count += 1 }
      return count
    }
    dispatch?.add(AlertRequest(id: "a"))
    dispatch = nil
    // Ends without being cancelled: the release finished the stream.
    #expect(await loop.value >= 1)
    var events = 0
    for await _ in kept! { events += 1 }
    #expect(events >= 1)
  }

  @Test("A completion handler of an alert whose dispatch was released sees the tree as it is")
  func orphanCompletionSeesTheTree() throws {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    var root: AlertDispatch? = AlertDispatch(name: "root", clock: clock, presenter: presenter)
    let child = AlertDispatch(name: "child", clock: clock, presenter: presenter)
    try child.setParent(root)
    root?.activeChildProvider = { [weak child] in child }
    child.add(AlertRequest(id: "c", lane: AlertLane("toast", capacity: .unlimited)))
    var seen: AlertExplanation?
    root?.add(AlertRequest(id: "r")) { _ in seen = child.explain("c") }
    root = nil
    #expect(seen == .showing)
    #expect(child.explain("c") == .showing)
  }

  @Test("Releasing a dispatch closes it: its alerts' ends are events, and start their lane's gap")
  func releaseIsClose() throws {
    let clock = VirtualClock()
    let root = AlertDispatch(
      name: "root", clock: clock, presenter: RecordingPresenter(clock: clock))
    var ended: [String] = []
    root.observe { event in
      if case .ended(let outcome) = event.kind { ended.append("\(event.alertID!): \(outcome)") }
    }
    let lane = AlertLane("banner", minimumGap: .seconds(1))
    do {
      let child = AlertDispatch(name: "child", clock: clock)
      try child.setParent(root)
      root.activeChildProvider = { [weak child] in child }
      child.add(AlertRequest(id: "shown", lane: lane))
      child.add(AlertRequest(id: "queued", lane: lane))
    }
    #expect(ended == ["shown: cancelled(owner closed)", "queued: cancelled(owner closed)"])
    root.add(AlertRequest(id: "next", lane: lane))
    #expect(root.explain("next") == .gap(until: clock.now + .seconds(1)))
  }

  @Test("Closing 10,000 screens with pending alerts frees every dispatch and alert")
  func tenThousandScreens() {
    let watch = Watch()
    var outcomes: [AlertOutcome] = []
    let sim = Simulator()
    let nav = sim.window.setRoot(sim.navigation("nav", root: sim.screen("home")))
    sim.link(sim.window)
    for index in 0..<10_000 {
      do {
        let screen = sim.screen("screen-\(index)")
        nav.push(screen, animated: false)
        watch.add(screen)
        watch.add(screen.dispatch)
        for (id, readiness) in [("shown", Readiness.ready), ("pending", .pending)] {
          let alert = screen.dispatch.add(
            AlertRequest(id: AlertID("\(id)-\(index)"), readiness: readiness)
          ) {
            outcomes.append($0)
          }
          watch.add(alert)
        }
        screen.dispatch.add(AlertRequest(id: AlertID("queued-\(index)"))) { outcomes.append($0) }
      }
      nav.pop(animated: false)
    }
    #expect(watch.entries.count == 40_000)
    #expect(watch.alive == 0)
    #expect(outcomes.count == 30_000)
    #expect(outcomes.allSatisfy { $0 == .cancelled(.ownerClosed) })
    #expect(sim.invariantViolations() == [])
  }

  @Test("Releasing 10,000 dispatches without closing them frees them and ends their alerts")
  func tenThousandReleasedDispatches() {
    let watch = Watch()
    var outcomes = 0
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    let root = AlertDispatch(name: "root", clock: clock, presenter: presenter)
    for index in 0..<10_000 {
      let dispatch = AlertDispatch(name: "d\(index)", clock: clock)
      try? dispatch.setParent(root)
      root.activeChildProvider = { [weak dispatch] in dispatch }
      watch.add(dispatch)
      watch.add(dispatch.add(AlertRequest(id: AlertID("a\(index)"))) { _ in outcomes += 1 })
      watch.add(
        dispatch.add(AlertRequest(id: AlertID("p\(index)"), readiness: .pending)) { _ in
          outcomes += 1
        })
    }
    root.activeChildProvider = nil
    #expect(watch.alive == 0)
    #expect(outcomes == 20_000)
    #expect(root.children.isEmpty)
    #expect(root.checkInvariants() == [])
  }
}

/// Holds the only reference to a dispatch, so that another thread can let go of it.
private final class ReleaseBox: @unchecked Sendable {
  private(set) var dispatch: AlertDispatch?

  init(_ dispatch: AlertDispatch) { self.dispatch = dispatch }

  /// Lends the dispatch to `body`, which must not keep it.
  @MainActor
  func withDispatch<T>(_ body: (AlertDispatch) throws -> T) throws -> T {
    try body(dispatch!)
  }

  /// Lets go of the dispatch on another thread and waits for it there: the main actor stays
  /// busy meanwhile, so that the dispatch's deinit waits until the caller lets it run.
  func releaseOnAnotherThread() {
    let released = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      self.dispatch = nil
      released.signal()
    }
    released.wait()
  }
}
