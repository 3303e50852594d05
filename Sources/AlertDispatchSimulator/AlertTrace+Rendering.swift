import AlertDispatchKit

extension AlertTrace {
  /// A text timeline: one row per alert over a time axis, `█` showing, `▒` covered, `░`
  /// suspended, `·` waiting, `▁` being dismissed, then the outcome.
  ///
  /// - Parameters:
  ///   - end: Where the axis ends; by default the last recorded instant.
  ///   - width: The number of columns of the time axis.
  public func timeline(until end: AlertInstant? = nil, width: Int = 48) -> String {
    let rows = rows(until: end)
    let end = max(end ?? lastTime, AlertInstant(offset: .milliseconds(1)))
    let width = max(width, 8)
    let step = end.offset / width
    let stepNanos = max(1, nanos(step))
    let label = max(rows.map { $0.id.rawValue.count + $0.dispatch.count + 1 }.max() ?? 0, 5)
    func pad(_ text: String, _ count: Int) -> String {
      text + String(repeating: " ", count: max(0, count - text.count))
    }
    var ticks = Array(repeating: Character(" "), count: width + 1)
    var tickLabels = ""
    for column in stride(from: 0, through: width, by: max(1, width / 4)) {
      ticks[column] = "|"
      tickLabels = pad(tickLabels, column) + AlertInstant.format(step * column) + " "
    }
    for mark in marks where mark.time <= end {
      let column = min(width, Int(nanos(mark.time.offset) / stepNanos))
      ticks[column] = "^"
    }
    var lines = [pad("", label + 1) + tickLabels, pad("", label + 1) + String(ticks)]
    for row in rows {
      var cells = Array(repeating: Character(" "), count: width)
      for span in row.spans {
        let from = Int(nanos(span.start.offset) / stepNanos)
        let to = max(from + 1, Int((nanos(span.end.offset) + stepNanos - 1) / stepNanos))
        for column in from..<min(to, width) where column >= 0 {
          cells[column] = AlertTrace.symbol(span.phase)
        }
      }
      let tail = row.outcome.map { "\($0)" } ?? "(unfinished)"
      lines.append(pad("\(row.id)@\(row.dispatch)", label) + " " + String(cells) + " " + tail)
    }
    for (index, mark) in marks.enumerated() where mark.time <= end {
      lines.append("^\(index + 1) \(mark.time) \(mark.label)")
    }
    lines.append("█ showing  ▒ covered  ░ suspended  · waiting  ▁ dismissing")
    return lines.joined(separator: "\n")
  }

  static func symbol(_ phase: Phase) -> Character {
    switch phase {
    case .waiting: "·"
    case .showing: "█"
    case .covered: "▒"
    case .suspended: "░"
    case .dismissing: "▁"
    }
  }

  /// The same picture as ``timeline(until:width:)`` as a standalone SVG document: one row (a `g`
  /// element with class `row`) per alert, marks as dashed lines on the axis.
  public func svg(until end: AlertInstant? = nil) -> String {
    let rows = rows(until: end)
    let end = max(end ?? lastTime, AlertInstant(offset: .milliseconds(1)))
    let left = 180.0
    let plot = 640.0
    let rowHeight = 24.0
    let top = 40.0
    let height = top + Double(rows.count) * rowHeight + 60 + Double(marks.count) * 16
    let longestTail = rows.map { ($0.outcome.map { "\($0)" } ?? "(unfinished)").count }.max() ?? 0
    let width = left + plot + max(200, Double(longestTail) * 7.5 + 16)
    func x(_ time: AlertInstant) -> String {
      format(left + plot * (time.offset / end.offset))
    }
    var out: [String] = [
      ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(format(width))" height="\##(format(height))" font-family="monospace" font-size="12">"##,
      ##"<rect width="100%" height="100%" fill="white"/>"##,
    ]
    for tick in 0...4 {
      let time = AlertInstant(offset: end.offset * tick / 4)
      out.append(
        ##"<line x1="\##(x(time))" y1="\##(format(top - 8))" x2="\##(x(time))" y2="\##(format(top + Double(rows.count) * rowHeight))" stroke="#ddd"/>"##
      )
      out.append(
        ##"<text x="\##(x(time))" y="\##(format(top - 12))" text-anchor="middle">\##(escape(time.description))</text>"##
      )
    }
    for (index, row) in rows.enumerated() {
      let y = top + Double(index) * rowHeight
      out.append(##"<g class="row" data-alert="\##(escape(row.id.rawValue))">"##)
      out.append(
        ##"<text x="4" y="\##(format(y + 16))">\##(escape("\(row.id)@\(row.dispatch)"))</text>"##)
      for span in row.spans {
        out.append(
          ##"<rect class="\##(span.phase.rawValue)" x="\##(x(span.start))" y="\##(format(y + 4))" width="\##(format(max(1, plot * ((span.end - span.start) / end.offset))))" height="16" fill="\##(AlertTrace.color(span.phase))"/>"##
        )
      }
      let tail = row.outcome.map { "\($0)" } ?? "(unfinished)"
      out.append(
        ##"<text x="\##(format(left + plot + 8))" y="\##(format(y + 16))">\##(escape(tail))</text>"##
      )
      out.append("</g>")
    }
    let axisBottom = top + Double(rows.count) * rowHeight
    for (index, mark) in marks.enumerated() where mark.time <= end {
      out.append(
        ##"<line class="mark" x1="\##(x(mark.time))" y1="\##(format(top - 8))" x2="\##(x(mark.time))" y2="\##(format(axisBottom))" stroke="#c33" stroke-dasharray="4 3"/>"##
      )
      out.append(
        ##"<text x="\##(x(mark.time))" y="\##(format(axisBottom + 12))" text-anchor="middle" font-size="9" fill="#c33">^\##(index + 1)</text>"##
      )
      out.append(
        ##"<text x="4" y="\##(format(axisBottom + 20 + Double(index) * 16))" fill="#c33">\##(escape("^\(index + 1) \(mark.time) \(mark.label)"))</text>"##
      )
    }
    let legendY = axisBottom + 36 + Double(marks.count) * 16
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

  private func nanos(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }

  private func escape(_ text: String) -> String {
    let entities: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"]
    return text.map { entities[$0] ?? String($0) }.joined()
  }
}
