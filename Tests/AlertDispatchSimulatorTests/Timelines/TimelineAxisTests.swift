import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// The time axis of a text timeline: ticks on round times whose labels are exact, an axis for a
/// run that took no time, and a column for what happens at the last instant.
@MainActor
@Suite("Timelines: the time axis")
struct TimelineAxisTests {
  /// A trace of one alert on screen from 0 s until the user closes it at `end`.
  func traceShowing(until end: Duration) -> AlertTrace {
    let sim = Simulator()
    let home = sim.window.setRoot(sim.screen("home"))
    let trace = AlertTrace()
    trace.attach(to: home.dispatch)
    home.dispatch.add(AlertRequest(id: "a"))
    sim.advance(by: end)
    sim.presenter.tap("a", "OK")
    return trace
  }

  /// The columns of the axis line (the second line) that hold `|`, after the rows' labels.
  func tickColumns(_ timeline: String, labelWidth: Int = 7) -> [Int] {
    let axis = Array(timeline.split(separator: "\n")[1].dropFirst(labelWidth))
    return axis.indices.filter { axis[$0] == "|" }
  }

  @Test("Tick labels are exact: an axis of 10 s over 60 columns reads 5s and 10s, not 4.999s")
  func tickLabelsDoNotDrift() {
    let trace = traceShowing(until: .seconds(10))
    let timeline = trace.timeline(until: AlertInstant(offset: .seconds(10)), width: 60)
    let header = String(timeline.split(separator: "\n")[0])
    #expect(
      header
        == "       0s             2.5s           5s             7.5s           10s ")
    #expect(tickColumns(timeline) == [0, 15, 30, 45, 60])
  }

  @Test("An axis that ends a hair before a round time labels its ticks with round times")
  func tickLabelsOfANearlyRoundEnd() {
    let trace = traceShowing(until: .milliseconds(9_999))
    let header = String(trace.timeline(width: 60).split(separator: "\n")[0])
    let labels = header.split(separator: " ").map(String.init)
    #expect(labels == ["0s", "2.5s", "5s", "7.5s", "10s"])
    let short = String(
      traceShowing(until: .milliseconds(4_999)).timeline(width: 60).split(separator: "\n")[0])
    #expect(short.split(separator: " ").map(String.init) == ["0s", "1.5s", "3s", "4.5s"])
  }

  @Test("Ticks fall on round times when the axis does not end on one")
  func ticksAtRoundTimes() {
    let timeline = traceShowing(until: .seconds(7)).timeline(width: 48)
    let header = String(timeline.split(separator: "\n")[0])
    #expect(header.split(separator: " ").map(String.init) == ["0s", "2s", "4s", "6s"])
    // 2 s of 7 s over 48 columns is 13.7 columns: each tick at its nearest column.
    #expect(tickColumns(timeline) == [0, 14, 27, 41])
  }

  @Test("A narrow axis takes fewer, rounder ticks, each label over its tick")
  func narrowAxisKeepsLabelsApart() {
    let timeline = traceShowing(until: .seconds(4)).timeline(width: 8)
    let lines = timeline.split(separator: "\n").map(String.init)
    #expect(lines[0] == "       0s  2s  4s ")
    #expect(lines[1] == "       |   |   |")
  }

  @Test("A trace of instant zero alone has an axis of one second, not of 0.001 s steps")
  func zeroLengthTrace() {
    let trace = traceShowing(until: .zero)
    let lines = trace.timeline().split(separator: "\n").map(String.init)
    #expect(
      lines[0].split(separator: " ").map(String.init) == ["0s", "0.25s", "0.5s", "0.75s", "1s"])
    #expect(lines[2] == "a@home " + "█" + String(repeating: " ", count: 47) + " dismissed(OK)")
  }

  @Test("A scenario that takes no time has an axis of one second, not of 0.001 s steps")
  func zeroLengthScenario() throws {
    let scenario = try Scenario.parse(
      """
      screen home
      root main home
      alert a on home
      at 0s
        expect showing a
      """, file: "instant.scenario")
    let result = ScenarioRunner.run(scenario)
    #expect(result.passed)
    let lines = result.timeline().split(separator: "\n").map(String.init)
    #expect(
      lines[0].split(separator: " ").map(String.init) == ["0s", "0.25s", "0.5s", "0.75s", "1s"])
    #expect(!result.timeline().contains("0.001s"))
    #expect(lines[2] == "a@home " + String(repeating: "█", count: 40) + " (unfinished)")
  }

  @Test("What the last at block does shows in the timeline: an alert that goes up then")
  func lastBlockIsVisible() throws {
    let scenario = try Scenario.parse(
      """
      screen home
      root main home
      alert update on home priority high buttons Later
      alert rate-us on home priority low
      at 1s
        tap update Later
        expect showing rate-us
      """, file: "last-block.scenario")
    let result = ScenarioRunner.run(scenario)
    #expect(result.passed)
    let row = try #require(
      result.timeline().split(separator: "\n").first { $0.hasPrefix("rate-us@home") })
    #expect(row == "rate-us@home " + String(repeating: "·", count: 39) + "█ (unfinished)")
    // In the SVG too: a showing bar inside the plot (which ends at x = 820), not past it.
    let svg = result.svg()
    let group = try #require(svg.split(separator: "<g ").first { $0.contains(#""rate-us""#) })
    let bar = try #require(group.split(separator: "\n").first { $0.contains(#"class="showing""#) })
    let x = try #require(Double(attribute("x", of: bar)))
    let width = try #require(Double(attribute("width", of: bar)))
    #expect(width >= 2 && x + width <= 820)
  }

  /// The value of an attribute of one SVG element's text.
  func attribute(_ name: String, of element: Substring) -> String {
    guard let start = element.firstRange(of: " \(name)=\"")?.upperBound else { return "" }
    return String(element[start...].prefix { $0 != "\"" })
  }
}
