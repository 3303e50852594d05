import AlertDispatchKit

/// The four workloads of issue 8.
enum Workload: String, CaseIterable, Sendable {
  /// n alerts of random priority on one dispatch, each dismissed as it goes up.
  case burst
  /// The same with every priority distinct: a lane with n distinct priorities (AlertDispatch
  /// only, as a reference: its cost per event must not grow with them either).
  case burstWide = "burst-wide"
  /// A chain of depth 16 with 10,000 offstage screens holding alerts; the n alerts on the chain.
  case deep
  /// The same chain of depth 16 without offstage screens: the reference for `deep`.
  case deepBare = "deep-bare"
  /// Chains and fan-in of `after` dependencies.
  case dependencies
  /// Two tabs switching (disappear, appear) with showing alerts suspended and restored.
  case churn
  /// n alerts of one priority, every other one waiting for the first: when the first ends,
  /// the waiters join the middle of one big bucket (AlertDispatch only, as a reference).
  case oneBucket = "one-bucket"

  /// Whether the workload only serves as a reference for AlertDispatch (the baselines do not
  /// run it, and no ratio to them is computed).
  var isReference: Bool { self == .deepBare || self == .burstWide || self == .oneBucket }

  var summary: String {
    switch self {
    case .burst: "n alerts, random priority, one dispatch, each dismissed as it goes up"
    case .burstWide: "the same, priorities in 0..<10⁹ (nearly n distinct; AlertDispatch only)"
    case .deep: "chain of depth 16 + 10,000 offstage screens with 2 alerts each; n alerts on chain"
    case .deepBare: "the same chain of depth 16, no offstage screens (reference for deep)"
    case .dependencies: "blocks of 16: a chain of 8 `after` links, 7 alerts fanning in to 1"
    case .churn: "two tabs; each step switches tab (disappear + appear), then dismisses the front"
    case .oneBucket:
      "one priority; every other alert `after` the first joins the middle of the line (AlertDispatch only)"
    }
  }
}

/// One alert of a workload, with everything precomputed so that no request is built while timed.
///
/// A class, so that handing a spec to a scheduler retains one reference at most: as a structure,
/// the driver copied each spec out of the array (its id, its dependencies and every field of its
/// request retained, then released), about 400 instructions per alert on deep that every
/// scheduler was charged for, the floor included.
final class AlertSpec: Sendable {
  let id: AlertID
  let priority: Int
  /// Index of the screen the alert is added to.
  let screen: Int
  let dependencies: [AlertID]
  let seq: Int
  let request: AlertRequest

  init(
    id: AlertID, priority: Int, screen: Int, dependencies: [AlertID], seq: Int,
    request: AlertRequest
  ) {
    self.id = id
    self.priority = priority
    self.screen = screen
    self.dependencies = dependencies
    self.seq = seq
    self.request = request
  }
}

/// One screen of a workload's tree; index 0 is the root.
struct ScreenSpec {
  let parent: Int?
  let visible: Bool
}

/// The screens, the active child of each parent, the offstage alerts added before timing, and
/// the n alerts of one run.
struct Scenario {
  let workload: Workload
  let n: Int
  var screens: [ScreenSpec] = [ScreenSpec(parent: nil, visible: true)]
  /// The active child of each screen that has one (the chain).
  var activeChild: [Int: Int] = [:]
  /// Alerts added (untimed) before the runs; they stay queued offstage.
  var offstage: [AlertSpec] = []
  /// The alerts of one run.
  var alerts: [AlertSpec] = []
  /// For churn: the two tabs that switch.
  var tabs: [Int] = []

  static let chainDepth = 16
  static let offstageScreens = 10_000
  static let alertsPerOffstageScreen = 2

  @MainActor
  init(_ workload: Workload, n: Int, seed: UInt64) {
    self.workload = workload
    self.n = n
    var random = SplitMix64(seed: seed &+ UInt64(n))
    switch workload {
    case .burst:
      alerts = (0..<n).map { spec($0, screen: 0, priority: random.priority()) }
    case .burstWide:
      alerts = (0..<n).map { spec($0, screen: 0, priority: random.widePriority()) }
    case .deep, .deepBare:
      for level in 1..<Scenario.chainDepth {
        screens.append(ScreenSpec(parent: level - 1, visible: true))
        activeChild[level - 1] = level
      }
      // Offstage alerts draw from their own generator, so that deep and deep-bare put the very
      // same alerts on the chain.
      var offstageRandom = SplitMix64(seed: seed ^ 0x0FF5_7A6E)
      if workload == .deep { addOffstageScreens(&offstageRandom) }
      alerts = (0..<n).map {
        spec($0, screen: $0 % Scenario.chainDepth, priority: random.priority())
      }
    case .dependencies:
      alerts = (0..<n).map { index in
        let block = index - index % 16
        let position = index % 16
        let after: [AlertID]
        switch position {
        case 1..<8: after = [Scenario.id(index - 1)]
        case 15: after = (block + 7..<block + 15).filter { $0 < n }.map(Scenario.id)
        default: after = []
        }
        return spec(index, screen: 0, priority: random.priority(), after: after)
      }
    case .oneBucket:
      alerts = (0..<n).map { index in
        spec(index, screen: 0, priority: 500, after: index % 2 == 1 ? [Scenario.id(0)] : [])
      }
    case .churn:
      screens += [ScreenSpec(parent: 0, visible: true), ScreenSpec(parent: 0, visible: false)]
      tabs = [1, 2]
      activeChild[0] = 1
      alerts = (0..<n).map { spec($0, screen: 1 + $0 % 2, priority: random.priority()) }
    }
  }

  /// 100 offstage groups (unselected tabs) of 100 screens each, hung under the chain's nodes.
  @MainActor
  private mutating func addOffstageScreens(_ random: inout SplitMix64) {
    let groups = 100
    let perGroup = Scenario.offstageScreens / groups
    var serial = 0
    for group in 0..<groups {
      let groupIndex = screens.count
      screens.append(ScreenSpec(parent: group % Scenario.chainDepth, visible: false))
      for _ in 0..<perGroup {
        let screen = screens.count
        screens.append(ScreenSpec(parent: groupIndex, visible: false))
        for _ in 0..<Scenario.alertsPerOffstageScreen {
          let id = AlertID("o\(serial)")
          let priority = random.priority()
          offstage.append(
            AlertSpec(
              id: id, priority: priority, screen: screen, dependencies: [], seq: serial,
              request: AlertRequest(id: id, priority: AlertPriority(priority))))
          serial += 1
        }
      }
    }
  }

  static func id(_ index: Int) -> AlertID { AlertID("a\(index)") }

  @MainActor
  private func spec(_ index: Int, screen: Int, priority: Int, after: [AlertID] = [])
    -> AlertSpec
  {
    let id = Scenario.id(index)
    return AlertSpec(
      id: id, priority: priority, screen: screen, dependencies: after, seq: index,
      request: AlertRequest(id: id, priority: AlertPriority(priority), after: after))
  }

  /// Scheduler calls one run makes: adds and dismisses, plus two per tab switch.
  var eventsPerRun: Int {
    workload == .churn ? 4 * n : 2 * n
  }
}

/// A small deterministic generator, so every scheduler sees the same priorities.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A priority in 0..<1000, so that lanes hold up to 1,000 distinct priorities.
  mutating func priority() -> Int { Int(next() % 1000) }

  /// A priority in 0..<1,000,000,000, so that every alert of a run has its own.
  mutating func widePriority() -> Int { Int(next() % 1_000_000_000) }
}
