/// The candidates of one lane across the active chain, in line order: the lines of the chain's
/// dispatches, merged. A paused alert among them is held by rule 3; a line that a pause holds
/// whole, with no alert that ignores pauses, is passed over unread (see ``ActiveChain/skips(lineOf:exemptCount:at:)``).
///
/// A chain is a few dispatches long: the next candidate is the best of the lines' fronts. Most
/// passes read only the first candidate, which is found from the lines' fronts alone; readers
/// of the lines are made when a second one is asked for.
@MainActor
struct LaneMerge {
  private let lane: LaneKey
  /// The candidate returned first, until the readers are made.
  private var first: AlertHandle?
  private var hasReaders = false
  /// Each line's reader and the alert it reads next.
  private var heads: [(reader: LaneLine.Reader, alert: AlertHandle)] = []

  /// Merges the lines of `lane` of the dispatches of a chain, the one each call of ``next(in:)``
  /// names.
  init(lane: LaneKey) {
    self.lane = lane
  }

  /// The next alert in line order across the lines of `chain`, the same chain at every call, or
  /// `nil`.
  mutating func next(in chain: ActiveChain) -> AlertHandle? {
    if !hasReaders {
      if first == nil {
        first = chain.front(of: lane)
        if first == nil { hasReaders = true }
        return first
      }
      makeReaders(of: chain, after: first)
    }
    guard var best = heads.indices.first else { return nil }
    for index in heads.indices.dropFirst() where heads[index].alert.ranksBefore(heads[best].alert) {
      best = index
    }
    let alert = heads[best].alert
    advance(best)
    return alert
  }

  /// Makes a reader of each line of `chain`, past `read`, the candidate already returned.
  private mutating func makeReaders(of chain: ActiveChain, after read: AlertHandle?) {
    hasReaders = true
    for (index, link) in chain.links.enumerated() {
      guard let line = link.node.lines[lane],
        !chain.skips(lineOf: lane, exemptCount: line.exemptCount, at: index)
      else {
        continue
      }
      var reader = line.reader()
      if let alert = reader.next() { heads.append((reader, alert)) }
    }
    if let read, let index = heads.firstIndex(where: { $0.alert === read }) { advance(index) }
  }

  /// Moves the reader at `index` to its next alert, dropping it at the end of its line.
  private mutating func advance(_ index: Int) {
    if let following = heads[index].reader.next() {
      heads[index].alert = following
    } else {
      heads.remove(at: index)
    }
  }
}

extension ActiveChain {
  /// The first alert in line order among the lines of `lane` of the chain's dispatches.
  func front(of lane: LaneKey) -> AlertHandle? {
    var best: AlertHandle?
    for (index, link) in links.enumerated() {
      guard let (front, exempt) = link.node.lines.front(of: lane),
        !skips(lineOf: lane, exemptCount: exempt, at: index)
      else { continue }
      if let current = best, !front.ranksBefore(current) { continue }
      best = front
    }
    return best
  }
}
