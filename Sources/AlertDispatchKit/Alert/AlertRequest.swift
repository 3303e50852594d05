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
  /// domain does not block.
  public var dependencies: [AlertID]
  /// The exclusion group the alert competes in.
  public var lane: AlertLane
  /// What happens to this alert when a strictly higher one wants its place.
  public var interruption: InterruptionPolicy
  /// How this alert goes up over the alerts it preempts.
  public var style: PresentationStyle
  /// Whether the alert may show as soon as it is added, or waits for ``AlertHandle/markReady()``.
  public var readiness: Readiness
  /// What happens when the domain already has an unfinished alert with this id.
  public var duplicates: DuplicatePolicy
  /// Deadlines and durations; see ``AlertTiming``.
  public var timing: AlertTiming {
    get { rare?.timing ?? AlertTiming() }
    set { rare = Rare.make(timing: newValue, content: content, cap: cap, category: category) }
  }
  /// What the presenter shows; AlertDispatch itself never reads it.
  public var content: AlertContent {
    get { rare?.content ?? AlertContent() }
    set { rare = Rare.make(timing: timing, content: newValue, cap: cap, category: category) }
  }
  /// How often the alert may go up, counted in the domain's ``FrequencyPolicy``; `nil` for no
  /// cap. See ``FrequencyCap``.
  public var cap: FrequencyCap? {
    get { rare?.cap }
    set { rare = Rare.make(timing: timing, content: content, cap: newValue, category: category) }
  }
  /// The category whose ``FrequencyPolicy/budgets`` budget the alert counts against, such as
  /// `"promotion"`; `nil` for none.
  public var category: String? {
    get { rare?.category }
    set { rare = Rare.make(timing: timing, content: content, cap: cap, category: newValue) }
  }

  // Timing, content, cap and category are out of line, in one object that is absent when all
  // four are the defaults: a handle holds its request, most requests set none of them but
  // content, and the content, which only the presenter reads, is shared with the app's request
  // instead of copied into every handle (Performance.md, bytes per queued alert). The object compares by value, so equality stays the synthesized one.
  private var rare: Rare?

  /// The fields most requests leave at their defaults. A setter makes a new one (or none).
  private final class Rare: Sendable, Equatable {
    /// `nil` for the default timing, so that reading it builds nothing.
    let timing: AlertTiming?
    let content: AlertContent
    let cap: FrequencyCap?
    let category: String?

    private init(
      timing: AlertTiming?, content: AlertContent, cap: FrequencyCap?, category: String?
    ) {
      self.timing = timing
      self.content = content
      self.cap = cap
      self.category = category
    }

    /// The object for these fields, or `nil` when all of them are the defaults.
    static func make(
      timing: AlertTiming, content: AlertContent, cap: FrequencyCap?, category: String?
    ) -> Rare? {
      let customTiming = timing == AlertTiming() ? nil : timing
      if customTiming == nil, content == AlertContent(), cap == nil, category == nil { return nil }
      return Rare(timing: customTiming, content: content, cap: cap, category: category)
    }

    static func == (lhs: Rare, rhs: Rare) -> Bool {
      lhs === rhs
        || (lhs.timing == rhs.timing && lhs.content == rhs.content && lhs.cap == rhs.cap
          && lhs.category == rhs.category)
    }
  }

  /// Creates a request. Every parameter has the default most alerts want.
  @MainActor
  public init(
    id: AlertID? = nil,
    priority: AlertPriority = .normal,
    after dependencies: [AlertID] = [],
    lane: AlertLane = .modal,
    interruption: InterruptionPolicy = .suspend,
    style: PresentationStyle = .hideOthers,
    readiness: Readiness = .ready,
    duplicates: DuplicatePolicy = .keepExisting,
    timing: AlertTiming = AlertTiming(),
    content: AlertContent = AlertContent(),
    cap: FrequencyCap? = nil,
    category: String? = nil
  ) {
    self.id = id ?? .generated()
    self.priority = priority
    self.dependencies = dependencies
    self.lane = lane
    self.interruption = interruption
    self.style = style
    self.readiness = readiness
    self.duplicates = duplicates
    self.rare = Rare.make(timing: timing, content: content, cap: cap, category: category)
  }

  /// The timing when the request sets one, `nil` for the default: adding an alert reads its
  /// timing four times, and building the default each time cost more than the rest of those
  /// reads.
  var customTiming: AlertTiming? { rare?.timing }

  /// Whether a cap or a category makes the frequency policy count the alert (read at every
  /// show: it copies nothing).
  var isCounted: Bool {
    guard let rare else { return false }
    return rare.cap != nil || rare.category != nil
  }

  /// A message saying why this request cannot be scheduled, or `nil` when it is valid.
  var validationError: String? {
    // Most requests are in the default lane and set no timing, cap or category: valid, decided
    // without reading any of them.
    if rare == nil && lane.isDefault { return nil }
    if let error = lane.validationError { return error }
    if let error = cap?.validationError(alertID: id) { return error }
    if category?.isEmpty == true { return "category is empty" }
    // The default timing (none kept) is valid.
    return customTiming?.validationError
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
