import AlertDispatchKit
import AlertDispatchSimulator
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The scenario files of Examples/Scenarios pass when run in-process, as an app team would run
/// its own scenario files in its tests.
@MainActor
@Suite("Scenario files", .timeLimit(.minutes(1)))
struct ScenarioFileTests {
  init() {
    AlertDispatch.diagnosticHandler = { _ in }
  }

  func load(_ name: String) throws -> Scenario {
    let path = "Examples/Scenarios/\(name).scenario"
    let url = Products.packageRoot.appendingPathComponent(path)
    return try Scenario.parse(String(contentsOf: url, encoding: .utf8), file: path)
  }

  @Test("Each scenario file passes every expectation", arguments: Products.scenarios)
  func passes(_ name: String) throws {
    let scenario = try load(name)
    let result = ScenarioRunner.run(scenario)
    #expect(
      result.passed, "\(result.failures.map(\.description).joined(separator: "\n"))")
    #expect(result.expectationCount == scenario.expectationCount)
    #expect(result.expectationCount >= 8, "a story checks what it tells")
    #expect(result.endTime.offset == scenario.duration)
  }

  @Test("A run is deterministic", arguments: Products.scenarios)
  func deterministic(_ name: String) throws {
    let scenario = try load(name)
    let first = ScenarioRunner.run(scenario)
    let second = ScenarioRunner.run(scenario)
    #expect(first.timeline() == second.timeline())
    #expect(first.timedTranscript == second.timedTranscript)
    #expect(first.svg() == second.svg())
  }

  @Test("The SVG is well-formed XML with one row per alert", arguments: Products.scenarios)
  func svg(_ name: String) throws {
    let result = ScenarioRunner.run(try load(name))
    let rows = try svgRows(result.svg())
    let added = result.trace.events.compactMap { $0.kind == .added ? $0.alertID?.rawValue : nil }
    #expect(rows == added)
    #expect(!rows.isEmpty)
  }

  @Test("explain at a time says why an alert was waiting")
  func explainAtTime() throws {
    let scenario = try load("home-popups")
    #expect(ScenarioRunner.explain("promo", at: .milliseconds(500), in: scenario) == "not ready")
    #expect(
      ScenarioRunner.explain("promo", at: .milliseconds(1500), in: scenario)
        == "outranked by update")
    #expect(ScenarioRunner.explain("promo", at: .seconds(4), in: scenario) == "showing")
    #expect(
      ScenarioRunner.explain("promo", at: .seconds(5), in: scenario) == "ended: dismissed(Close)")
    #expect(
      ScenarioRunner.explain("nope", at: .zero, in: scenario)
        == "no alert named 'nope' in Examples/Scenarios/home-popups.scenario")
  }
}

/// The `data-alert` of every `g class="row"` element, in order; fails if the SVG is not
/// well-formed XML.
func svgRows(_ svg: String) throws -> [String] {
  final class Rows: NSObject, XMLParserDelegate {
    var ids: [String] = []
    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      if name == "g", attributes["class"] == "row" { ids.append(attributes["data-alert"] ?? "") }
    }
  }
  let parser = XMLParser(data: Data(svg.utf8))
  let rows = Rows()
  parser.delegate = rows
  try #require(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
  return rows.ids
}
