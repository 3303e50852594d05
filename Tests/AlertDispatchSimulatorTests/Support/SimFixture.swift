import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// A simulator under test: adds alerts and counts their outcomes, asserts the transcript in
/// parts that together cover all of it, and checks the invariants and exactly-once outcomes.
@MainActor
final class SimFixture {
  let sim: Simulator
  private(set) var handles: [AlertHandle] = []
  private var endCounts: [ObjectIdentifier: Int] = [:]

  /// A simulator whose windows are one domain each, or, with `linksByDefault: false`, whose
  /// every dispatch is a domain of its own (for tests of several domains side by side).
  init(transitionDuration: Duration = .milliseconds(350), linksByDefault: Bool = true) {
    sim = Simulator(
      transitionDuration: transitionDuration, linksByDefault: linksByDefault,
      settings: AlertDispatchSettings(checksInvariants: true) { _ in })
  }

  var window: Window { sim.window }
  var presenter: RecordingPresenter { sim.presenter }

  /// Adds an alert to `dispatch` and counts its outcomes.
  @discardableResult
  func add(
    _ id: AlertID, to dispatch: AlertDispatch, priority: AlertPriority = .normal,
    after: [AlertID] = [], lane: AlertLane = .modal, style: PresentationStyle = .hideOthers,
    readiness: Readiness = .ready, timing: AlertTiming = AlertTiming()
  ) -> AlertHandle {
    let request = AlertRequest(
      id: id, priority: priority, after: after, lane: lane, style: style, readiness: readiness,
      timing: timing)
    let handle = dispatch.add(request)
    handles.append(handle)
    let key = ObjectIdentifier(handle)
    handle.onEnd { [weak self] _ in self?.endCounts[key, default: 0] += 1 }
    return handle
  }

  /// Adds an alert to a screen's dispatch.
  @discardableResult
  func add(
    _ id: AlertID, to screen: Screen, priority: AlertPriority = .normal, after: [AlertID] = [],
    lane: AlertLane = .modal, style: PresentationStyle = .hideOthers,
    timing: AlertTiming = AlertTiming()
  ) -> AlertHandle {
    add(
      id, to: screen.dispatch, priority: priority, after: after, lane: lane, style: style,
      timing: timing)
  }

  /// Moves the clock by `seconds`.
  func advance(_ seconds: Double) {
    sim.advance(by: .milliseconds(Int((seconds * 1000).rounded())))
  }

  /// Fails the test if the lines recorded since the last call differ from `expected`.
  func expect(_ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = sim.transcript.take()
    if let diff = Transcript.diff(expected: expected, actual: actual) {
      Issue.record(Comment(rawValue: diff), sourceLocation: sourceLocation)
    }
  }

  /// Checks that every line was asserted, that no invariant was broken, and that every alert
  /// ended at most once (exactly once if it ended): call at the end of every test.
  func verify(sourceLocation: SourceLocation = #_sourceLocation) {
    expect([], sourceLocation: sourceLocation)
    #expect(sim.invariantViolations() == [], sourceLocation: sourceLocation)
    for handle in handles {
      let count = endCounts[ObjectIdentifier(handle)] ?? 0
      #expect(count <= 1, "alert \(handle.id) ended \(count) times", sourceLocation: sourceLocation)
      if handle.state.isEnded {
        #expect(count == 1, "alert \(handle.id) ended silently", sourceLocation: sourceLocation)
      }
    }
  }
}
