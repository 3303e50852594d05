import AlertDispatchKit
import Foundation

/// One statement of a scenario file, as ``ScenarioFormat/parse(_:file:)`` reads it and
/// ``ScenarioFormat/write(_:file:)`` writes it.
///
/// Setup statements come first; `at` opens the timeline, and the actions and expectations
/// after it belong to the last `at`. A whole-line comment is a statement too, so a file keeps
/// its comments when it is read and written again.
public enum ScenarioStatement: Sendable, Hashable {
  /// `# TEXT`: a comment on a line of its own.
  case comment(String)
  /// `window NAME`: a window (the first one is the main window).
  case window(String)
  /// `screen NAME …`: plain screens.
  case screens([String])
  /// `nav NAME ROOT`: a navigation container and its root screen.
  case navigation(String, root: String)
  /// `tabs NAME TAB … [selected TAB]`: a tab container, its tabs and the selected one
  /// (`nil`: the first).
  case tabs(String, [String], selected: String?)
  /// `root WINDOW SCREEN` in the setup: the window's root screen.
  case root(window: String, screen: String)
  /// `link SCREEN|WINDOW`: the screen's dispatch joins its parent's domain.
  case link(String)
  /// `own-domain SCREEN`: the screen's dispatch is the root of a domain of its own.
  case ownDomain(String)
  /// `lane NAME [option …]`: a lane the alerts can name.
  case lane(AlertLane)
  /// `transition DURATION`: how long screen transitions take.
  case transition(Duration)
  /// `presenter [present DURATION] [dismiss DURATION]`: how long the presenter's animations
  /// take.
  case presenter(present: Duration?, dismiss: Duration?)
  /// `presenter scripted`: the presenter of the bare dispatches answers each `present` call as
  /// the timeline's `answer` actions say (`presented` when none does) and does nothing on its
  /// own: a recording's replay.
  case scriptedPresenter
  /// `dispatch NAME [parent PARENT] [hidden]`: a bare `AlertDispatch`, with no screen, under
  /// another dispatch, a screen or a window (`nil`: a root), visible unless `hidden`.
  case dispatch(String, parent: String?, isVisible: Bool)
  /// `alert NAME on OWNER [option …]`.
  case alert(ScenarioAlert)
  /// `on ALERT OUTCOME ACTION`: an action run in the alert's completion handler; the outcome
  /// as printed (`dismissed(OK)`), or `dismissed`, `cancelled` or `any`.
  case reaction(alert: String, outcome: String, action: ScenarioAction)
  /// `date YYYY-MM-DDTHH:MM:SSZ`: the wall-clock date the first launch starts at.
  case date(Date)
  /// `version VERSION`: the app's version.
  case version(String)
  /// `time-zone IDENTIFIER`: the time zone frequency caps count days in (default UTC).
  case timeZone(TimeZone)
  /// `budget CATEGORY LIMIT`: how often alerts of a category may show.
  case budget(String, FrequencyBudget)
  /// `shown KEY DATE [version VERSION] [this-launch]`: a show the frequency ledger holds
  /// before the run (a recording's ledger when it starts), under a cap's key or a category's
  /// (`category:NAME`), in the app version (`nil`: the scenario's), in an earlier launch unless
  /// `this-launch`.
  case shown(key: String, date: Date, version: String?, thisLaunch: Bool)
  /// `at TIME`: opens a block of the timeline.
  case at(Duration)
  /// `at TIME before-timers` (`timers` 0) or `at TIME after-timers N`: opens a block that runs
  /// when the clock reaches `TIME` and the first `timers` timers due then have fired; the
  /// others fire at the next block (a recording's inputs that came between the timers of their
  /// instant).
  case atAfterTimers(Duration, timers: Int)
  /// An action of the timeline.
  case action(ScenarioAction)
  /// `expect …`: an expectation of the timeline.
  case expectation(ScenarioExpectation)
}

/// A statement read from a file, with where it was written and its words as written.
public struct ScenarioLine: Sendable, Hashable {
  /// The 1-based line the statement starts on.
  public var line: Int
  /// The statement's words as written (for `expect transcript`, only its first line's).
  public var words: [ScenarioWord]
  /// What the statement says.
  public var statement: ScenarioStatement

  /// Creates a line.
  public init(line: Int, words: [ScenarioWord], statement: ScenarioStatement) {
    self.line = line
    self.words = words
    self.statement = statement
  }

  /// The statement as written, its words separated by single spaces.
  public var text: String { words.map(\.description).joined(separator: " ") }
}
