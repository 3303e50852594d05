import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// A clock, a recording presenter and the roots under test; checks the invariants after every
/// pass and that every alert ended exactly once.
@MainActor
final class Fixture {
  let clock = VirtualClock()
  let transcript = Transcript()
  let presenter: RecordingPresenter
  private(set) var roots: [AlertDispatch] = []
  private(set) var handles: [AlertHandle] = []
  private var endCounts: [ObjectIdentifier: Int] = [:]
  var diagnostics: [String] = []
  /// Set by tests that build tabs: selects a tab and asks for a pass.
  var selectTab: (Int) -> Void = { _ in }

  /// The settings of the fixture's dispatches: this test's alone, whatever others run at once.
  let settings: AlertDispatchSettings

  init(checksInvariants: Bool = true) {
    // The process-wide defaults, for dispatches a test makes without the fixture: every suite
    // sets them alike.
    AlertDispatch.checksInvariants = true
    AlertDispatch.diagnosticHandler = { _ in }
    settings = AlertDispatchSettings(checksInvariants: checksInvariants) { _ in }
    presenter = RecordingPresenter(transcript: transcript, clock: clock)
  }

  /// A dispatch on this fixture's clock. Roots get the presenter and are watched for outcomes.
  func dispatch(_ name: String, parent: AlertDispatch? = nil, visible: Bool = true)
    -> AlertDispatch
  {
    let dispatch = AlertDispatch(name: name, isVisible: visible, clock: clock)
    dispatch.settings = settings
    if let parent {
      try! dispatch.setParent(parent)
    } else {
      dispatch.presenter = presenter
      presenter.observeOutcomes(of: dispatch)
      dispatch.observe { [weak self] event in
        if case .diagnostic(let message) = event.kind { self?.diagnostics.append(message) }
      }
      roots.append(dispatch)
    }
    return dispatch
  }

  /// Adds an alert and counts its outcomes.
  @discardableResult
  func add(
    _ id: AlertID, to dispatch: AlertDispatch, priority: AlertPriority = .normal,
    after: [AlertID] = [], lane: AlertLane = .modal, interruption: InterruptionPolicy = .suspend,
    preemption: PreemptionPolicy = .preempt, style: PresentationStyle = .hideOthers,
    readiness: Readiness = .ready,
    duplicates: DuplicatePolicy = .keepExisting, timing: AlertTiming = AlertTiming(),
    placement: LinePlacement = .back, showNowOrDrop: Bool = false
  ) -> AlertHandle {
    let request = AlertRequest(
      id: id, priority: priority, after: after, lane: lane, interruption: interruption,
      preemption: preemption, style: style, readiness: readiness, duplicates: duplicates,
      timing: timing, placement: placement, showNowOrDrop: showNowOrDrop)
    return track(dispatch.add(request))
  }

  @discardableResult
  func track(_ handle: AlertHandle) -> AlertHandle {
    handles.append(handle)
    let key = ObjectIdentifier(handle)
    handle.onEnd { [weak self] _ in self?.endCounts[key, default: 0] += 1 }
    return handle
  }

  /// The lines recorded since the last call.
  func take() -> [String] { transcript.take() }

  /// Fails the test if the recorded lines differ from `expected`; clears them.
  func expect(
    _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let actual = transcript.take()
    if let diff = Transcript.diff(expected: expected, actual: actual) {
      Issue.record(Comment(rawValue: diff), sourceLocation: sourceLocation)
    }
  }

  /// Has `verify()` check the invariants of `root` too: a root the test built itself, with a
  /// presenter of its own.
  func watch(_ root: AlertDispatch) {
    roots.append(root)
  }

  /// Checks invariants and exactly-once outcomes: call at the end of every test. A test that
  /// breaks an invariant on purpose asserts the violations itself and passes `invariants: false`.
  func verify(
    allEnded: Bool = false, invariants: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for root in roots where invariants {
      #expect(root.invariantViolations == [], sourceLocation: sourceLocation)
      #expect(root.checkInvariants() == [], sourceLocation: sourceLocation)
    }
    for handle in handles {
      let count = endCounts[ObjectIdentifier(handle)] ?? 0
      #expect(count <= 1, "alert \(handle.id) ended \(count) times", sourceLocation: sourceLocation)
      if handle.state.isEnded {
        #expect(
          count == 1, "alert \(handle.id) ended without outcome", sourceLocation: sourceLocation)
      } else if allEnded {
        Issue.record(
          "alert \(handle.id) has not ended: \(handle.state)", sourceLocation: sourceLocation)
      }
    }
  }
}

/// A small deterministic generator for the tests that draw random calls.
struct TestGenerator {
  var state: UInt64

  /// A number in `0..<bound`.
  mutating func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }
}
