/// The candidates of one lane across the active chain, in line order: the lines of the chain's
/// dispatches that are not paused, merged.
///
/// A chain is a few dispatches long: the next candidate is the best of the lines' fronts.
@MainActor
struct LaneMerge {
  /// Each line's reader and the alert it reads next.
  private var heads: [(reader: LaneLine.Reader, alert: AlertHandle)] = []

  /// Merges the lines of `lane` of the chain's dispatches that are not paused.
  init(_ chain: ActiveChain, lane: LaneKey) {
    for dispatch in chain.unpausedDispatches {
      guard let line = dispatch.lines[lane] else { continue }
      var reader = line.reader()
      if let first = reader.next() { heads.append((reader, first)) }
    }
  }

  /// The next alert in line order across the lines, or `nil`.
  mutating func next() -> AlertHandle? {
    guard var best = heads.indices.first else { return nil }
    for index in heads.indices.dropFirst() where heads[index].alert.ranksBefore(heads[best].alert) {
      best = index
    }
    let alert = heads[best].alert
    if let following = heads[best].reader.next() {
      heads[best].alert = following
    } else {
      heads.remove(at: best)
    }
    return alert
  }
}
