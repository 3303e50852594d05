/// An alert's place in line: higher priority first, then first added.
struct LineRank: Comparable {
  var priority: Int
  var sequence: UInt64

  /// Whether `lhs` comes before `rhs` in line.
  static func < (lhs: LineRank, rhs: LineRank) -> Bool {
    lhs.priority != rhs.priority ? lhs.priority > rhs.priority : lhs.sequence < rhs.sequence
  }
}

extension AlertHandle {
  /// The alert's place in line.
  var lineRank: LineRank { LineRank(priority: priority, sequence: seq) }

  /// Whether this alert comes before `other` in line.
  func ranksBefore(_ other: AlertHandle) -> Bool { lineRank < other.lineRank }
}

/// The alerts of one dispatch that wait to go up in one lane, in line order.
///
/// A sorted array of priority bands, highest first, each holding its alerts first added first.
/// Alerts of a lane share a few priorities, so a band is found by a binary search over a short
/// array, and an alert joins the end of its band: adding, and taking the alert in front, touch
/// one band and never move the others' alerts.
///
/// - Complexity: Insert and remove are O(log B + A) for B bands and A alerts in the band;
///   ``first`` is O(1).
@MainActor
struct LaneLine {
  fileprivate struct Band {
    let priority: Int
    /// First added first.
    var alerts: [AlertHandle]
  }

  /// Highest priority first.
  private var bands: [Band] = []

  /// Whether no alert waits in the line.
  var isEmpty: Bool { bands.isEmpty }

  /// The alert in front.
  var first: AlertHandle? { bands.first?.alerts.first }

  /// Puts `alert` in its place in line.
  mutating func insert(_ alert: AlertHandle) {
    let (index, found) = band(of: alert.priority)
    guard found else {
      return bands.insert(Band(priority: alert.priority, alerts: [alert]), at: index)
    }
    // Most often the newest alert of its priority: its place is at the end.
    if let last = bands[index].alerts.last, last.seq > alert.seq {
      let place = bands[index].alerts.partitioningIndex { $0.seq > alert.seq }
      bands[index].alerts.insert(alert, at: place)
    } else {
      bands[index].alerts.append(alert)
    }
  }

  /// Takes `alert` out of the line; returns whether it was there.
  @discardableResult
  mutating func remove(_ alert: AlertHandle) -> Bool {
    let (index, found) = band(of: alert.priority)
    guard found else { return false }
    let place = bands[index].alerts.partitioningIndex { $0.seq >= alert.seq }
    guard place < bands[index].alerts.count, bands[index].alerts[place] === alert else {
      return false
    }
    bands[index].alerts.remove(at: place)
    if bands[index].alerts.isEmpty { bands.remove(at: index) }
    return true
  }

  /// Whether `alert` is in the line, in its place (a binary search, as ``remove(_:)``).
  func contains(_ alert: AlertHandle) -> Bool {
    let (index, found) = band(of: alert.priority)
    guard found else { return false }
    let place = bands[index].alerts.partitioningIndex { $0.seq >= alert.seq }
    return place < bands[index].alerts.count && bands[index].alerts[place] === alert
  }

  /// The index of the band of `priority`, or where it would go.
  private func band(of priority: Int) -> (index: Int, found: Bool) {
    let index = bands.partitioningIndex { $0.priority <= priority }
    return (index, index < bands.count && bands[index].priority == priority)
  }

  /// The alerts in line order.
  var alerts: [AlertHandle] { bands.flatMap(\.alerts) }

  /// A reader of the line from its front.
  func reader() -> Reader { Reader(bands: bands) }

  /// Reads a line in line order.
  struct Reader {
    fileprivate let bands: [Band]
    private var band = 0
    private var position = 0

    fileprivate init(bands: [Band]) { self.bands = bands }

    mutating func next() -> AlertHandle? {
      guard band < bands.count else { return nil }
      let alert = bands[band].alerts[position]
      position += 1
      if position == bands[band].alerts.count {
        band += 1
        position = 0
      }
      return alert
    }
  }
}

extension Array {
  /// The first index whose element satisfies `belongs`, for a predicate that is false for a
  /// prefix of the array and true for the rest (a binary search).
  func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if belongs(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
