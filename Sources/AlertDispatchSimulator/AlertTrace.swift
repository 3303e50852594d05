public import AlertDispatchKit

/// Collects the events of a run and turns them into rows a person can read: one row per alert,
/// with the spans it spent waiting, showing, covered and suspended, and how it ended.
///
/// ```swift
/// let trace = AlertTrace()
/// trace.attach(to: sim)         // every domain of a Simulator, or one dispatch's with `home`
/// // … run the story …
/// print(trace.timeline())       // a text timeline for the terminal
/// let svg = trace.svg()         // the same picture as SVG
/// ```
///
/// The output depends only on the recorded events, so the same run always renders the same.
@MainActor
public final class AlertTrace {
  /// What an alert was doing during a span.
  public enum Phase: String, Sendable, Hashable, CaseIterable {
    /// Added, not on screen yet (pending or queued).
    case waiting
    /// On screen, in front.
    case showing
    /// On screen beneath a higher alert.
    case covered
    /// Hidden, its place kept.
    case suspended
    /// The framework asked the presenter to close it.
    case dismissing
  }

  /// A span of one phase, from `start` to `end`.
  public struct Span: Sendable, Hashable {
    /// What the alert was doing.
    public var phase: Phase
    /// When the span began.
    public var start: AlertInstant
    /// When it ended (the end of the trace for an unfinished span).
    public var end: AlertInstant
  }

  /// One alert's life in the trace.
  public struct Row: Sendable, Hashable {
    /// The alert's id.
    public var id: AlertID
    /// The alert's lane.
    public var lane: String
    /// The dispatch that owns it.
    public var dispatch: String
    /// Its spans, in time order.
    public var spans: [Span]
    /// How it ended, or `nil` if it had not ended when the trace was rendered.
    public var outcome: AlertOutcome?
  }

  /// A labelled instant on the time axis, such as a screen change.
  public struct Mark: Sendable, Hashable {
    /// When.
    public var time: AlertInstant
    /// What happened, such as `push detail`.
    public var label: String
  }

  /// Every recorded event, in order.
  public private(set) var events: [AlertEvent] = []
  /// Every mark, in order.
  public private(set) var marks: [Mark] = []

  /// Creates an empty trace.
  public init() {}

  /// Records the events of `dispatch` and everything below it from now on.
  public func attach(to dispatch: AlertDispatch) {
    dispatch.observe { [weak self] in self?.record($0) }
  }

  /// Records the events of every dispatch of `simulator` from now on, and marks each change of
  /// screens the app asks for with the statement a scenario file writes for it (`push stack
  /// detail animated`, `select tabbar me`, `present home splash full-screen`, `root main home`,
  /// `background main`), so a trace of a story told in Swift gets the marks that a scenario
  /// run of the same story gets.
  ///
  /// ```swift
  /// let trace = AlertTrace()
  /// trace.attach(to: sim)
  /// tabs.select(messages)      // ^1 select tabs messages
  /// print(trace.timeline())
  /// ```
  public func attach(to simulator: Simulator) {
    simulator.listeners.events.append { [weak self] in self?.record($0) }
    simulator.listeners.screenChanges.append { [weak self, weak simulator] statement in
      guard let self, let simulator else { return }
      self.mark(statement, at: simulator.now)
    }
  }

  /// Records one event.
  public func record(_ event: AlertEvent) {
    events.append(event)
  }

  /// Records a labelled instant for the time axis.
  public func mark(_ label: String, at time: AlertInstant) {
    marks.append(Mark(time: time, label: label))
  }

  /// The last instant the trace knows of.
  public var lastTime: AlertInstant {
    max(events.last?.time ?? .zero, marks.last?.time ?? .zero)
  }

  /// The alerts' rows, in the order they were added; open spans end at `end`.
  public func rows(until end: AlertInstant? = nil) -> [Row] {
    let end = end ?? lastTime
    var rows: [Row] = []
    var open: [AlertID: Int] = [:]
    func move(_ index: Int, to phase: Phase?, at time: AlertInstant) {
      if var last = rows[index].spans.popLast() {
        last.end = time
        if last.end > last.start || phase == nil && rows[index].spans.isEmpty {
          rows[index].spans.append(last)
        }
      }
      if let phase { rows[index].spans.append(Span(phase: phase, start: time, end: time)) }
    }
    for event in events {
      guard let id = event.alertID else { continue }
      if event.kind == .added {
        rows.append(
          Row(
            id: id, lane: event.lane ?? "", dispatch: event.dispatch,
            spans: [Span(phase: .waiting, start: event.time, end: event.time)], outcome: nil))
        open[id] = rows.count - 1
        continue
      }
      guard var index = open[id] else { continue }
      // A replaced alert is the older of two open rows with its id; so is an alert animating
      // out when a newcomer with its id was added, and its end is its own.
      if case .cancelled(.replaced) = event.kind.outcome,
        let oldest = rows.firstIndex(where: { $0.id == id && $0.outcome == nil })
      {
        index = oldest
      } else if case .ended = event.kind,
        let leaving = rows.firstIndex(where: {
          $0.id == id && $0.outcome == nil && $0.spans.last?.phase == .dismissing
        })
      {
        index = leaving
      }
      switch event.kind {
      case .shown, .restored: move(index, to: .showing, at: event.time)
      case .suspended: move(index, to: .suspended, at: event.time)
      case .covered: move(index, to: .covered, at: event.time)
      case .dismissing: move(index, to: .dismissing, at: event.time)
      case .ended(let outcome):
        move(index, to: nil, at: event.time)
        rows[index].outcome = outcome
        open[id] = rows.lastIndex { $0.id == id && $0.outcome == nil }
      case .added, .ready, .refused, .diagnostic, .drained: break
      }
    }
    for index in open.values {
      if var last = rows[index].spans.popLast() {
        last.end = max(end, last.start)
        rows[index].spans.append(last)
      }
    }
    return rows
  }
}

extension AlertEvent.Kind {
  /// The outcome an `ended` or `dismissing` event carries.
  fileprivate var outcome: AlertOutcome? {
    switch self {
    case .ended(let outcome), .dismissing(let outcome): outcome
    default: nil
    }
  }
}
