import AlertDispatchKit
import Foundation
import Testing

/// Every row of the misuse catalogue: the misuse gets its documented answer and exactly its
/// diagnostic, and the article lists it with that diagnostic.
@MainActor
@Suite("Misuse catalogue", .timeLimit(.minutes(1)))
struct MisuseCatalogueTests {
  static let article = PackageRoot.url.appendingPathComponent(
    "Docs/AlertDispatch.docc/MisuseCatalogue.md")

  @Test("Each misuse gets its documented answer and diagnostic", arguments: MisuseCatalogue.cases)
  func misuse(_ entry: MisuseCase) throws {
    let bench = MisuseBench()
    // In the bench's settings: the policies and dispatches the case makes report to it alone.
    let reported = try withAlertDispatchSettings(bench.settings) { try entry.run(bench) }
    if entry.diagnostic == nil {
      #expect(reported == [], "M\(entry.id) reports nothing")
    } else {
      #expect(reported.count == 1 && entry.matches(reported[0]), "M\(entry.id): \(reported)")
    }
  }

  @Test("The catalogue has at least 20 rows, numbered in order")
  func numbering() {
    #expect(MisuseCatalogue.cases.count >= 20)
    #expect(MisuseCatalogue.cases.map(\.id) == Array(1...MisuseCatalogue.cases.count))
  }

  @Test("The article lists every row with its diagnostic, and no other row")
  func article() throws {
    let text = try String(contentsOf: MisuseCatalogueTests.article, encoding: .utf8)
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("| M") }
    #expect(rows.count == MisuseCatalogue.cases.count)
    for entry in MisuseCatalogue.cases {
      guard let row = rows.first(where: { $0.hasPrefix("| M\(entry.id) |") }) else {
        Issue.record("the article has no row M\(entry.id)")
        continue
      }
      let diagnostic = entry.diagnostic.map { "`\($0)`" } ?? "none"
      #expect(row.contains(diagnostic), "row M\(entry.id) shows \(diagnostic)")
      #expect(row.contains(entry.input), "row M\(entry.id) names \(entry.input)")
    }
  }
}
