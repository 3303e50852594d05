/// The unfinished alerts of one dispatch, by add order.
@MainActor
struct UnfinishedAlerts {
  private var bySequence: [UInt64: AlertHandle] = [:]

  /// The alerts, first added first.
  var values: [AlertHandle] { bySequence.values.sorted { $0.seq < $1.seq } }

  /// Whether the dispatch has no unfinished alert.
  var isEmpty: Bool { bySequence.isEmpty }

  /// How many of the alerts satisfy `predicate`.
  func count(where predicate: (AlertHandle) -> Bool) -> Int {
    bySequence.values.reduce(0) { $0 + (predicate($1) ? 1 : 0) }
  }

  /// Whether `alert` is one of them.
  func contains(_ alert: AlertHandle) -> Bool { bySequence[alert.seq] === alert }

  mutating func insert(_ alert: AlertHandle) { bySequence[alert.seq] = alert }

  mutating func remove(_ alert: AlertHandle) { bySequence[alert.seq] = nil }
}
