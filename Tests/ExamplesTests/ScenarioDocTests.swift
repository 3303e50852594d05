import AlertDispatchKit
import AlertDispatchSimulator
import Foundation
import Testing

/// The Scenario files article and the README show scenarios that run and output that alertsim
/// prints.
@MainActor
@Suite("Scenario documentation", .timeLimit(.minutes(1)))
struct ScenarioDocTests {
  static let article = "Docs/AlertDispatch.docc/ScenarioFiles.md"

  /// The fenced blocks of a file with this language, in order.
  static func blocks(_ path: String, language: String) throws -> [String] {
    let url = Products.packageRoot.appendingPathComponent(path)
    var blocks: [String] = []
    var current: [String]?
    for line in try String(contentsOf: url, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    {
      if current == nil, line == "```\(language)" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(String(line))
      }
    }
    return blocks
  }

  @Test("Every complete scenario in the article parses and passes")
  func articleScenarios() throws {
    AlertDispatch.diagnosticHandler = { _ in }
    let scenarios = try Self.blocks(Self.article, language: "text").filter { $0.hasPrefix("# ") }
    #expect(scenarios.count >= 3)
    for (index, text) in scenarios.enumerated() {
      let scenario = try Scenario.parse(text, file: "article block \(index + 1)")
      let result = ScenarioRunner.run(scenario)
      #expect(result.passed, "\(result.failures.map(\.description).joined(separator: "\n"))")
      #expect(result.expectationCount > 0)
    }
  }

  @Test("The article and the README show what alertsim prints for home-popups")
  func shownOutput() throws {
    let url = Products.packageRoot.appendingPathComponent(
      "Tests/ExamplesTests/Expected/alertsim-home-popups.txt")
    let printed = try String(contentsOf: url, encoding: .utf8)
    for file in [Self.article, "README.md"] {
      let shown = try Self.blocks(file, language: "text").filter { $0.contains("update@home") }
      #expect(shown.count == 1, "\(file) shows the output once")
      #expect(shown.first.map { $0 + "\n" } == printed, "\(file) shows stale output")
    }
  }
}
