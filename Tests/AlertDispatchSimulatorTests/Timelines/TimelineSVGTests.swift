import AlertDispatchKit
import AlertDispatchSimulator
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The SVG picture of a timeline: the numbers of its marks stay readable.
@MainActor
@Suite("Timelines: the SVG picture")
struct TimelineSVGTests {
  @Test("The SVG's numbers of marks at one instant, or close together, do not overlap")
  func markNumbersDoNotOverlap() throws {
    let trace = AlertTrace()
    trace.mark("background main", at: AlertInstant(offset: .seconds(2)))
    for label in ["select tabbar feed", "select tabbar me", "push stack detail"] {
      trace.mark(label, at: AlertInstant(offset: .seconds(12)))
    }
    trace.mark("pop stack", at: AlertInstant(offset: .milliseconds(12_050)))
    let labels = try markLabels(trace.svg())
    #expect(labels.map(\.text).sorted() == ["^1", "^2", "^3", "^4", "^5"])
    // A label is centred on its x; 9 px monospace is at most 5.6 px a character, 9 px high.
    for (index, first) in labels.enumerated() {
      for second in labels[(index + 1)...] {
        let apart =
          abs(first.x - second.x) >= Double(first.text.count + second.text.count) * 5.6 / 2
          || abs(first.y - second.y) >= 9
        #expect(apart, "\(first) overlaps \(second)")
      }
    }
  }

  /// The `text class="mark-label"` elements of an SVG: their text and position.
  func markLabels(_ svg: String) throws -> [(text: String, x: Double, y: Double)] {
    final class Labels: NSObject, XMLParserDelegate {
      var found: [(text: String, x: Double, y: Double)] = []
      var open = false
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
      ) {
        open = name == "text" && attributes["class"] == "mark-label"
        if open {
          found.append(("", Double(attributes["x"] ?? "") ?? 0, Double(attributes["y"] ?? "") ?? 0))
        }
      }
      func parser(_ parser: XMLParser, foundCharacters string: String) {
        if open { found[found.count - 1].text += string }
      }
      func parser(
        _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
        qualifiedName: String?
      ) {
        open = false
      }
    }
    let parser = XMLParser(data: Data(svg.utf8))
    let labels = Labels()
    parser.delegate = labels
    try #require(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
    return labels.found
  }
}
