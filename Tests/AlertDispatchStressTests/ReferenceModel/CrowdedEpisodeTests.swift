import AlertDispatchKit
import AlertDispatchStressKit
import Testing

/// One seeded episode in four crowds a few lanes, so that the choices among equals come up.
@MainActor
@Suite("Crowded episodes", .timeLimit(.minutes(1)))
struct CrowdedEpisodeTests {
  static let crowdedLaneNames: Set<String> = ["pair", "stack", "few", "keep", "low"]

  @Test(
    "Every fourth episode adds its alerts in the crowded lanes, at low, normal or high priority")
  func everyFourthEpisodeIsCrowded() {
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
      if index % 4 == 3 {
        #expect(lanes.isSubset(of: Self.crowdedLaneNames), "episode \(index): \(lanes)")
        #expect(priorities.isSubset(of: [.low, .normal, .high]), "episode \(index): \(priorities)")
      } else {
        #expect(!lanes.isSubset(of: Self.crowdedLaneNames), "episode \(index): \(lanes)")
      }
    }
  }
}
