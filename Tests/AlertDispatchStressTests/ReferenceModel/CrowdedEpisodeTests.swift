import AlertDispatchKit
import AlertDispatchStressKit
import Testing

/// Two seeded episodes in four crowd a few lanes, so that the choices among equals come up; one
/// of them with covering alerts and alerts that leave slowly.
@MainActor
@Suite("Crowded episodes", .timeLimit(.minutes(1)))
struct CrowdedEpisodeTests {
  static let crowdedLaneNames: Set<String> = ["pair", "stack", "few", "keep", "low"]

  @Test(
    "Two episodes in four add their alerts in the crowded lanes, at low, normal or high priority")
  func twoEpisodesInFourAreCrowded() {
    let session = StressSession(seed: 7, steps: 10_000)
    for index in 0..<8 {
      let specs = session.episode(index, maxOperations: 480).operations.compactMap {
        operation -> AlertSpec? in
        if case .add(let spec) = operation { return spec }
        return nil
      }
      #expect(!specs.isEmpty)
      let lanes = Set(
        specs.map { StressTables.lanes[Int($0.lane) % StressTables.lanes.count].lane.name })
      let priorities = Set(
        specs.map { StressTables.priorities[Int($0.priority) % StressTables.priorities.count] })
      if index % 2 == 1 {
        #expect(lanes.isSubset(of: Self.crowdedLaneNames), "episode \(index): \(lanes)")
        #expect(priorities.isSubset(of: [.low, .normal, .high]), "episode \(index): \(priorities)")
      } else {
        #expect(!lanes.isSubset(of: Self.crowdedLaneNames), "episode \(index): \(lanes)")
      }
    }
  }

  @Test("A covering episode covers with half its alerts and animates dismissals")
  func coveringEpisodesCoverAndLeaveSlowly() {
    let session = StressSession(seed: 7, steps: 10_000)
    for index in [1, 5, 9] {
      let episode = session.episode(index, maxOperations: 480)
      let specs = episode.operations.compactMap { operation -> AlertSpec? in
        if case .add(let spec) = operation { return spec }
        return nil
      }
      #expect(episode.dismissDuration >= .milliseconds(100), "episode \(index)")
      let covering = specs.filter(\.covers).count
      #expect(covering * 3 >= specs.count, "episode \(index): \(covering) of \(specs.count)")
    }
  }
}
