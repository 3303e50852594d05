import AlertDispatchKit
import AlertDispatchObservation
import AlertDispatchSimulator
import Observation
import Synchronization
import Testing

extension AlertLane {
  /// Toasts beside the modal lane, any number at once.
  static let toast = AlertLane("toast", capacity: .unlimited)
  /// One toast at a time.
  static let banner = AlertLane("banner")
  /// Sheets, whose view reports when one is fully gone.
  static let sheet = AlertLane("sheet")
}

/// A screen as a SwiftUI view would drive it: one dispatch on a virtual clock and the
/// observable presenter, with outcomes collected by id.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class ObservedScreen {
  let clock = VirtualClock()
  let presenter: ObservablePresenter
  let dispatch: AlertDispatch
  private(set) var outcomes: [AlertID: AlertOutcome] = [:]

  /// A screen not yet on display: no view attached, the dispatch not visible.
  init(reportingGoneIn lanes: [AlertLane] = [.sheet]) {
    AlertDispatch.checksInvariants = true
    AlertDispatch.diagnosticHandler = { _ in }
    presenter = ObservablePresenter(reportingGoneIn: lanes)
    dispatch = AlertDispatch(name: "home", isVisible: false, clock: clock, presenter: presenter)
  }

  /// The view appears: `onAppear` attaches, then the screen appears.
  func viewAppears() {
    presenter.attach()
    dispatch.appear()
  }

  /// The view goes away: `onDisappear` makes the screen disappear, then detaches.
  func viewDisappears() {
    dispatch.disappear()
    presenter.detach()
  }

  /// A view already on display.
  static func onDisplay(reportingGoneIn lanes: [AlertLane] = [.sheet]) -> ObservedScreen {
    let screen = ObservedScreen(reportingGoneIn: lanes)
    screen.viewAppears()
    return screen
  }

  @discardableResult
  func add(
    _ id: AlertID, priority: AlertPriority = .normal, lane: AlertLane = .modal,
    interruption: InterruptionPolicy = .suspend, style: PresentationStyle = .hideOthers,
    timing: AlertTiming = AlertTiming(), buttons: [String] = ["OK"]
  ) -> AlertHandle {
    let request = AlertRequest(
      id: id, priority: priority, lane: lane, interruption: interruption, style: style,
      timing: timing, content: AlertContent(title: id.rawValue, buttons: buttons))
    return dispatch.add(request) { [weak self] outcome in self?.outcomes[id] = outcome }
  }

  /// The ids on screen in `lane`, bottom to top, a covered one as `id (covered)`.
  func shown(_ lane: AlertLane = .modal) -> [String] {
    presenter.alerts(in: lane).map { $0.isCovered ? "\($0.id) (covered)" : "\($0.id)" }
  }

  /// The top alert of `lane`, which must be there.
  func top(_ lane: AlertLane = .modal, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> PresentedAlert
  {
    try #require(presenter[lane: lane], sourceLocation: sourceLocation)
  }

  /// Whether `action` notifies an observer that read `lane`'s alerts, as a SwiftUI body would.
  func observesChange(in lane: AlertLane = .modal, during action: () throws -> Void) rethrows
    -> Bool
  {
    let changes = ChangeCount()
    withObservationTracking {
      _ = presenter.alerts(in: lane)
    } onChange: {
      changes.record()
    }
    try action()
    return changes.count > 0
  }

  /// Fails the test if a pass broke one of DESIGN.md's invariants.
  func verify(sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(dispatch.invariantViolations.isEmpty, sourceLocation: sourceLocation)
  }
}

/// How many times an observation fired; `onChange` may be called from any thread.
final class ChangeCount: Sendable {
  private let changes = Atomic(0)

  func record() { changes.add(1, ordering: .relaxed) }
  var count: Int { changes.load(ordering: .relaxed) }
}
