public import AlertDispatchKit
public import Observation

/// A ready presenter for SwiftUI: it publishes, per lane, the alerts on screen through
/// Observation, and a view draws them and reports what the user did.
///
/// ```swift
/// let sheets = AlertLane("sheet")
/// let presenter = ObservablePresenter(reportingGoneIn: [sheets])
/// let home = AlertDispatch(name: "home", isVisible: false, presenter: presenter)
/// // onAppear:    presenter.attach(); home.appear()
/// // onDisappear: home.disappear(); presenter.detach()
/// // body:        presenter[lane: .modal], presenter[lane: sheets], presenter.alerts(in: toasts)
/// ```
///
/// What it does with each call of ``AlertPresenter``:
/// - ``present(_:)`` puts the alert on top of its lane, while a view is attached (``attach()``).
///   With no view it answers ``PresentationAnswer/cannotPresentNow(_:)`` with
///   `no host: no view is attached to the presenter`, so the alert waits in line instead of
///   going up where no one sees it; the next ``attach()`` asks the domains of the alerts it
///   refused for a pass, and they go up then.
/// - ``hide(_:)`` takes the alert out of what is published; ``restore(_:)`` puts it back in its
///   place in the lane, beneath the alerts that went up after it.
/// - ``dismiss(_:)`` (the framework closes it: preempted, cancelled, auto-dismissed) takes the
///   alert out of what is published and reports it gone as closing from the view does, below.
///
/// Closing from the view, ``close(_:result:)``, takes the alert out of what is published at
/// once. When the framework hears of it depends on the lane, chosen at ``init(reportingGoneIn:)``:
/// by default at once, since `.alert` and a toast overlay have no "fully gone" callback; in the
/// lanes given there, only when the view calls ``didDismiss(in:)`` (from `.sheet`'s
/// `onDismiss`), so that the next sheet does not go up while this one is still animating out.
/// Whatever the lane, an alert that no view shows (hidden, or with no view attached) is reported
/// at once, as no view will call back.
///
/// Detaching does not suspend anything: the presenter cannot suspend an alert, only the
/// framework can. A view that leaves calls its dispatch's ``AlertDispatch/disappear()`` and
/// ``detach()``: the alerts it showed are suspended, hidden here, and restored when the view
/// comes back and calls ``AlertDispatch/appear()``. A view that only detaches leaves its
/// alerts published as they were, so the next view to attach draws them.
///
/// Every alert that ends leaves what is published, however it ended. Each lane is observed on
/// its own: a toast coming and going does not invalidate a view that reads only the modal lane,
/// and a pass that changes nothing on screen changes nothing observed.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class ObservablePresenter: AlertPresenter {
  /// How many views are attached: ``attach()`` calls not matched by ``detach()``.
  public private(set) var hostCount = 0

  /// Whether a view is attached, so that alerts may go up.
  public var isAttached: Bool { hostCount > 0 }

  /// What is published, per lane name: observed per lane through ``shownIn``.
  @ObservationIgnored private var published: [String: [PresentedAlert]] = [:]
  /// Every alert this presenter put up and that has not ended, per lane name.
  @ObservationIgnored private var stacks: [String: LaneStack] = [:]
  /// The lanes whose view reports when an alert is fully gone.
  @ObservationIgnored private let lanesReportingGone: Set<String>
  /// Numbers the presentations, to tell a later alert with the same id apart.
  @ObservationIgnored private var presentations: UInt64 = 0
  /// The domains of alerts refused for want of a view, asked for a pass on ``attach()``.
  @ObservationIgnored private var waitingDomains: [WeakDispatch] = []

  /// Creates a presenter with no view attached.
  ///
  /// - Parameter lanes: The lanes whose view calls ``didDismiss(in:)`` when an alert is fully
  ///   gone (a `.sheet(item:onDismiss:)`); in the others, closing is reported at once.
  public init(reportingGoneIn lanes: [AlertLane] = []) {
    lanesReportingGone = Set(lanes.map(\.name))
  }

  /// The alerts of `lane` on screen, bottom to top; the last ones are in front (as many as the
  /// lane's capacity) and any beneath them are covered. Reading it observes only this lane.
  public func alerts(in lane: AlertLane) -> [PresentedAlert] {
    self[shownIn: lane.name]
  }

  /// The top alert of `lane`, for `.alert(item:)` and `.sheet(item:)` through `@Bindable`.
  ///
  /// Setting `nil` closes that alert with ``AlertResult/closed``, as a sheet swiped away does;
  /// setting an alert does nothing, since only the framework puts alerts up.
  public subscript(lane lane: AlertLane) -> PresentedAlert? {
    get { alerts(in: lane).last }
    set {
      guard newValue == nil, let top = alerts(in: lane).last else { return }
      close(top)
    }
  }

  /// The published alerts of one lane, with its own observation key path.
  private subscript(shownIn name: String) -> [PresentedAlert] {
    access(keyPath: \.[shownIn: name])
    return published[name] ?? []
  }

  /// A view that draws this presenter's alerts is on screen (`onAppear`): alerts may go up.
  ///
  /// Call it before the dispatch's ``AlertDispatch/appear()``. The first view to attach asks
  /// the domains whose alerts were refused for want of one for a pass, so they go up now rather
  /// than at their next retry.
  public func attach() {
    hostCount += 1
    guard hostCount == 1 else { return }
    let domains = waitingDomains.compactMap(\.dispatch)
    waitingDomains = []
    for domain in domains { domain.setNeedsArbitration() }
  }

  /// The view is gone (`onDisappear`); call the dispatch's ``AlertDispatch/disappear()`` first,
  /// which suspends its alerts. When the last view detaches, new alerts wait, and alerts being
  /// taken down are reported gone, as no view is left to report them.
  public func detach() {
    guard hostCount > 0 else { return }
    hostCount -= 1
    guard hostCount == 0 else { return }
    for lane in stacks.keys.sorted() { reportLeaving(in: lane) }
  }

  /// The user closed `alert` (tapped a button, swiped it away) with `result`.
  ///
  /// It leaves what is published now. The framework hears of it (and the next alert may go up)
  /// at once, or, in a lane given to ``init(reportingGoneIn:)``, when the view calls
  /// ``didDismiss(in:)``. Closing an alert that is no longer on screen does nothing.
  public func close(_ alert: PresentedAlert, result: AlertResult = .closed) {
    guard let entry = stacks[alert.lane]?.entry(presentation: alert.presentation),
      entry.phase == .visible
    else { return }
    leave(entry, in: alert.lane, result: result)
  }

  /// The view's alert of `lane` is fully gone (`.sheet(item:onDismiss:)`'s `onDismiss`): the
  /// alerts of the lane that were closed, by the user or by the framework, are reported gone.
  public func didDismiss(in lane: AlertLane) {
    reportLeaving(in: lane.name)
  }

  /// Puts the alert on top of its lane, or answers `no host: no view is attached to the
  /// presenter` while no view is attached.
  public func present(_ alert: AlertHandle) -> PresentationAnswer {
    guard isAttached else {
      if let domain = alert.dispatch?.root,
        !waitingDomains.contains(where: { $0.dispatch === domain })
      {
        waitingDomains.append(WeakDispatch(dispatch: domain))
      }
      return .cannotPresentNow("no host: no view is attached to the presenter")
    }
    presentations += 1
    let lane = alert.request.lane.name
    let presentation = presentations
    stacks[lane, default: LaneStack()].push(alert, presentation: presentation)
    alert.onEnd { [weak self] _ in self?.forget(presentation, in: lane) }
    publish(lane)
    return .presented
  }

  /// Takes the alert out of what is published; it keeps its place in its lane.
  public func hide(_ alert: AlertHandle) {
    move(alert, from: .visible, to: .hidden)
  }

  /// Publishes a hidden alert again, in its place.
  public func restore(_ alert: AlertHandle) {
    move(alert, from: .hidden, to: .visible)
  }

  /// Takes the alert out of what is published and reports it gone: at once, or in a lane given
  /// to ``init(reportingGoneIn:)`` when the view calls ``didDismiss(in:)``.
  public func dismiss(_ alert: AlertHandle) {
    let lane = alert.request.lane.name
    guard let entry = stacks[lane]?.entry(for: alert) else { return alert.didDismiss() }
    switch entry.phase {
    case .visible: leave(entry, in: lane, result: nil)
    case .hidden: alert.didDismiss()  // no view shows it; it leaves the lane when it ends
    case .leaving: break  // reported when the view says it is gone
    }
  }

  /// Takes a visible alert down: reported now, or marked leaving until the view reports it.
  private func leave(_ entry: LaneStack.Entry, in lane: String, result: AlertResult?) {
    if lanesReportingGone.contains(lane) && isAttached {
      stacks[lane]?.move(entry.presentation, from: .visible, to: .leaving(result))
      publish(lane)
    } else {
      stacks[lane]?.remove(entry.presentation)
      publish(lane)
      report(entry.alert, result: result)
    }
  }

  /// Reports the leaving alerts of `lane` gone.
  private func reportLeaving(in lane: String) {
    guard let leaving = stacks[lane]?.removeLeaving() else { return }
    for entry in leaving {
      guard case .leaving(let result) = entry.phase else { continue }
      report(entry.alert, result: result)
    }
  }

  /// Tells the framework the alert's UI is gone, with the user's result if the view closed it.
  /// The state is up to date before: the framework may present the next alert right away.
  private func report(_ alert: AlertHandle, result: AlertResult?) {
    if let result { alert.didDismiss(result: result) } else { alert.didDismiss() }
  }

  private func move(_ alert: AlertHandle, from: LaneStack.Phase, to phase: LaneStack.Phase) {
    let lane = alert.request.lane.name
    guard let entry = stacks[lane]?.entry(for: alert) else { return }
    stacks[lane]?.move(entry.presentation, from: from, to: phase)
    publish(lane)
  }

  /// An alert ended, however it ended: it leaves the lane.
  private func forget(_ presentation: UInt64, in lane: String) {
    guard stacks[lane]?.remove(presentation) != nil else { return }
    publish(lane)
  }

  /// Publishes what `lane` shows now, notifying its observers only if that changed.
  private func publish(_ lane: String) {
    if stacks[lane]?.isEmpty == true { stacks[lane] = nil }
    let shown = stacks[lane]?.shown ?? []
    guard shown != published[lane] ?? [] else { return }
    withMutation(keyPath: \.[shownIn: lane]) {
      published[lane] = shown.isEmpty ? nil : shown
    }
  }
}

/// A domain held weakly, so that an alert refused for want of a view keeps no screen alive.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
struct WeakDispatch {
  weak var dispatch: AlertDispatch?
}
