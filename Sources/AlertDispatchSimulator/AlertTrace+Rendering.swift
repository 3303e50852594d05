import AlertDispatchKit

extension AlertTrace {
  /// A text timeline: one row per alert over a time axis, `█` showing, `▒` covered, `░`
  /// suspended, `·` waiting, `▁` being dismissed, then the outcome.
  ///
  /// Ticks fall on round times (multiples of 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of
  /// ten milliseconds), at most four parts of the axis apart and far enough apart for their
  /// labels. Each span takes at least one column; a span that begins at the end of the axis (an
  /// alert that went up at the last instant) takes the last one.
  ///
  /// - Parameters:
  ///   - end: Where the axis ends; by default the last recorded instant. A trace of instant
  ///     zero alone gets an axis of one second.
  ///   - width: The number of columns of the time axis.
  public func timeline(until end: AlertInstant? = nil, width: Int = 48) -> String {
    let rows = rows(until: end)
    let end = axisEnd(end).offset
    let width = max(width, 8)
    let label = max(rows.map { $0.id.rawValue.count + $0.dispatch.count + 1 }.max() ?? 0, 5)
    func pad(_ text: String, _ count: Int) -> String {
      text + String(repeating: " ", count: max(0, count - text.count))
    }
    func column(_ time: Duration, nearest: Bool = false) -> Int {
      AlertTrace.column(time, of: width, endingAt: end, nearest: nearest)
    }
    let ticks = AlertTrace.roundTicks(upTo: end, slack: end / (width * 2)) { ticks in
      zip(ticks, ticks.dropFirst()).allSatisfy { left, right in
        column(right, nearest: true) - column(left, nearest: true)
          > AlertInstant.format(left).count
      }
    }
    var axis = Array(repeating: Character(" "), count: width + 1)
    var tickLabels = ""
    for tick in ticks {
      let at = min(width, column(tick, nearest: true))
      axis[at] = "|"
      tickLabels = pad(tickLabels, at) + AlertInstant.format(tick) + " "
    }
    for mark in marks where mark.time.offset <= end {
      axis[min(width, column(mark.time.offset))] = "^"
    }
    var lines = [pad("", label + 1) + tickLabels, pad("", label + 1) + String(axis)]
    for row in rows {
      var cells = Array(repeating: Character(" "), count: width)
      for span in row.spans where span.start.offset <= end {
        let from = min(width - 1, column(span.start.offset))
        let to = max(
          from + 1, AlertTrace.columnsThrough(span.end.offset, of: width, endingAt: end))
        for index in from..<min(to, width) where index >= 0 {
          cells[index] = AlertTrace.symbol(span.phase)
        }
      }
      let tail = row.outcome.map { "\($0)" } ?? "(unfinished)"
      lines.append(pad("\(row.id)@\(row.dispatch)", label) + " " + String(cells) + " " + tail)
    }
    for (index, mark) in marks.enumerated() where mark.time.offset <= end {
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

}
