/// An alert's place in its lane's line (rule 4): higher priority first; within a priority, the
/// lower ``order`` first.
///
/// The order is the alert's place in add order, counted up for an alert that joins the back of
/// its priority and down for one that goes ahead of it (``LinePlacement/next``, or every alert
/// of a lane whose ``AlertLane/Order`` is newest first): alerts that join the back keep first
/// added first, and of those that go ahead, the newest is in front. The line, the merge of the
/// chain's lines and the checks of the line all order by this rank alone.
struct LineRank: Comparable {
  let priority: Int
  let order: Int64

  /// The rank of an alert of `request`, `sequence`th in add order.
  init(_ request: AlertRequest, sequence: UInt64) {
    priority = request.priority.rawValue
    let ahead = request.placement == .next || request.lane.order == .newestFirst
    order = ahead ? -Int64(sequence) : Int64(sequence)
  }

  /// Whether `a` comes before `b` in line.
  static func < (a: LineRank, b: LineRank) -> Bool {
    a.priority != b.priority ? a.priority > b.priority : a.order < b.order
  }
}

extension AlertHandle {
  /// Whether this alert comes before `other` in line (see ``LineRank``).
  func ranksBefore(_ other: AlertHandle) -> Bool { rank < other.rank }
}

/// The alerts of one dispatch that wait to go up in one lane, in line order.
///
/// A sorted array of priority bands, lowest first, each holding its alerts in line order (see
/// ``LineRank``). Alerts of a lane share a few priorities, so a band is found by a binary search
/// over a short array, and an alert most often joins the end of its band. The front of the line
/// is the last band, so taking the alert in front, even the last one of its band, never moves
/// the other bands.
@MainActor
struct LaneLine {
  struct Band {
    let priority: Int
    /// In line order.
    var alerts: [AlertHandle]

    /// Where `alert` is, or would go: most often, as the newest of its priority joining the
    /// back, the end.
    func place(of alert: AlertHandle) -> Int {
      let order = alert.rank.order
      if let last = alerts.last, last.rank.order < order { return alerts.count }
      return alerts.partitioningIndex { $0.rank.order >= order }
    }

    func holds(_ alert: AlertHandle, at place: Int) -> Bool {
      place < alerts.count && alerts[place] === alert
    }
  }

  /// Lowest priority first.
  private var bands: [Band] = []
  /// How many alerts of the line ignore pauses (``AlertRequest/ignoresPause``): a pass may pass
  /// over a paused line without reading it only when there are none.
  private(set) var exemptCount = 0

  /// Whether no alert waits in the line.
  var isEmpty: Bool { bands.isEmpty }

  /// The alert in front.
  var first: AlertHandle? { bands.last?.alerts.first }

  /// Puts `alert` in its place in line, unless it is there.
  mutating func insert(_ alert: AlertHandle) {
    let (index, found) = band(of: alert.priority)
    if found {
      let place = bands[index].place(of: alert)
      if bands[index].holds(alert, at: place) { return }
      bands[index].alerts.insert(alert, at: place)
    } else {
      bands.insert(Band(priority: alert.priority, alerts: [alert]), at: index)
    }
    if alert.request.ignoresPause { exemptCount += 1 }
  }

  /// Takes `alert` out of the line; returns whether it was there.
  @discardableResult
  mutating func remove(_ alert: AlertHandle) -> Bool {
    let (index, found) = band(of: alert.priority)
    guard found else { return false }
    let place = bands[index].place(of: alert)
    guard bands[index].holds(alert, at: place) else { return false }
    bands[index].alerts.remove(at: place)
    if bands[index].alerts.isEmpty { bands.remove(at: index) }
    if alert.request.ignoresPause { exemptCount -= 1 }
    return true
  }

  /// Whether `alert` is in the line, in its place (a binary search, as ``remove(_:)``).
  func contains(_ alert: AlertHandle) -> Bool {
    let (index, found) = band(of: alert.priority)
    return found && bands[index].holds(alert, at: bands[index].place(of: alert))
  }

  /// The index of the band of `priority`, or where it would go.
  private func band(of priority: Int) -> (index: Int, found: Bool) {
    let index = bands.partitioningIndex { $0.priority >= priority }
    return (index, index < bands.count && bands[index].priority == priority)
  }

  /// The alerts in line order.
  var alerts: [AlertHandle] { bands.reversed().flatMap(\.alerts) }

  /// A reader of the line from its front.
  func reader() -> Reader { bands.reversed().lazy.map(\.alerts).joined().makeIterator() }

  /// Reads a line in line order.
  typealias Reader = FlattenSequence<LazyMapSequence<ReversedCollection<[Band]>, [AlertHandle]>>
    .Iterator
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
