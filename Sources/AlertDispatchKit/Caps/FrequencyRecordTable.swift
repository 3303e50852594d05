/// Records by key with the retention every ledger shares.
package struct FrequencyRecordTable: Equatable {
  private var byKey: [String: [FrequencyRecord]] = [:]

  /// An empty table.
  package init() {}

  package var isEmpty: Bool { byKey.isEmpty }

  package func records(for key: String) -> [FrequencyRecord] {
    byKey[key] ?? []
  }

  /// Every record, by key then oldest first.
  package var allRecords: [FrequencyRecord] {
    byKey.keys.sorted().flatMap { byKey[$0] ?? [] }
  }

  /// Adds a record, forgetting the oldest of its key beyond ``FrequencyCap/maximumLimit``: no
  /// cap can count further back than that many shows.
  package mutating func append(_ record: FrequencyRecord) {
    var list = byKey[record.key, default: []]
    list.append(record)
    if list.count > FrequencyCap.maximumLimit {
      list.removeFirst(list.count - FrequencyCap.maximumLimit)
    }
    byKey[record.key] = list
  }

  package mutating func removeRecords(for key: String) {
    byKey[key] = nil
  }

  /// A copy that shares no storage with this one. A persistent ledger's writer hands the ledger
  /// such a copy, made on the writer's queue: one that shared its keys with the writer's table
  /// would copy every key on the main actor at the ledger's next change.
  package func unshared() -> FrequencyRecordTable {
    var copy = FrequencyRecordTable()
    copy.byKey = Dictionary(minimumCapacity: byKey.count)
    for (key, records) in byKey { copy.byKey[key] = records }
    return copy
  }
}
