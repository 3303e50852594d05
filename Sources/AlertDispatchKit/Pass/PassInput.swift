/// An alert as a pass names it: its id and its place in add order.
///
/// The id alone is not always enough: an alert replaced while on screen keeps animating out
/// beside its replacement, and two domains that join may each hold an alert with the same id.
/// The sequence tells them apart; descriptions print the id.
struct AlertRef: Hashable, Sendable, CustomStringConvertible {
  /// The alert's id.
  let id: AlertID
  /// The alert's place in add order, unique in the process.
  let sequence: UInt64

  var description: String { id.description }
}

/// What a pass decides from: a value snapshot of one domain at one instant.
///
/// The snapshot holds the chain's verdict on each alert it names (on the chain or not, paused
/// or not), so the arbiter needs no dispatch and no clock: a test builds one by hand and
/// compares the plan as a value.
struct PassInput: Sendable {
  /// The time of the pass.
  var now: AlertInstant
  /// The domain's lanes, in the order the domain first saw them.
  var lanes: [Lane]

  /// One lane: its settings, what it shows, and who waits to go up in it.
  struct Lane: Sendable {
    /// How many alerts may be in front at once (`Int.max` for an unlimited lane).
    var capacity: Int
    /// The lane's minimum gap after an alert ends.
    var minimumGap: Duration = .zero
    /// When the lane's last visible alert ended, if it has a gap to keep.
    var lastEnd: AlertInstant?
    /// The lane's visible alerts, first up first.
    var shown: [Shown] = []
    /// The alerts that could go up, in line order (higher priority first, then ``LineRank``):
    /// queued alerts that no dependency blocks and suspended ones, from the dispatches of the
    /// chain.
    var candidates: [Candidate] = []
    /// Whether the line goes on past ``candidates``: a snapshot may hold only the front of a
    /// long line, and the arbiter asks for more when it would read past it.
    var hasMoreCandidates = false
    /// The ready alerts of the lane that go up now or end (``AlertRequest/showNowOrDrop``) and
    /// have not gone up, wherever they are (on the chain or not, blocked or not): the plan that
    /// settles the pass ends those it does not put up, unless they wait only for alerts leaving
    /// the lane. The candidates may not hold them: a snapshot holds the front of a line, so each
    /// comes as a candidate of its own, for the plan to tell what holds one it did not read.
    var showNow: [Candidate] = []
    /// The most alerts that may wait in the lane (``AlertLane/maximumWaiting``), and which one
    /// ends over it.
    var maximumWaiting: Int?
    var overflow: LaneOverflow = .refuseNewcomer
    /// When more wait than ``maximumWaiting`` allows: every alert that waits to go up for the
    /// first time in the lane, anywhere in the domain, first added first; empty otherwise.
    var waiting: [Waiting] = []
  }

  /// A visible alert of a lane.
  struct Shown: Sendable {
    var alert: AlertRef
    var priority: Int
    /// When it went up (or came back), in the process's order of events.
    var upStamp: UInt64
    /// Whether the framework asked its presenter to close it: it finishes animating out.
    var isDismissing = false
    /// Whether its dispatch is on the active chain.
    var isOnChain = true
    var cover: Cover = .none
    var interruption: InterruptionPolicy = .suspend
    /// What happens to it when its dispatch is not on the chain.
    var offstage: OffstagePolicy = .suspend
    /// When its minimum display time ends, if that is after the pass: until then no preemption
    /// takes it down.
    var minimumUntil: AlertInstant?
    /// The suspended alerts that lay beneath it when their screens left without it and that
    /// may come back now, bottom first: they come back beneath it.
    var beneath: [Beneath] = []
  }

  /// Whether a visible alert is beneath another.
  enum Cover: Hashable, Sendable {
    /// It is not covered.
    case none
    /// It is beneath this alert, which is up in the same lane.
    case by(AlertRef)
    /// What covered it is no longer up in this lane.
    case byGone
  }

  /// An alert that waits to go up.
  struct Candidate: Sendable {
    var alert: AlertRef
    var priority: Int
    /// Whether it went up before and was hidden: it comes back rather than being presented.
    var isSuspended = false
    /// When a suspended one last went up, in the process's order of events: alerts that come
    /// back in one plan come back in this order, within a lane and across lanes, so they stack
    /// as before.
    var upStamp: UInt64 = 0
    /// The ids of unfinished alerts it waits for (empty in a pass's snapshot, which holds only
    /// alerts no dependency blocks).
    var blockedBy: [AlertID] = []
    /// Where its dispatch is (always on the chain in a pass's snapshot, where a pause may hold
    /// it).
    var placement: Placement = .onChain
    /// The end of its show-not-before delay.
    var notBefore: AlertInstant?
    /// When a presenter refusal lets it be tried again, and what the presenter said.
    var retry: Retry?
    var style: PresentationStyle = .hideOthers
    var interruption: InterruptionPolicy = .suspend
    /// Whether it may take a front alert's place (rule 5).
    var preemption: PreemptionPolicy = .preempt
    /// The minimum display time it owes once up: all of it for a queued alert, what is left for
    /// a suspended one; `nil` for none.
    var minimumDisplay: Duration?
    /// The ledger keys a show of it counts under (its cap's, its category's).
    var ledgerKeys: [String] = []
    /// The caps and budgets it must fit in to go up, with the shows counted so far; empty when
    /// none can keep it down.
    var limits: [FrequencyLimit] = []
    /// The suspended alerts that lay beneath it when their screens left together and that may
    /// come back now, bottom first, each with the alert it lay beneath: they come back with it,
    /// beneath it.
    var beneath: [Beneath] = []
  }

  /// An alert hidden while covered, together with the alert that covered it.
  struct Beneath: Hashable, Sendable {
    var alert: AlertRef
    /// When it last went up (see ``Candidate/upStamp``).
    var upStamp: UInt64
    /// The alert it lay beneath.
    var coverer: AlertRef
  }

  /// Where a candidate's dispatch is, as the chain says.
  enum Placement: Hashable, Sendable {
    case onChain
    /// On the chain, held by a pause of the named dispatch (its own or one above it).
    case paused(by: String, scope: AlertPauseScope)
    /// Visible but off the chain (the named dispatch).
    case offstage(String)
    /// The named dispatch is not visible.
    case hidden(String)
  }

  /// A presenter refusal's retry.
  struct Retry: Hashable, Sendable {
    var at: AlertInstant
    var reason: String
  }

  /// A cap or a budget and how many shows it has counted.
  struct FrequencyLimit: Hashable, Sendable {
    /// The ledger key it counts under.
    var key: String
    /// The shows the ledger counted in its window.
    var shows: Int
    /// The most shows it allows.
    var limit: Int
    /// The cap in words, for the outcome and `explain`.
    var text: String
  }
}
