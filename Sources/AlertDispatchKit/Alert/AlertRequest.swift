/// Everything AlertDispatch needs to know to schedule one alert: a plain value you build and pass
/// to ``AlertDispatch/add(_:presenter:completion:)``.
///
/// ```swift
/// let request = AlertRequest(
///   id: "push-permission",
///   priority: .high,
///   after: ["welcome"],
///   content: AlertContent(title: "Turn on notifications?", buttons: ["Not now", "Allow"])
/// )
/// let handle = screen.dispatch.add(request)
/// ```
public struct AlertRequest: Sendable, Equatable {
  /// The alert's id; unique within a domain (see ``duplicates``).
  public var id: AlertID
  /// How important it is. Higher goes first; equal priorities go in the order added.
  public var priority: AlertPriority
  /// Ids of alerts that must end (dismissed or cancelled) before this one may show.
  ///
  /// They are looked up over the whole domain tree. An id that names no unfinished alert of the
  /// domain does not block, unless ``waitsForUnadded`` is set.
  public var dependencies: [AlertID]
  /// The exclusion group the alert competes in.
  public var lane: AlertLane
  /// What happens to this alert when a strictly higher one wants its place.
  public var interruption: InterruptionPolicy
  /// Whether this alert takes the place of a lower alert in front of its lane, or waits for
  /// room (see ``PreemptionPolicy``).
  public var preemption: PreemptionPolicy
  /// How this alert goes up over the alerts it preempts.
  public var style: PresentationStyle
  /// Whether the alert may show as soon as it is added, or waits for ``AlertHandle/markReady()``.
  public var readiness: Readiness
  /// What happens when the domain already has an unfinished alert with this id that is not
  /// being dismissed (one animating out is no duplicate's original: the newcomer queues behind
  /// it).
  public var duplicates: DuplicatePolicy
  /// Deadlines and durations; see ``AlertTiming``.
  public var timing: AlertTiming
  /// What the presenter shows, unless ``AlertHandle/markReady(content:)`` replaces it;
  /// AlertDispatch itself never reads it. Presenters read ``AlertHandle/content``, which is
  /// this or the replacement.
  public var content: AlertContent
  /// How often the alert may go up, counted in the domain's ``FrequencyPolicy``; `nil` for no
  /// cap. See ``FrequencyCap``.
  public var cap: FrequencyCap?
  /// The category whose ``FrequencyPolicy/budgets`` budget the alert counts against, such as
  /// `"promotion"`; `nil` for none.
  public var category: String?
  /// What happens to it when it is on screen and its dispatch leaves the active chain.
  public var offstage: OffstagePolicy
  /// Whether it goes up even while a pause of its dispatch (or one above it) would hold it
  /// back, such as a security prompt during onboarding (default `false`). See
  /// ``AlertPauseToken``.
  public var ignoresPause: Bool
  /// Where it joins the line of its priority: behind the alerts of its priority that wait
  /// (default), or ahead of them (see ``LinePlacement``).
  public var placement: LinePlacement
  /// Whether the alert goes up in the pass that follows its add, or ends (default `false`: it
  /// waits its turn).
  ///
  /// A request that shows now or drops (SwiftEntryKit's dropped override, PriorityDialog's
  /// `showNotAllowStateLoss`) gets one chance: the pass that follows its add — for a
  /// ``Readiness/pending`` one, the pass that follows its ``AlertHandle/markReady()``, while its
  /// readiness deadline still applies until then. If that pass does not put it up, because an
  /// alert of its priority or higher is in front, one it may not preempt, or one ahead of it in
  /// line, or because its screen is off the chain, hidden or paused, its delay or its lane's gap
  /// runs, a dependency is unfinished, or the presenter refuses, it ends as
  /// ``CancellationReason/notShownAtOnce`` without going up. The one thing it waits for is the
  /// alerts of its lane that are leaving the screen, such as the one it preempted with policy
  /// ``InterruptionPolicy/cancel``: it goes up once they are gone, unless the pass then finds
  /// another alert in its way. Once up, it is an alert like any other: preempted, it is
  /// suspended and comes back as its ``InterruptionPolicy`` says.
  ///
  /// It is not a short ``AlertTiming/expiry``: an expiry is a time on the clock, measured from
  /// the add, during which the alert waits in line and may go up whenever its turn comes (an
  /// expiry of zero is an invalid request); show-now is decided by the pass, with no timer, and
  /// no waiting in line. Nor is it a ``AlertTiming/readinessDeadline``, which ends a pending
  /// alert not marked ready in time, and says nothing once it is ready.
  ///
  /// ```swift
  /// // A hint about the screen the user is on: worth nothing a moment later.
  /// dispatch.add(AlertRequest(id: "swipe-hint", priority: .low, showNowOrDrop: true))
  /// ```
  public var showNowOrDrop: Bool

  // Declared last, beside the other flags, so that it costs a queued alert no padding.
  /// Whether a dependency that no alert of the domain has had yet holds this alert back until
  /// one is added with that id and ends, or until the ``AlertTiming/readinessDeadline`` passes,
  /// which such a request must set (default `false`: an id that names no unfinished alert does
  /// not block).
  ///
  /// For an alert added before the one it must follow, such as a permission prompt added at
  /// launch that must come after onboarding, which other code adds a moment later, if at all:
  ///
  /// ```swift
  /// dispatch.add(
  ///   AlertRequest(
  ///     id: "push-permission", after: ["onboarding"], waitsForUnadded: true,
  ///     timing: AlertTiming(readinessDeadline: .seconds(5))))
  /// ```
  ///
  /// A dependency counts as done once an alert with its id ended in the domain, before or after
  /// this request was added, whatever its outcome. When the readiness deadline passes, the alert
  /// stops waiting for the ids still not added and competes as usual (it still waits for those
  /// that are unfinished). A pending alert that is not ready by then ends as
  /// ``CancellationReason/readinessTimedOut``, as always. To know an id ended, each dispatch
  /// remembers the ids its alerts ended with, except generated ones (``AlertID/generated()``),
  /// for as long as the dispatch lives.
  public var waitsForUnadded: Bool

  /// Creates a request. Every parameter has the default most alerts want.
  @MainActor
  public init(
    id: AlertID? = nil,
    priority: AlertPriority = .normal,
    after dependencies: [AlertID] = [],
    waitsForUnadded: Bool = false,
    lane: AlertLane = .modal,
    interruption: InterruptionPolicy = .suspend,
    preemption: PreemptionPolicy = .preempt,
    style: PresentationStyle = .hideOthers,
    readiness: Readiness = .ready,
    duplicates: DuplicatePolicy = .keepExisting,
    timing: AlertTiming = AlertTiming(),
    content: AlertContent = AlertContent(),
    cap: FrequencyCap? = nil,
    category: String? = nil,
    offstage: OffstagePolicy = .suspend,
    ignoresPause: Bool = false,
    placement: LinePlacement = .back,
    showNowOrDrop: Bool = false
  ) {
    self.id = id ?? .generated()
    self.priority = priority
    self.dependencies = dependencies
    self.waitsForUnadded = waitsForUnadded
    self.lane = lane
    self.interruption = interruption
    self.preemption = preemption
    self.style = style
    self.readiness = readiness
    self.duplicates = duplicates
    self.timing = timing
    self.content = content
    self.cap = cap
    self.category = category
    self.offstage = offstage
    self.ignoresPause = ignoresPause
    self.placement = placement
    self.showNowOrDrop = showNowOrDrop
  }

  /// Whether a cap or a category makes the frequency policy count the alert.
  var isCounted: Bool { cap != nil || category != nil }

  /// A message saying why this request cannot be scheduled, or `nil` when it is valid.
  var validationError: String? {
    if let error = lane.validationError { return error }
    if let error = cap?.validationError(alertID: id) { return error }
    if category?.isEmpty == true { return "category is empty" }
    if waitsForUnadded && !dependencies.isEmpty && timing.readinessDeadline == nil {
      return "waiting for dependencies not added yet needs a readiness deadline"
    }
    return timing.validationError
  }
}

/// What happens to a front alert when a strictly higher-priority alert wants its place.
public enum InterruptionPolicy: Hashable, Sendable, CustomStringConvertible {
  /// Hidden and restored when it is best again, its place in line and its timers kept (default).
  case suspend
  /// Closed by the framework; it ends as ``CancellationReason/preempted(by:)``.
  case cancel
  /// Never interrupted: the higher alert waits until this one ends.
  case never

  /// `suspend`, `cancel` or `never`.
  public var description: String {
    switch self {
    case .suspend: "suspend"
    case .cancel: "cancel"
    case .never: "never"
    }
  }
}

/// Whether a newcomer takes the place of a lower alert in front of its full lane: the
/// newcomer's side of preemption, where ``InterruptionPolicy`` is the front alert's.
///
/// ```swift
/// // A "Saved" toast that waits its turn even over a lower toast in front.
/// dispatch.add(AlertRequest(id: "saved", priority: .high, lane: toasts, preemption: .wait))
/// ```
public enum PreemptionPolicy: Hashable, Sendable, CustomStringConvertible {
  /// It takes the place of the weakest interruptible front alert of strictly lower priority,
  /// as that alert's ``InterruptionPolicy`` says (default).
  case preempt
  /// It never takes a front alert's place: it waits, first in line, until its lane has room,
  /// and nothing behind it in line goes up before it. Its priority still orders the line, and
  /// its ``PresentationStyle`` has nothing to go up over.
  case wait

  /// `preempt` or `wait`.
  public var description: String {
    switch self {
    case .preempt: "preempt"
    case .wait: "wait"
    }
  }
}

/// How an alert goes up over the lower alerts it preempts.
public enum PresentationStyle: Hashable, Sendable, CustomStringConvertible {
  /// The preempted alert is hidden while this one shows (default).
  case hideOthers
  /// The preempted alert stays visible beneath this one, no longer in front.
  case cover

  /// `hide` or `cover`.
  public var description: String {
    switch self {
    case .hideOthers: "hide"
    case .cover: "cover"
    }
  }
}

/// Whether an alert may show as soon as it is added.
public enum Readiness: Hashable, Sendable {
  /// Ready now.
  case ready
  /// Waits until ``AlertHandle/markReady()`` (for example a network answer).
  case pending
}

/// What happens when an alert is added with an id the domain already has unfinished.
///
/// Only an alert that is not leaving the screen counts as the existing one. An alert being
/// dismissed (``AlertState/dismissing``) gives its id to the newcomer, which queues and goes up
/// after it, whatever the policy; the leaving alert keeps the outcome it is dismissed with.
public enum DuplicatePolicy: Hashable, Sendable {
  /// The existing alert stays; the new one ends as ``CancellationReason/duplicate(of:)``.
  case keepExisting
  /// The existing alert ends as ``CancellationReason/replaced(by:)`` and the new one takes its
  /// place.
  case replaceExisting
}

/// What a presenter shows: a title, a message and buttons. AlertDispatch never reads it.
public struct AlertContent: Sendable, Hashable {
  /// The title.
  public var title: String
  /// The message under the title.
  public var message: String?
  /// Button titles, in order. A presenter reports the tapped one as the alert's ``AlertResult``.
  public var buttons: [String]
  /// Anything else the presenter needs, as text.
  public var userInfo: [String: String]

  /// Creates content.
  public init(
    title: String = "", message: String? = nil, buttons: [String] = [],
    userInfo: [String: String] = [:]
  ) {
    self.title = title
    self.message = message
    self.buttons = buttons
    self.userInfo = userInfo
  }
}
