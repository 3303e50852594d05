public import AlertDispatchKit
import AlertDispatchScenarioFormat

/// Records what a domain was told and what its presenter answered, in memory, and exports it as
/// a scenario file that `alertsim` replays: the recording passes when the library still decides
/// the same, and fails at the first transcript line where it does not.
///
/// ```swift
/// let root = AlertDispatch(name: "app")
/// let recorder = AlertRecorder(attachedTo: root, window: .events(5_000))
/// // … the app runs …
/// let text = recorder.export()  // hand it to a bug report; the recorder never writes a file
/// ```
///
/// Attach it to the root of the domain to record, before or after alerts are added: it records
/// every input of that domain from then on — the tree and its changes (`setParent`, the active
/// child, what an active-child provider answers, `appear`, `disappear`, `close`), every alert
/// added with all its scheduling fields, `markReady`, `didDismiss`, `close(result:)`, `cancel`,
/// `cancelAlerts`, pauses and their releases, `setNeedsArbitration`, every presenter call
/// with its answer, and every timer of the domain that fired — each at its instant on the
/// root's clock, in the order they came. The transcript of presenter calls
/// and outcomes goes into the export as `expect transcript` blocks, so the replay checks it.
///
/// Memory stays bounded: the recorder keeps the last events of its ``Window``, starting from a
/// snapshot of the domain taken when the older events were dropped. Alert content (titles,
/// messages, buttons) is left out unless `includesContent` is `true`.
///
/// Cost: with no recorder attached, each input costs the library a walk to its root and one
/// check. An attached recorder stores each input as it comes, with an alert's request as it
/// was added, and writes the scenario text only when exported: about 1.5 to 2 times the
/// library's own time per event (see the Performance article).
@MainActor
public final class AlertRecorder {
  /// How much of the past a recorder keeps.
  public enum Window: Sendable, Hashable {
    /// At least the last `count` events (inputs and transcript lines), at most about one and a
    /// half times as many, from a snapshot.
    case events(Int)
    /// At least the events of the last `duration` on the root's clock, from a snapshot.
    case duration(Duration)
  }

  /// The dispatch whose domain is recorded; `nil` once the recorder stopped.
  public private(set) weak var root: AlertDispatch?
  /// The root a stopped recorder recorded: its frequency ledger still tells the export what
  /// was counted before the recording began.
  weak var formerRoot: AlertDispatch?
  /// How many shows the root's ledger held under each key the recording counts on when the
  /// recorder stopped.
  var ledgerCountsAtStop: [String: Int]?
  /// How much of the past is kept.
  public let window: Window
  /// Whether alert titles, messages and buttons are recorded.
  public let includesContent: Bool

  var segments: [RecordingSegment] = []
  var names = RecordingNames()
  /// The index in the current segment of the first input or transcript line since the root's
  /// last pass settled: where an answer or a provider's answer that this pass reads goes.
  var drainStart: Int?
  /// The drain start of the pass that settled last with calls queued behind it: a presenter's
  /// report from inside `dismiss` is such a call, and the pass after it is still part of the
  /// input that started the first one (the scripted presenter reports from inside the call).
  var queuedDrainStart: Int?
  /// The outermost call of the library the last event was heard in.
  var lastOutermostCall = -1
  /// Whether an input of the outermost call running now, or the timer that started it, was heard
  /// since its last pass settled: a call that waited in line behind it ran before that pass,
  /// and joins it in a replay.
  var inputsOpen = false
  /// Whether the outermost call running now is the end of a main-actor turn running deferred
  /// passes: a call made during them ran in the same drain, and joins it in a replay.
  var turnEnded = false
  /// Whether the current segment is full: a new one starts at the next quiet moment.
  var wantsSegment = false
  /// What each dispatch's active-child provider answered last, by dispatch.
  var providerAnswers: [ObjectIdentifier: ObjectIdentifier?] = [:]
  private var observation: AlertObservation?

  /// Starts recording `root`'s domain now, from a snapshot of it.
  ///
  /// - Parameters:
  ///   - root: The root of the domain (a dispatch with no parent). Inputs are heard while it is
  ///     a root; one that joins another domain records nothing until it is a root again.
  ///   - window: How much of the past to keep (default: the last 10,000 events).
  ///   - includesContent: Whether to record alert titles, messages and buttons (default
  ///     `false`: a recording holds no user-facing text).
  public init(
    attachedTo root: AlertDispatch, window: Window = .events(10_000),
    includesContent: Bool = false
  ) {
    self.root = root
    self.window = window
    self.includesContent = includesContent
    startSegment(at: root.clock.now)
    root.inputHook = { [weak self] input, instant in self?.hear(input, at: instant) }
    observation = root.observe { [weak self] event in
      guard let self, case .ended(let outcome) = event.kind, let id = event.alertID else { return }
      if case .cancelled(.invalidRequest) = outcome, self.leaveOutRefused(id) { return }
      self.append(.end(alert: names.id(id), outcome), at: event.time)
    }
  }

  /// Stops recording; what was recorded can still be exported. A recorder whose root joins
  /// another domain (``AlertDispatch/setParent(_:)``) stops on its own: its recording ends
  /// there.
  public func detach() {
    guard let root else { return }
    // No policy yet: nothing was counted before the recorder stopped.
    ledgerCountsAtStop = ledgerCountsNow() ?? [:]
    formerRoot = root
    root.inputHook = nil
    if let observation { root.removeObservation(observation) }
    observation = nil
    self.root = nil
  }

  /// How many events the recorder holds now, snapshots included.
  public var eventCount: Int { segments.reduce(0) { $0 + $1.events.count } }

  /// Whether events were dropped: the export then starts from a snapshot of the domain taken
  /// after the session began.
  public var droppedEvents: Bool { segments.first?.isFirst == false }

  // MARK: Keeping the window

  /// Appends an event to the current segment; `joining`, an input that runs together with the
  /// one before, whether or not the app's call waited in line.
  func append(_ item: RecordedItem, at time: AlertInstant, joining: Bool = false) {
    noteOutermostCall()
    let last = segments.count - 1
    switch item {
    case .added, .action, .line, .end, .timerFired:
      if drainStart == nil { drainStart = segments[last].events.count }
    default: break
    }
    var joinsPrevious = false
    if item.isInput {
      joinsPrevious =
        joining || ((inputsOpen || turnEnded) && AlertDispatch.isRunningQueuedCall)
      inputsOpen = true
    }
    if case .action(.endTurn) = item { turnEnded = true }
    if case .timerFired = item {
      // A call made from inside the timer's change (a completion handler) joins it.
      inputsOpen = true
    }
    segments[last].events.append(
      RecordedEvent(time: time, item: item, joinsPrevious: joinsPrevious))
    if segments[segments.count - 1].isFull(for: window) { wantsSegment = true }
  }

  /// Forgets where the last outermost call began when a new one (an app's call, a timer) runs:
  /// a replay runs each on its own.
  func noteOutermostCall() {
    guard lastOutermostCall != AlertDispatch.outermostCallCount else { return }
    lastOutermostCall = AlertDispatch.outermostCallCount
    drainStart = nil
    queuedDrainStart = nil
    inputsOpen = false
    turnEnded = false
  }

  /// Inserts an event where the calls running now read it in a replay: before the first event
  /// since the last pass settled (the input, or the timer firing, that started them), at its
  /// instant; after every event when there is none.
  func insertBeforePass(_ item: RecordedItem, now: AlertInstant) {
    let last = segments.count - 1
    let index = drainStart ?? segments[last].events.count
    let time = drainStart.map { segments[last].events[$0].time } ?? now
    insert(item, at: index, time: time)
  }

  /// Inserts an event at `index` of the current segment, at `time`.
  func insert(_ item: RecordedItem, at index: Int, time: AlertInstant) {
    segments[segments.count - 1].events.insert(RecordedEvent(time: time, item: item), at: index)
    if let start = drainStart, start >= index { drainStart = start + 1 }
    if let start = queuedDrainStart, start >= index { queuedDrainStart = start + 1 }
  }

  /// Turns the placeholder left when the presenter was asked to take `alert` down into `item`:
  /// the presenter reported it gone from inside the call. `false` when there is none.
  func fillPlaceholder(of alert: AlertHandle, with item: RecordedItem) -> Bool {
    let last = segments.count - 1
    let key = ObjectIdentifier(alert)
    guard
      let index = segments[last].events.lastIndex(where: {
        if case .placeholder(key) = $0.item { return true }
        return false
      })
    else { return false }
    segments[last].events[index].item = item
    return true
  }

  /// Starts a segment with a snapshot of the domain, and drops the segments the window no
  /// longer needs.
  func startSegment(at time: AlertInstant) {
    wantsSegment = false
    drainStart = nil
    queuedDrainStart = nil
    names.forgetEnded()
    let isFirst = segments.isEmpty
    var segment = RecordingSegment(start: time, isFirst: isFirst)
    if let root { segment.events = snapshot(of: root, at: time) }
    segment.snapshotCount = segment.events.count
    segments.append(segment)
    while segments.count > 1,
      RecordingSegment.canDrop(segments[0], before: segments[1...], window: window, now: time)
    {
      segments.removeFirst()
    }
    names.keepAlertNames(Set(segments.lazy.flatMap(\.events).compactMap(\.item.declaredAlert)))
  }
}

/// A part of a recording: a snapshot of the domain when it started, then the events after it.
struct RecordingSegment {
  var start: AlertInstant
  /// Whether it is the first segment of the recording, from the recorder's attaching.
  var isFirst: Bool
  var events: [RecordedEvent] = []
  /// How many of the first ``events`` are the snapshot's.
  var snapshotCount = 0
  /// How many shows the frequency policy counted under each ledger key during the segment, for
  /// this domain or another: the export's `shown` records are those the ledger held before.
  var counted: [String: Int] = [:]

  /// Whether a new segment should start.
  func isFull(for window: AlertRecorder.Window) -> Bool {
    switch window {
    case .events(let count): events.count - snapshotCount >= max(1, count / 2)
    case .duration(let duration): (events.last?.time ?? start) - start >= duration / 2
    }
  }

  /// Whether `oldest` may go: the segments after it still cover the window.
  static func canDrop(
    _ oldest: RecordingSegment, before later: ArraySlice<RecordingSegment>,
    window: AlertRecorder.Window, now: AlertInstant
  ) -> Bool {
    switch window {
    case .events(let count):
      return later.reduce(0) { $0 + $1.events.count - $1.snapshotCount } >= count
    case .duration(let duration):
      return later.first.map { now - $0.start >= duration } ?? false
    }
  }
}

/// One thing the recorder heard, at its instant on the root's clock.
struct RecordedEvent {
  var time: AlertInstant
  var item: RecordedItem
  /// Whether it is an input the app made while the library was busy with the one before it
  /// (from a completion handler, say): it waited in line, and ran before the pass that one
  /// asked for. Replayed `together` with it.
  var joinsPrevious = false
}

/// What an event says in the scenario.
enum RecordedItem {
  /// A setup statement: a dispatch, an alert or a lane declared, the presenter, the caps'
  /// clock; the export puts each once in the setup. Boxed, so that every event is a few words
  /// (an alert's declaration is hundreds of bytes, and events move when one is inserted).
  indirect case declare(ScenarioStatement)
  /// An alert added: its declaration goes in the setup (written out when exported) and
  /// `add NAME` in the timeline. One event, so that recording an add builds no statements.
  indirect case added(RecordedAdd)
  /// An action of the timeline.
  indirect case action(ScenarioAction)
  /// An expectation (a snapshot checks what it rebuilt).
  indirect case expectation(ScenarioExpectation)
  /// A transcript line: a presenter call or an alert's end, written out when exported.
  case line(ScenarioTranscriptLine)
  /// An alert's end, written out as its transcript line (`end ALERT: OUTCOME`) when exported.
  case end(alert: String, AlertOutcome)
  /// A timer of the domain fired: the events of its instant before it are replayed before it,
  /// those after it after it (`at TIME after-timers N`).
  case timerFired
  /// Where an answer to a `dismiss` call goes if the presenter reports the alert gone from
  /// inside the call; nothing otherwise.
  case placeholder(ObjectIdentifier)
}

extension RecordedItem {
  /// The name of the alert it declares, if it declares one.
  var declaredAlert: String? {
    switch self {
    case .added(let added): added.name
    case .declare(.alert(let alert)): alert.name
    default: nil
    }
  }

  /// Whether it is an input of the timeline (an add or another action).
  var isInput: Bool {
    switch self {
    case .added, .action: true
    default: false
    }
  }
}

/// An alert the recording heard added, as it asked: declared when exported.
struct RecordedAdd {
  /// The recording's name of the alert.
  var name: String
  /// The recording's name of the dispatch it was added to.
  var owner: String
  /// What it asked for (without its content unless the recorder records content).
  var request: AlertRequest
  /// Its place in add order across every dispatch (``AlertHandle/addOrder``).
  var order: UInt64
  /// Whether it was added to a closed dispatch: it ends at once whatever it asks for, so it is
  /// written with its id only, since what it asks for may be what a scenario cannot write (a
  /// request the library would refuse).
  var toClosedDispatch: Bool

  /// Its declaration: its lane, then the alert.
  func statements(includesContent: Bool) -> [ScenarioStatement] {
    guard !toClosedDispatch else {
      var plain = ScenarioAlert(name: name, owner: owner)
      plain.id = RecordingNames.sanitized(request.id.rawValue)
      plain.later = true
      return [.alert(plain)]
    }
    let declared = ScenarioAlert(
      name: name, owner: owner, request: request, includesContent: includesContent)
    return [.lane(request.lane), .alert(declared)]
  }
}
