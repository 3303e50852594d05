import Testing

@testable import AlertDispatchKit

/// The arbiter as a pure function: inputs built by hand, plans compared as values. One case or
/// more per rule of a pass (DESIGN.md, "Rules of a pass").
@Suite("The arbiter over a hand-made snapshot", .timeLimit(.minutes(1)))
struct ArbiterTests {
  /// Alerts named by id, with their add order in the name's order of first use.
  private static func ref(_ id: String, _ sequence: UInt64 = 0) -> AlertRef {
    AlertRef(id: AlertID(id), sequence: sequence)
  }

  private static let now = AlertInstant(offset: .seconds(10))

  private static func shown(
    _ id: String, priority: Int = 500, up: UInt64 = 1, onChain: Bool = true,
    dismissing: Bool = false, cover: PassInput.Cover = .none,
    interruption: InterruptionPolicy = .suspend
  ) -> PassInput.Shown {
    PassInput.Shown(
      alert: ref(id), priority: priority, upStamp: up, isDismissing: dismissing,
      isOnChain: onChain, cover: cover, interruption: interruption)
  }

  private static func candidate(
    _ id: String, priority: Int = 500, suspended: Bool = false,
    notBefore: AlertInstant? = nil, retry: PassInput.Retry? = nil,
    style: PresentationStyle = .hideOthers, limits: [PassInput.FrequencyLimit] = [],
    keys: [String] = []
  ) -> PassInput.Candidate {
    PassInput.Candidate(
      alert: ref(id), priority: priority, isSuspended: suspended, notBefore: notBefore,
      retry: retry, style: style, ledgerKeys: keys, limits: limits)
  }

  /// A suspended candidate, which last went up at `up`.
  private static func hidden(_ id: String, priority: Int = 500, up: UInt64 = 0)
    -> PassInput.Candidate
  {
    var candidate = candidate(id, priority: priority, suspended: true)
    candidate.upStamp = up
    return candidate
  }

  private static func plan(_ lanes: [PassInput.Lane]) throws -> PassPlan {
    try Arbiter.plan(PassInput(now: now, lanes: lanes))
  }

  @Test("Rule 1, chain: only the chain's verdict counts; an alert off it is held, with its reason")
  func chainVerdict() {
    var offstage = Self.candidate("promo")
    offstage.placement = .offstage("settings")
    let lane = PassInput.Lane(capacity: 1, candidates: [])
    #expect(
      Arbiter.reason(for: offstage, in: lane, at: Self.now) == .offstage("settings"))
    offstage.placement = .hidden("home")
    #expect(Arbiter.reason(for: offstage, in: lane, at: Self.now) == .ownerHidden("home"))
    offstage.placement = .paused(by: "root", scope: .all)
    #expect(Arbiter.reason(for: offstage, in: lane, at: Self.now) == .paused(by: "root"))
  }

  @Test("Rule 2, offstage: a visible alert whose screen left the chain is suspended")
  func offstageSuspends() throws {
    let plan = try Self.plan([
      PassInput.Lane(capacity: 1, shown: [Self.shown("a", onChain: false)])
    ])
    #expect(plan.decisions == [.suspend(Self.ref("a"))])
    // One being dismissed finishes animating out where it is.
    let dismissing = try Self.plan([
      PassInput.Lane(capacity: 1, shown: [Self.shown("a", onChain: false, dismissing: true)])
    ])
    #expect(dismissing.decisions == [])
  }

  @Test("Rule 3, eligible: a delay holds one alert and lets the line go on, with a wake-up")
  func delayLetsTheLineGoOn() throws {
    let later = AlertInstant(offset: .seconds(12))
    let plan = try Self.plan([
      PassInput.Lane(
        capacity: 1,
        candidates: [Self.candidate("late", priority: 750, notBefore: later), Self.candidate("b")])
    ])
    #expect(plan.decisions == [.present(Self.ref("b"))])
    #expect(plan.wakeAt == later)
    #expect(plan.waiting == [.init(alert: Self.ref("late"), reason: .delayed(until: later))])
  }

  @Test("Rule 3, eligible: a lane's gap after the last end holds the lane until it passes")
  func gapHoldsTheLane() throws {
    let lane = PassInput.Lane(
      capacity: 1, minimumGap: .seconds(1), lastEnd: AlertInstant(offset: .milliseconds(9_500)),
      candidates: [Self.candidate("a")])
    let plan = try Self.plan([lane])
    #expect(plan.decisions == [])
    #expect(plan.wakeAt == AlertInstant(offset: .milliseconds(10_500)))
  }

  @Test("Rule 3, eligible: a capped alert ends at its turn, counting the plan's own shows")
  func capEndsAtItsTurn() throws {
    let cap = PassInput.FrequencyLimit(key: "k", shows: 0, limit: 1, text: "once (key k)")
    let plan = try Self.plan([
      PassInput.Lane(
        capacity: .max,
        candidates: [
          Self.candidate("first", limits: [cap], keys: ["k"]),
          Self.candidate("second", limits: [cap], keys: ["k"]),
        ])
    ])
    #expect(
      plan.decisions == [
        .present(Self.ref("first")),
        .end(Self.ref("second"), .cancelled(.frequencyCapped("once (key k)"))),
      ])
    #expect(!plan.isFinal)
  }

  @Test("Rule 4, order: the first candidates in line fill the lane, and the plan reads no further")
  func orderFillsTheLane() throws {
    let plan = try Self.plan([
      PassInput.Lane(
        capacity: 2,
        candidates: [Self.candidate("a", priority: 750), Self.candidate("b"), Self.candidate("c")])
    ])
    #expect(plan.decisions == [.present(Self.ref("a")), .present(Self.ref("b"))])
    // Once the lane is full and nothing in front is below the last candidate read, no later
    // candidate can go up: "c" is not read, so it has no reason in the plan.
    #expect(plan.waiting == [])
    // A higher candidate behind a full lane is read, and is outranked only by what it may not
    // preempt.
    let full = try Self.plan([
      PassInput.Lane(
        capacity: 1, shown: [Self.shown("front", priority: 750, interruption: .never)],
        candidates: [Self.candidate("high", priority: 1000)])
    ])
    #expect(full.decisions == [])
    #expect(full.waiting == [.init(alert: Self.ref("high"), reason: .outranked(by: ["front"]))])
  }

  @Test("Rule 5, preemption: strictly higher takes the place, as the front alert's policy says")
  func preemption() throws {
    let urgent = Self.candidate("urgent", priority: 1000)
    let suspend = try Self.plan([
      PassInput.Lane(capacity: 1, shown: [Self.shown("a")], candidates: [urgent])
    ])
    #expect(suspend.decisions == [.suspend(Self.ref("a")), .present(Self.ref("urgent"))])
    let cancel = try Self.plan([
      PassInput.Lane(
        capacity: 1, shown: [Self.shown("a", interruption: .cancel)], candidates: [urgent])
    ])
    #expect(
      cancel.decisions == [.dismiss(Self.ref("a"), .cancelled(.preempted(by: "urgent")))])
    #expect(!cancel.isFinal)
    let never = try Self.plan([
      PassInput.Lane(
        capacity: 1, shown: [Self.shown("a", interruption: .never)], candidates: [urgent])
    ])
    #expect(never.decisions == [])
    var cover = urgent
    cover.style = .cover
    let covering = try Self.plan([
      PassInput.Lane(capacity: 1, shown: [Self.shown("a")], candidates: [cover])
    ])
    #expect(
      covering.decisions == [
        .cover(Self.ref("a"), by: Self.ref("urgent")), .present(Self.ref("urgent")),
      ])
    // Equal priority waits: first added first shown.
    let equal = try Self.plan([
      PassInput.Lane(capacity: 1, shown: [Self.shown("a")], candidates: [Self.candidate("b")])
    ])
    #expect(equal.decisions == [])
  }

  @Test("Rule 5, preemption: a candidate that does not interrupt waits, and holds those behind")
  func nonInterruptingCandidate() throws {
    var patient = Self.candidate("saved", priority: 1000)
    patient.preemption = .wait
    let lane = PassInput.Lane(
      capacity: 1, shown: [Self.shown("a", priority: 250)],
      candidates: [patient, Self.candidate("error", priority: 750)])
    let plan = try Self.plan([lane])
    #expect(plan.decisions == [])
    #expect(
      plan.waiting == [PassPlan.Waiting(alert: Self.ref("saved"), reason: .waitingForRoom(["a"]))])
    #expect(
      Arbiter.reason(for: lane.candidates[1], in: lane, at: Self.now) == .queuedBehind("saved"))
    var room = lane
    room.shown = []
    #expect(try Self.plan([room]).decisions == [.present(Self.ref("saved"))])
  }

  @Test("Rule 5, preemption: a lane full only with alerts being dismissed waits for them to go")
  func fullOfLeavingAlerts() throws {
    let lane = PassInput.Lane(
      capacity: 1, shown: [Self.shown("saved", dismissing: true)],
      candidates: [Self.candidate("saved", priority: 1000)])
    let plan = try Self.plan([lane])
    #expect(plan.decisions == [])
    #expect(
      plan.waiting == [.init(alert: Self.ref("saved"), reason: .waitingForDismissal(of: ["saved"]))]
    )
  }

  @Test("Rule 6, restore: a suspended alert first in line comes back rather than being presented")
  func restore() throws {
    let plan = try Self.plan([
      PassInput.Lane(
        capacity: 1,
        candidates: [Self.candidate("back", priority: 750, suspended: true), Self.candidate("b")])
    ])
    #expect(plan.decisions == [.restore(Self.ref("back"))])
  }

  @Test("Rules 2 and 6: a covered alert hidden with its coverer comes back beneath it")
  func restoreBeneathCoverer() throws {
    let (beneath, top) = (Self.ref("beneath"), Self.ref("top"))
    let hidden = try Self.plan([
      PassInput.Lane(
        capacity: 1,
        shown: [
          Self.shown("beneath", up: 1, onChain: false, cover: .by(top)),
          Self.shown("top", priority: 750, up: 2, onChain: false),
        ])
    ])
    #expect(hidden.decisions == [.suspendBeneath(beneath, coverer: top), .suspend(top)])
    var coverer = Self.candidate("top", priority: 750, suspended: true)
    coverer.upStamp = 2
    coverer.beneath = [PassInput.Beneath(alert: beneath, upStamp: 1, coverer: top)]
    // Read again in its own place in line, the covered alert is already up.
    let back = try Self.plan([
      PassInput.Lane(
        capacity: 2,
        candidates: [
          coverer, Self.candidate("beneath", suspended: true), Self.candidate("next"),
        ])
    ])
    #expect(
      back.decisions == [
        .restore(beneath), .cover(beneath, by: top), .restore(top), .present(Self.ref("next")),
      ])
  }

  @Test("Rules 2 and 6: across lanes, alerts leave and come back in the order they went up")
  func acrossLanesInUpOrder() throws {
    let (modal, toast) = (Self.ref("modal"), Self.ref("toast"))
    let hidden = try Self.plan([
      PassInput.Lane(capacity: .max, shown: [Self.shown("toast", up: 2, onChain: false)]),
      PassInput.Lane(capacity: 1, shown: [Self.shown("modal", up: 1, onChain: false)]),
    ])
    #expect(hidden.decisions == [.suspend(modal), .suspend(toast)])
    var (backModal, backToast) = (
      Self.candidate("modal", suspended: true), Self.candidate("toast", suspended: true)
    )
    (backModal.upStamp, backToast.upStamp) = (1, 2)
    // Decisions that bring nothing back keep their lane's order.
    let back = try Self.plan([
      PassInput.Lane(capacity: .max, candidates: [backToast, Self.candidate("new")]),
      PassInput.Lane(capacity: 1, candidates: [backModal]),
    ])
    #expect(back.decisions == [.restore(modal), .restore(toast), .present(Self.ref("new"))])
  }

  /// A lane whose line puts a new alert up before it brings one back: the alert it brings back
  /// still comes back before a later one of another lane (stress seed 1, episode 199).
  @Test("Rule 6: across lanes, an alert brought back after a first show still keeps its up order")
  func acrossLanesAfterAFirstShow() throws {
    let (modal, pair, new) = (Self.ref("modal"), Self.ref("pair"), Self.ref("new"))
    let back = try Self.plan([
      PassInput.Lane(capacity: 1, candidates: [Self.hidden("modal", up: 2)]),
      PassInput.Lane(
        capacity: 2,
        candidates: [Self.candidate("new"), Self.hidden("pair", priority: 250, up: 1)]),
    ])
    #expect(back.decisions == [.present(new), .restore(pair), .restore(modal)])
  }

  /// A lane of two hides its alerts bottom first and brings them back so, whatever their ranks.
  @Test("Rules 2 and 6: within a lane, alerts come back in the order they went up")
  func withinALaneInUpOrder() throws {
    let (first, second) = (Self.ref("first"), Self.ref("second"))
    let shown = [
      Self.shown("first", up: 1, onChain: false),
      Self.shown("second", priority: 750, up: 2, onChain: false),
    ]
    let hidden = try Self.plan([PassInput.Lane(capacity: 2, shown: shown)])
    #expect(hidden.decisions == [.suspend(first), .suspend(second)])
    // The line reads the higher one first; the one that went up first still comes back first.
    let back = try Self.plan([
      PassInput.Lane(
        capacity: 2,
        candidates: [Self.hidden("second", priority: 750, up: 2), Self.hidden("first", up: 1)])
    ])
    #expect(back.decisions == [.restore(first), .restore(second)])
  }

  /// Capacity and priority pick the alerts that come back; the order they went up orders only
  /// their restores, and a presentation keeps its turn.
  @Test("Rules 4 and 6: the line picks which alerts come back; the up order only orders them")
  func lineDecidesWhichComeBack() throws {
    let (low, high) = (Self.hidden("low", up: 1), Self.hidden("high", priority: 750, up: 2))
    let newcomer = Self.candidate("newcomer", priority: 1000)
    // A higher alert added while they were hidden takes a place: the best hidden one takes the
    // other, and the one that went up first waits in its place in line.
    let two = try Self.plan([PassInput.Lane(capacity: 2, candidates: [newcomer, high, low])])
    #expect(two.decisions == [.present(Self.ref("newcomer")), .restore(Self.ref("high"))])
    // With room for all, the hidden ones come back in the order they went up, in the places the
    // line gave restores; a presentation keeps its place.
    let three = try Self.plan([PassInput.Lane(capacity: 3, candidates: [newcomer, high, low])])
    #expect(
      three.decisions == [
        .present(Self.ref("newcomer")), .restore(Self.ref("low")), .restore(Self.ref("high")),
      ])
    let between = Self.candidate("between", priority: 600)
    let middle = try Self.plan([PassInput.Lane(capacity: 3, candidates: [high, between, low])])
    #expect(
      middle.decisions == [
        .restore(Self.ref("low")), .present(Self.ref("between")), .restore(Self.ref("high")),
      ])
  }

  /// A restore that needs a front alert hidden, and one that brings a covered alert back
  /// beneath it, still go in the order their alerts went up.
  @Test("Rules 5 and 6: restores keep their up order around a preemption, with what lay beneath")
  func withinALaneWithPreemptionAndCover() throws {
    let (beneath, top, other) = (Self.ref("beneath"), Self.ref("top"), Self.ref("other"))
    var coverer = Self.hidden("top", priority: 750, up: 3)
    coverer.beneath = [PassInput.Beneath(alert: beneath, upStamp: 1, coverer: top)]
    let plan = try Self.plan([
      PassInput.Lane(
        capacity: 2, shown: [Self.shown("front", priority: 250, up: 4)],
        candidates: [coverer, Self.hidden("other", priority: 600, up: 2), Self.hidden("beneath")])
    ])
    // "top" goes up beside "front", and "other" takes front's place; "other" went up before
    // "top" and comes back first, "top" after it with "beneath" beneath it.
    #expect(
      plan.decisions == [
        .restore(other), .suspend(Self.ref("front")), .restore(beneath),
        .cover(beneath, by: top), .restore(top),
      ])
  }

  @Test("Rule 7, refusal: nothing lower overtakes an alert waiting out its retry")
  func refusalHoldsTheLane() throws {
    let retryAt = AlertInstant(offset: .milliseconds(10_200))
    let refused = Self.candidate(
      "refused", priority: 750, retry: PassInput.Retry(at: retryAt, reason: "no host"))
    let lane = PassInput.Lane(capacity: 1, candidates: [refused, Self.candidate("b")])
    let plan = try Self.plan([lane])
    #expect(plan.decisions == [])
    #expect(plan.wakeAt == retryAt)
    #expect(
      Arbiter.reason(for: lane.candidates[1], in: lane, at: Self.now)
        == .waitingBehind("refused"))
  }

  @Test(
    "A snapshot holding only the front of a long line asks for more when the plan reads past it")
  func asksForMoreCandidates() {
    let later = AlertInstant(offset: .seconds(20))
    let lane = PassInput.Lane(
      capacity: 1, candidates: [Self.candidate("late", notBefore: later)],
      hasMoreCandidates: true)
    #expect(throws: MoreCandidatesNeeded.self) { try Self.plan([lane]) }
  }

  @Test("A cover ends when the coverer leaves: the covered alert is in front again")
  func uncoverWhenCovererLeaves() throws {
    let plan = try Self.plan([
      PassInput.Lane(
        capacity: 1,
        shown: [
          Self.shown("beneath", cover: .by(Self.ref("top"))),
          Self.shown("top", priority: 750, up: 2, onChain: false),
        ])
    ])
    #expect(plan.decisions == [.suspend(Self.ref("top")), .uncover(Self.ref("beneath"))])
  }
}
