/// The ids an alert waits for, without duplicates. An alert names a few dependencies: a linear
/// search costs less than hashing each id into a set.
struct BlockerList: Equatable {
  /// The ids, first inserted first.
  private(set) var ids: [AlertID] = []

  /// Whether the alert waits for no id.
  var isEmpty: Bool { ids.isEmpty }

  /// Adds `id` unless it is there.
  mutating func insert(_ id: AlertID) {
    if !ids.contains(id) { ids.append(id) }
  }

  /// Removes `id` if it is there.
  mutating func remove(_ id: AlertID) {
    if let index = ids.firstIndex(of: id) { ids.remove(at: index) }
  }
}
