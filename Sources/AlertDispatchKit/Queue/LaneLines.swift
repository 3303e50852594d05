/// The lines of one dispatch: for each lane in which alerts of the dispatch wait to go up, its
/// ``LaneLine``, and no line for a lane in which none waits.
///
/// A dispatch waits in a few lanes, so the lines are looked up by a linear search over the lane
/// names, as the domain finds its lanes: it costs less than hashing the name, which each pass
/// would do once per dispatch of the chain.
@MainActor
struct LaneLines {
  /// Each lane's line, in the order the lanes first had an alert waiting.
  private(set) var entries: [(lane: LaneKey, line: LaneLine)] = []

  /// Whether no alert of the dispatch waits to go up.
  var isEmpty: Bool { entries.isEmpty }

  /// The line of `lane`, or `nil` when no alert waits in it.
  subscript(lane: LaneKey) -> LaneLine? {
    entries.first { $0.lane == lane }?.line
  }

  /// The alert in front of the line of `lane`, and how many alerts of that line ignore pauses;
  /// `nil` when none waits in it. Read in place: a copy of the line would count a reference to
  /// each of its arrays.
  func front(of lane: LaneKey) -> (alert: AlertHandle, exemptCount: Int)? {
    for index in entries.indices where entries[index].lane == lane {
      guard let alert = entries[index].line.first else { return nil }
      return (alert, entries[index].line.exemptCount)
    }
    return nil
  }

  /// Puts `alert` in the line of its lane.
  mutating func insert(_ alert: AlertHandle) {
    let lane = alert.laneKey
    if let index = entries.firstIndex(where: { $0.lane == lane }) {
      entries[index].line.insert(alert)
    } else {
      var line = LaneLine()
      line.insert(alert)
      entries.append((lane, line))
    }
  }

  /// Takes `alert` out of the line of its lane, and the line away once empty.
  mutating func remove(_ alert: AlertHandle) {
    let lane = alert.laneKey
    guard let index = entries.firstIndex(where: { $0.lane == lane }) else { return }
    entries[index].line.remove(alert)
    if entries[index].line.isEmpty { entries.remove(at: index) }
  }
}
