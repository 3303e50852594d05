import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// A pass that has nothing to decide shows the app nothing: each test runs a script and compares
/// what the app sees with what it sees when every add asks for one more pass (an invalid add
/// after it), or with what Decisions.md promises.
@MainActor
@Suite("An extra pass shows the app nothing new", .timeLimit(.minutes(1)))
struct ExtraPassEquivalenceTests {
  /// The app's selected tab, which a provider reads.
  final class Selection {
    var dispatch: AlertDispatch
    /// Whether the provider answers no child.
    var none = false
    init(_ dispatch: AlertDispatch) { self.dispatch = dispatch }
  }

  /// How the add after the unannounced provider change is made.
  enum LateAdd: String, CaseIterable, Sendable {
    /// A ready alert on the root, below the one in front: it competes, so it runs a pass
    /// (the chain was built with a provider).
    case competing
    /// Not ready: it does not compete, and skips its pass.
    case pending
    /// Ready but blocked by a dependency on an alert still in the domain: skips its pass.
    case blocked
  }

  /// Two tabs under a root whose provider reads `selection`. The app switches the selection
  /// without `setNeedsArbitration()` and then adds an alert; returns the lines recorded from the
  /// switch on, and the fixture.
  private func providerScript(_ late: LateAdd) -> (lines: [String], fixture: Fixture) {
    let f = Fixture()
    let root = f.dispatch("root")
    let a = f.dispatch("a", parent: root)
    let b = f.dispatch("b", parent: root)
    let selection = Selection(a)
    root.activeChildProvider = { [selection] in selection.dispatch }
    f.add("on a", to: a)
    f.add("on b", to: b)
    f.expect(["present on a @a"])
    // The app breaks the contract: its provider answers another tab, unannounced.
    selection.dispatch = b
    switch late {
    case .competing: f.add("late", to: root, priority: .low)
    case .pending: f.add("late", to: root, readiness: .pending)
    case .blocked: f.add("late", to: root, after: ["on b"])
    }
    let lines = f.take()
    withExtendedLifetime((a, b)) {}
    return (lines, f)
  }

  @Test(
    "An unannounced provider change is picked up at the next event, whatever the add (Decisions.md)",
    arguments: [LateAdd.pending, .blocked])
  func providerChangePickedUpAtNextAdd(_ late: LateAdd) {
    // Decisions.md ("A pass reads a lane only as far as an alert could still go up"): a provider
    // that changes its answer without setNeedsArbitration() is picked up at the next event. So
    // an add that does not compete (pending, or blocked by a dependency) picks the switch up
    // just as an add that competes does.
    let control = providerScript(.competing)
    #expect(control.lines == ["hide on a @a", "present on b @b"])
    control.fixture.verify()
    let late = providerScript(late)
    #expect(late.lines == control.lines)
    late.fixture.verify()
  }

  @Test("Checks on or off, an add after an unannounced wrong provider answer reports it alike")
  func checkerAsksProvider() {
    // The invariant checker builds the chain afresh, which asks every provider on the chain
    // and may emit a diagnostic. The add must emit the same with checks off: its own pass asks
    // the provider, so the app sees the same diagnostic whether or not the checker runs, and
    // the checker hides nothing from the tests.
    func run(checks: Bool) -> [String] {
      let f = Fixture(checksInvariants: checks)
      let root = f.dispatch("root")
      let strangerOne = AlertDispatch(name: "stranger one", clock: f.clock)
      let strangerTwo = AlertDispatch(name: "stranger two", clock: f.clock)
      let selection = Selection(strangerOne)
      root.activeChildProvider = { [selection] in selection.dispatch }
      f.add("front", to: root)
      f.add("behind", to: root, priority: .low)
      let before = f.diagnostics.count
      // Another wrong answer, unannounced; then an add that does not compete.
      selection.dispatch = strangerTwo
      f.add("pending", to: root, readiness: .pending)
      withExtendedLifetime((strangerOne, strangerTwo)) {}
      f.verify()
      return Array(f.diagnostics[before...])
    }
    let expected = [
      "active-child provider of 'root' returned 'stranger two', which is not its child; ignored"
    ]
    #expect(run(checks: true) == expected)
    #expect(run(checks: false) == expected)
  }

  // MARK: - A differential check of contract-abiding scripts

  // Random scripts (no unannounced provider change) run twice: as they are, and with every add
  // followed by an invalid add, which asks for one more pass. The oracle compares what the app
  // sees, so a pass that decided something the pass before it should have shows as a
  // difference in the transcripts.

  /// One operation of a random script (indices are resolved when run).
  enum Op {
    case add(dispatch: Int, request: AlertRequest)
    case ready(Int)
    case cancel(Int)
    case tap(Int)
    case advance(Duration)
    case visible(dispatch: Int, Bool)
    case pause(dispatch: Int, Bool)
    case select(Int?)
    case move(toTab: Bool)
    case refuse(Bool)
    /// The add is made from the presenter's next `present` (during a pass), or, with
    /// `onEndOf`, from the completion of that alert (when it ends, during an action or a pass).
    case reentrantAdd(dispatch: Int, request: AlertRequest, onEndOf: Int?)
    /// A temporary dispatch pushed on `pushed` (on the chain when tabA is), or released: at once,
    /// or from the presenter's next `present` (during a pass).
    case temporary(create: Bool, duringPass: Bool)
  }

  private static func script(seed: UInt64, count: Int) -> [Op] {
    var g = TestGenerator(state: seed)
    let ids = (0..<10).map { AlertID(stringLiteral: "a\($0)") }
    let lanes = [
      AlertLane.modal, AlertLane("toast", capacity: .limited(2)),
      AlertLane("spaced", minimumGap: .seconds(2)),
    ]
    let priorities: [AlertPriority] = [.low, .normal, .high, .critical]
    var ops: [Op] = []
    for _ in 0..<count {
      switch g.next(20) {
      case 0..<8:
        var timing = AlertTiming()
        if g.next(8) == 0 { timing.delay = .milliseconds(500 * (1 + g.next(4))) }
        if g.next(8) == 0 { timing.expiry = .seconds(1 + g.next(5)) }
        if g.next(6) == 0 { timing.autoDismiss = .seconds(1 + g.next(4)) }
        if g.next(10) == 0 { timing.readinessDeadline = .seconds(1 + g.next(3)) }
        let request = AlertRequest(
          id: ids[g.next(ids.count)], priority: priorities[g.next(4)],
          after: g.next(5) == 0 ? [ids[g.next(ids.count)]] : [], lane: lanes[g.next(3)],
          interruption: [.suspend, .suspend, .cancel, .never][g.next(4)],
          style: g.next(4) == 0 ? .cover : .hideOthers,
          readiness: g.next(5) == 0 ? .pending : .ready,
          duplicates: g.next(3) == 0 ? .replaceExisting : .keepExisting, timing: timing,
          cap: g.next(6) == 0
            ? FrequencyCap(
              2, per: g.next(2) == 0 ? .ever : .launch, key: "k\(g.next(2))",
              countsWhen: g.next(2) == 0 ? .shown : .dismissed) : nil)
        switch g.next(6) {
        case 0: ops.append(.reentrantAdd(dispatch: g.next(7), request: request, onEndOf: nil))
        case 1:
          ops.append(
            .reentrantAdd(dispatch: g.next(7), request: request, onEndOf: g.next(1_000)))
        default: ops.append(.add(dispatch: g.next(7), request: request))
        }
      case 8: ops.append(.ready(g.next(1_000)))
      case 9: ops.append(.cancel(g.next(1_000)))
      case 10, 11: ops.append(.tap(g.next(1_000)))
      case 12, 13: ops.append(.advance(.milliseconds(100 * (1 + g.next(30)))))
      case 14: ops.append(.visible(dispatch: 1 + g.next(5), g.next(3) != 0))
      case 15: ops.append(.pause(dispatch: g.next(6), g.next(2) == 0))
      case 16: ops.append(.select(g.next(3) == 0 ? nil : g.next(2)))
      case 17: ops.append(.refuse(g.next(3) == 0))
      case 18: ops.append(.temporary(create: g.next(2) == 0, duringPass: g.next(2) == 0))
      default: ops.append(.move(toTab: g.next(2) == 0))
      }
    }
    return ops
  }

  /// Runs `ops`; when `forcing`, every add that ran no pass is followed by the pass it skipped,
  /// asked for by adding an invalid request to the same dispatch (it ends at once, which asks
  /// its root for a plain pass; its lines are left out). Returns what the app saw.
  private func run(_ ops: [Op], forcing: Bool, animated: Bool, provider: Bool) -> [String] {
    let f = Fixture()
    if animated {
      f.presenter.presentDuration = .milliseconds(300)
      f.presenter.dismissDuration = .milliseconds(200)
    }
    let window = f.dispatch("window")
    let tabA = f.dispatch("tabA", parent: window)
    let tabB = f.dispatch("tabB", parent: window)
    let pushed = f.dispatch("pushed", parent: tabA)
    tabA.activeChild = pushed
    let selection = Selection(tabA)
    if provider {
      // The app announces every change of its provider's answer, as the contract asks.
      window.activeChildProvider = { [selection] in selection.none ? nil : selection.dispatch }
    } else {
      window.activeChild = tabA
    }
    let other = f.dispatch("other")
    let moving = f.dispatch("moving", parent: other)
    other.activeChild = moving
    let dispatches = [window, tabA, tabB, pushed, other, moving]
    window.frequencyPolicy = FrequencyPolicy(appVersion: "1")
    other.frequencyPolicy = FrequencyPolicy(appVersion: "1")
    var handles: [AlertHandle] = []
    var log: [String] = []
    var temporary: AlertDispatch?
    var hooks: [() -> Void] = []
    // Runs the hooks from the presenter's next `present`, during a pass.
    f.presenter.refuseWhen = { _ in
      let due = hooks
      hooks = []
      for hook in due { hook() }
      return nil
    }
    /// The dispatch at `index` (the temporary one last, or `pushed` without it).
    func dispatch(_ index: Int) -> AlertDispatch {
      index < dispatches.count ? dispatches[index] : temporary ?? pushed
    }
    /// An add made while a pass or an action runs: it waits in line, and so does the invalid
    /// add that follows it when forcing, which then asks for the pass the add may skip.
    func queuedAdd(_ target: AlertDispatch, _ request: AlertRequest) {
      handles.append(f.track(target.add(request)))
      if forcing { target.add(AlertRequest(id: "force", category: "")) }
    }
    for op in ops {
      switch op {
      case .add(let index, let request):
        handles.append(f.track(dispatch(index).add(request)))
        if forcing { dispatch(index).add(AlertRequest(id: "force", category: "")) }
      case .reentrantAdd(let index, let request, let onEndOf):
        let target = dispatch(index)
        if let onEndOf, !handles.isEmpty, !handles[onEndOf % handles.count].state.isEnded {
          handles[onEndOf % handles.count].onEnd { _ in queuedAdd(target, request) }
        } else {
          hooks.append { queuedAdd(target, request) }
        }
      case .temporary(let create, let duringPass):
        if create {
          guard temporary == nil else { break }
          let made = f.dispatch("temporary", parent: pushed)
          pushed.activeChild = made
          temporary = made
        } else if duringPass {
          hooks.append { temporary = nil }
        } else {
          temporary = nil
        }
      case .ready(let n): if !handles.isEmpty { handles[n % handles.count].markReady() }
      case .cancel(let n): if !handles.isEmpty { handles[n % handles.count].cancel() }
      case .tap(let n):
        let up = f.presenter.onScreenIDs
        if !up.isEmpty { f.presenter.tap(up[n % up.count], "OK") }
      case .advance(let duration): f.clock.advance(by: duration)
      case .visible(let index, let visible):
        if visible { dispatches[index].appear() } else { dispatches[index].disappear() }
      case .pause(let index, let paused):
        if paused { dispatches[index].pause() } else { dispatches[index].resume() }
      case .select(let tab):
        if provider {
          selection.none = tab == nil
          if let tab { selection.dispatch = [tabA, tabB][tab] }
          window.setNeedsArbitration()
        } else {
          window.activeChild = tab.map { [tabA, tabB][$0] }
        }
      case .move(let toTab):
        try? moving.setParent(toTab ? tabB : other)
        if toTab { tabB.activeChild = moving } else { other.activeChild = moving }
      case .refuse(let refusing): f.presenter.refusal = refusing ? "busy" : nil
      }
      log += f.take().filter { !$0.contains("force") }
    }
    f.presenter.refusal = nil
    hooks = []
    temporary = nil
    f.clock.advance(by: .seconds(60))
    log += f.take().filter { !$0.contains("force") }
    log += f.diagnostics.filter { !$0.contains("force") }.map { "diagnostic: \($0)" }
    log += handles.map { "\($0.id): \($0.state)" }
    f.verify()
    return log
  }

  @Test(
    "Adds with and without an extra pass show the app the same (providers announced)",
    arguments: 0..<40)
  func differential(seed: Int) {
    let ops = Self.script(seed: UInt64(seed) &* 0x9E37_79B9 &+ 17, count: 250)
    let animated = seed % 2 == 1
    let provider = seed % 4 >= 2
    let plain = run(ops, forcing: false, animated: animated, provider: provider)
    let forced = run(ops, forcing: true, animated: animated, provider: provider)
    if let diff = Transcript.diff(expected: forced, actual: plain) {
      Issue.record(Comment(rawValue: diff))
    }
  }
}
