import AlertDispatchKit
import AlertDispatchSimulator
import Dispatch
import Testing

/// A dispatch released from a completion, a presenter or a provider, while a pass runs or
/// waits: the pass sees the tree it began with, and nothing freed is touched afterwards.
@MainActor
@Suite("Leaks: a dispatch released during a pass or while its pass waits", .timeLimit(.minutes(1)))
struct ReleaseDuringPassTests {
  init() {
    AlertDispatch.diagnosticHandler = { _ in }
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
    toast?.didDismiss(result: .closed)
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
}
