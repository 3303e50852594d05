import AlertDispatchKit
import AlertDispatchSimulator
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@MainActor
@Suite("Trace", .timeLimit(.minutes(1)))
struct TraceTests {
  func story(_ f: Fixture) -> AlertTrace {
    let home = f.dispatch("home")
    let trace = AlertTrace()
    trace.attach(to: home)
    f.add("low", to: home, priority: .low)
    f.clock.advance(by: .seconds(1))
    f.add("high", to: home, priority: .high)
    f.clock.advance(by: .seconds(1))
    trace.mark("push detail", at: f.clock.now)
    f.presenter.tap("high", "OK")
    f.clock.advance(by: .seconds(2))
    f.presenter.tap("low", "OK")
    return trace
  }

  @Test("Rows hold each alert's spans and outcome")
  func rows() {
    let f = Fixture()
    let rows = story(f).rows()
    #expect(rows.map(\.id) == ["low", "high"])
    #expect(rows[0].spans.map(\.phase) == [.showing, .suspended, .showing])
    #expect(rows[0].spans.map(\.start.description) == ["0s", "1s", "2s"])
    #expect(rows[0].outcome == .dismissed("OK"))
    #expect(rows[1].spans.map(\.phase) == [.showing])
    f.verify()
  }

  @Test("The text timeline is deterministic and marks phases")
  func text() {
    let f = Fixture()
    let trace = story(f)
    let text = trace.timeline(width: 8)
    #expect(text == trace.timeline(width: 8))
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.contains("low@home  ██░░████ dismissed(OK)"))
    #expect(lines.contains("high@home   ██     dismissed(OK)"))
    #expect(lines[0] == "          0s  2s  4s ")  // round ticks, each label over its tick
    #expect(lines.contains("^1 2s push detail"))
    f.verify(allEnded: true)
  }

  @Test("The SVG is well-formed XML with one row per alert")
  func svg() throws {
    let f = Fixture()
    let svg = story(f).svg()
    final class Counter: NSObject, XMLParserDelegate {
      var rows: [String] = []
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
      ) {
        if name == "g", attributes["class"] == "row" { rows.append(attributes["data-alert"] ?? "") }
      }
    }
    let parser = XMLParser(data: Data(svg.utf8))
    let counter = Counter()
    parser.delegate = counter
    #expect(parser.parse(), "SVG is not well-formed: \(String(describing: parser.parserError))")
    #expect(counter.rows == ["low", "high"])
    f.verify(allEnded: true)
  }
}

extension TraceTests {
  @Test("A replaced alert's end goes to its own row, not the newcomer's")
  func replacedRows() {
    let f = Fixture()
    f.presenter.dismissDuration = .milliseconds(500)
    let home = f.dispatch("home")
    let trace = AlertTrace()
    trace.attach(to: home)
    f.add("status", to: home)
    f.clock.advance(by: .seconds(1))
    f.add("status", to: home, duplicates: .replaceExisting)
    f.clock.advance(by: .seconds(1))
    let rows = trace.rows()
    #expect(rows.map(\.id) == ["status", "status"])
    #expect(rows[0].outcome == .cancelled(.replaced(by: "status")))
    #expect(rows[0].spans.map(\.phase) == [.showing, .dismissing])
    #expect(rows[1].outcome == nil)
    #expect(rows[1].spans.map(\.phase) == [.waiting, .showing])
    f.verify()
  }
}
