// snippet: scenario-suite
import AlertDispatchSimulator
import Foundation
import Testing

/// One test per popup story: each file of the `Scenarios` folder beside this one must pass.
@MainActor
@Test("A popup story passes", arguments: scenarioFiles())
func popupStoryPasses(_ file: URL) throws {
  let text = try String(contentsOf: file, encoding: .utf8)
  let result = ScenarioRunner.run(try Scenario.parse(text, file: file.path))
  let failures = result.failures.map(\.description).joined(separator: "\n")
  #expect(result.passed, "\(failures)\n\(result.timeline())")
}

/// The `.scenario` files of the `Scenarios` folder next to this source file, by name.
func scenarioFiles(besides source: String = #filePath) -> [URL] {
  let folder = URL(fileURLWithPath: source).deletingLastPathComponent()
    .appendingPathComponent("Scenarios")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  return names.filter { $0.hasSuffix(".scenario") }.sorted().map(folder.appendingPathComponent)
}
// end-snippet

/// The suite above found the story it should run, so its passing means something.
@Test("The scenario suite runs every file of its Scenarios folder")
func scenarioSuiteFindsItsFiles() {
  #expect(scenarioFiles().map(\.lastPathComponent) == ["rate-us.scenario"])
}
