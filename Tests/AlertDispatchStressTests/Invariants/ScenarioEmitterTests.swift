import AlertDispatchKit
import AlertDispatchScenarioFormat
import AlertDispatchSimulator
import AlertDispatchStressKit
import Testing

/// The emitted scenario files parse, and an exact one replays the episode: the scenario
/// runner ends every alert with the outcome the stress driver saw.
@MainActor
@Suite("Scenario emitter", .timeLimit(.minutes(1)))
struct ScenarioEmitterTests {
  @Test("Emitted scenarios parse, and exact ones replay with the same outcomes")
  func replay() throws {
    let session = StressSession(seed: 99, steps: 1_000_000, episodeLength: 20...200)
    var exact = 0
    // Sixty episodes, each run with every check of the stress driver to be emitted, then
    // replayed: under AddressSanitizer, well within the suite's minute.
    for index in 0..<60 {
      let episode = session.episode(index, maxOperations: 200).writable
      let text = StressRunner.scenario(for: episode, title: "episode \(index)")
      let scenario: Scenario
      do {
        scenario = try Scenario.parse(text, file: "episode-\(index).scenario")
      } catch {
        Issue.record("episode \(index) does not parse: \(error)\n\(text)")
        continue
      }
      guard text.contains("# exact:") else { continue }
      exact += 1
      // A completion handler that adds an alert which ends at once, which adds it again, …
      // loops: the runner stops it after 1000 reactions, as the stress driver does.
      let failures = ScenarioRunner.run(scenario).failures.map(\.description).filter {
        !$0.contains("more than 1000 reactions ran")
      }
      #expect(failures.isEmpty, "episode \(index): \(failures.joined(separator: "\n"))\n\(text)")
    }
    #expect(exact >= 30, "\(exact) of 60 episodes are exact")
  }

  // Forty episodes: each is run with every check of the stress driver to be emitted, which
  // under AddressSanitizer takes about half a second.
  @Test("Emitted scenarios are the scenario format's writing of their statements")
  func writtenByTheFormat() throws {
    let session = StressSession(seed: 7, steps: 1_000_000, episodeLength: 20...200)
    for index in 0..<40 {
      let episode = session.episode(index, maxOperations: 200).writable
      let text = StressRunner.scenario(for: episode, title: "episode \(index)")
      #expect(!text.contains("# does not read back"), "episode \(index):\n\(text)")
      let statements = try ScenarioFormat.parse(text, file: "episode").map(\.statement)
      let written = try ScenarioFormat.write(statements, file: "episode")
      #expect(written == text, "episode \(index)")
    }
  }
}
