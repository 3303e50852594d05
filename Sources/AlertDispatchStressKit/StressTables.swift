import AlertDispatchKit

/// The small tables the numbers of an ``AlertSpec`` index. Values are chosen to collide:
/// few priorities (ties test first-added order), lanes that share names, durations near the
/// clock steps the operations take.
package enum StressTables {
  /// Priorities; `normal` twice, so that ties are common.
  package static let priorities: [AlertPriority] = [.low, .normal, .high, .critical, 600, .normal]

  /// A lane and whether a scenario file can declare it (a lane that disagrees with a lane of the
  /// same name, or a capacity of 0, cannot be written: they are misuse the stress tool adds).
  package static let lanes: [(lane: AlertLane, expressible: Bool)] = [
    (.modal, true),
    (AlertLane("toast"), true),
    (AlertLane("pair", capacity: .limited(2), minimumGap: .milliseconds(150)), true),
    (AlertLane("burst", capacity: .unlimited), true),
    (AlertLane("slow", minimumGap: .seconds(1)), true),
    (AlertLane("stack", capacity: .limited(2), order: .newestFirst), true),
    (AlertLane("few", maximumWaiting: 2, overflow: .dropOldest), true),
    (AlertLane("keep", capacity: .limited(2), maximumWaiting: 1), true),
    (AlertLane("low", maximumWaiting: 2, overflow: .dropLowestPriority), true),
    (AlertLane("modal", capacity: .limited(3)), false),
    (AlertLane("toast", order: .newestFirst), false),
    (AlertLane("zero", capacity: .limited(0)), false),
    (AlertLane("negative-gap", minimumGap: .milliseconds(-150)), false),
  ]

  /// The lane a scenario file declares under `name`: the writable lane of that name.
  package static func writableLane(named name: String) -> AlertLane {
    lanes.first { $0.expressible && $0.lane.name == name }?.lane ?? AlertLane(name)
  }

  /// Durations for deadlines, expiries, delays, auto-dismissals and minimum display times;
  /// index 0 is none. Zero and
  /// negative values are invalid requests (misuse); only non-negative ones can be written in a
  /// scenario file.
  package static let durations: [Duration?] = [
    nil, .milliseconds(200), .milliseconds(500), .seconds(1), .seconds(2), .seconds(5),
    .seconds(15), .zero, .seconds(-1),
  ]

  /// What a higher alert does to a front alert.
  package static let interruptions: [InterruptionPolicy] = [.suspend, .cancel, .never, .suspend]

  /// Frequency caps and how a scenario file writes them; index 0 is none. The shared keys make
  /// caps of different alerts collide. A limit of 0 is an invalid request that a file cannot
  /// write.
  package static let caps: [(cap: FrequencyCap, text: String?)?] = [
    nil,
    (.onceEver(), "once-ever"),
    (.oncePerLaunch(key: "promo"), "once-per-launch key promo"),
    (FrequencyCap(2, per: .launch, key: "promo"), "2-per-launch key promo"),
    (.times(2, per: .seconds(10), key: "tip"), "2-per 10s key tip"),
    (.oncePerDay(countsWhen: .dismissed), "once-per-day when dismissed"),
    (.oncePerVersion(key: "whats-new"), "once-per-version key whats-new"),
    (FrequencyCap(0, per: .launch), nil),
  ]

  /// Categories; index 0 is none. `promo` has a budget of two per launch in every run.
  package static let categories: [String?] = [nil, "promo", "other"]

  /// The budgets every run's frequency policy has.
  package static let budgets: [String: FrequencyBudget] = [
    "promo": FrequencyBudget(2, per: .launch)
  ]

  /// Steps of the virtual clock.
  package static let advances: [UInt32] = [
    0, 10, 50, 100, 150, 200, 350, 500, 1_000, 2_000, 5_000, 11_000, 30_000,
  ]

  /// The shared ids an ``AlertSpec/sharedID`` picks from.
  package static let sharedIDs = ["p0", "p1", "p2", "p3"]

  /// The names of the free-standing dispatches of a run (outside the simulator's screens).
  package static let rawNames = ["r0", "r1", "r2"]
}
