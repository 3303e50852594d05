import AlertDispatchKit

extension AlertTrace {
  /// The same picture as ``timeline(until:width:)`` as a standalone SVG document: one row (a `g`
  /// element with class `row`) per alert, marks as dashed lines on the axis.
  ///
  /// Ticks fall on round times, as in the text timeline. Each mark is numbered under the axis
  /// (a `text` element with class `mark-label`); numbers of marks too close to share a line,
  /// such as two at the same instant, go on lines of their own, so none overlaps another.
  public func svg(until end: AlertInstant? = nil) -> String {
    let rows = rows(until: end)
    let end = axisEnd(end).offset
    let layout = SVGLayout(rows: rows.count)
    let longestTail = rows.map { ($0.outcome.map { "\($0)" } ?? "(unfinished)").count }.max() ?? 0
    let width = layout.left + layout.plot + max(200, Double(longestTail) * 7.5 + 16)
    func x(_ time: Duration) -> Double {
      layout.left + layout.plot * (time / end)
    }
    let shownMarks = marks.enumerated().filter { $0.element.time.offset <= end }
    let markLines = AlertTrace.markLabelLines(
      shownMarks.map { (x: x($0.element.time.offset), text: "^\($0.offset + 1)") })
    let legendTop = layout.axisBottom + 12 + Double(markLines.count) * SVGLayout.markLineHeight
    let height = legendTop + Double(shownMarks.count) * 16 + 40
    var out: [String] = [
      ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(format(width))" height="\##(format(height))" font-family="monospace" font-size="12">"##,
      ##"<rect width="100%" height="100%" fill="white"/>"##,
    ]
    let ticks = AlertTrace.roundTicks(upTo: end) { ticks in
      zip(ticks, ticks.dropFirst()).allSatisfy { left, right in
        let room = Double(AlertInstant.format(left).count + AlertInstant.format(right).count)
        return x(right) - x(left) >= room * SVGLayout.tickCharacter / 2 + 8
      }
    }
    for tick in ticks {
      out.append(
        ##"<line x1="\##(format(x(tick)))" y1="\##(format(layout.top - 8))" x2="\##(format(x(tick)))" y2="\##(format(layout.axisBottom))" stroke="#ddd"/>"##
      )
      out.append(
        ##"<text x="\##(format(x(tick)))" y="\##(format(layout.top - 12))" text-anchor="middle">\##(escape(AlertInstant.format(tick)))</text>"##
      )
    }
    for (index, row) in rows.enumerated() {
      out += svgRow(row, y: layout.top + Double(index) * SVGLayout.rowHeight, layout, end)
    }
    for (line, labels) in markLines.enumerated() {
      let y = layout.axisBottom + 12 + Double(line) * SVGLayout.markLineHeight
      for label in labels {
        out.append(
          ##"<text class="mark-label" x="\##(format(label.x))" y="\##(format(y))" text-anchor="middle" font-size="9" fill="#c33">\##(label.text)</text>"##
        )
      }
    }
    for (line, (index, mark)) in shownMarks.enumerated() {
      out.append(
        ##"<line class="mark" x1="\##(format(x(mark.time.offset)))" y1="\##(format(layout.top - 8))" x2="\##(format(x(mark.time.offset)))" y2="\##(format(layout.axisBottom))" stroke="#c33" stroke-dasharray="4 3"/>"##
      )
      out.append(
        ##"<text x="4" y="\##(format(legendTop + 8 + Double(line) * 16))" fill="#c33">\##(escape("^\(index + 1) \(mark.time) \(mark.label)"))</text>"##
      )
    }
    let legendY = legendTop + 24 + Double(shownMarks.count) * 16
    for (index, phase) in Phase.allCases.enumerated() {
      let x = 4 + Double(index) * 120
      out.append(
        ##"<rect x="\##(format(x))" y="\##(format(legendY - 10))" width="12" height="12" fill="\##(AlertTrace.color(phase))"/>"##
      )
      out.append(
        ##"<text x="\##(format(x + 16))" y="\##(format(legendY))">\##(phase.rawValue)</text>"##)
    }
    out.append("</svg>")
    return out.joined(separator: "\n")
  }

  /// Where the parts of the picture go, in pixels.
  struct SVGLayout {
    static let rowHeight = 24.0
    static let markLineHeight = 10.0
    /// The width of a character of a mark's number (9 px monospace) and of a tick's label
    /// (12 px), with a little to spare.
    static let markCharacter = 5.6
    static let tickCharacter = 7.5
    let left = 180.0
    let plot = 640.0
    let top = 40.0
    let axisBottom: Double

    init(rows: Int) {
      axisBottom = top + Double(rows) * SVGLayout.rowHeight
    }
  }

  /// The numbers of the marks, centred on their lines, placed line by line: each goes on the
  /// first line where it clears the numbers already there by 2 px.
  static func markLabelLines(_ labels: [(x: Double, text: String)]) -> [[(x: Double, text: String)]]
  {
    var lines: [[(x: Double, text: String)]] = []
    var rightEdges: [Double] = []
    for label in labels {
      let half = Double(label.text.count) * SVGLayout.markCharacter / 2
      if let line = rightEdges.firstIndex(where: { $0 + 2 <= label.x - half }) {
        lines[line].append(label)
        rightEdges[line] = label.x + half
      } else {
        lines.append([label])
        rightEdges.append(label.x + half)
      }
    }
    return lines
  }

  private func svgRow(_ row: Row, y: Double, _ layout: SVGLayout, _ end: Duration) -> [String] {
    var out = [##"<g class="row" data-alert="\##(escape(row.id.rawValue))">"##]
    out.append(
      ##"<text x="4" y="\##(format(y + 16))">\##(escape("\(row.id)@\(row.dispatch)"))</text>"##)
    for span in row.spans where span.start.offset <= end {
      // A span that begins at the end of the axis is drawn at its last pixels, so it shows.
      let width = max(2, layout.plot * ((span.end - span.start) / end))
      let x = min(
        layout.left + layout.plot * (span.start.offset / end), layout.left + layout.plot - 2)
      out.append(
        ##"<rect class="\##(span.phase.rawValue)" x="\##(format(x))" y="\##(format(y + 4))" width="\##(format(width))" height="16" fill="\##(AlertTrace.color(span.phase))"/>"##
      )
    }
    let tail = row.outcome.map { "\($0)" } ?? "(unfinished)"
    out.append(
      ##"<text x="\##(format(layout.left + layout.plot + 8))" y="\##(format(y + 16))">\##(escape(tail))</text>"##
    )
    out.append("</g>")
    return out
  }

  static func color(_ phase: Phase) -> String {
    switch phase {
    case .waiting: "#e8e8e8"
    case .showing: "#2b7de9"
    case .covered: "#8fb8f0"
    case .suspended: "#f0b44c"
    case .dismissing: "#9aa0a6"
    }
  }

  private func format(_ value: Double) -> String {
    let tenths = Int(value * 10 + (value < 0 ? -0.5 : 0.5))
    let sign = tenths < 0 ? "-" : ""
    let magnitude = abs(tenths)
    return magnitude % 10 == 0
      ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
  }

  private func escape(_ text: String) -> String {
    let entities: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"]
    return text.map { entities[$0] ?? String($0) }.joined()
  }
}
