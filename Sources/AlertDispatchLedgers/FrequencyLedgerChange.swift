import AlertDispatchKit

/// A change to a ledger's records, as a value: a ledger applies it to the records it answers
/// from when the change is made, and its writer applies it again over the stored records when it
/// writes, so that records another process stored meanwhile are kept.
enum FrequencyLedgerChange: Sendable, Equatable {
  case append([FrequencyRecord])
  case removeRecords(key: String)
  case removeAll
}

extension FrequencyRecordTable {
  mutating func apply(_ change: FrequencyLedgerChange) {
    switch change {
    case .append(let records):
      for record in records { append(record) }
    case .removeRecords(let key):
      removeRecords(for: key)
    case .removeAll:
      self = FrequencyRecordTable()
    }
  }

  mutating func apply(_ changes: [FrequencyLedgerChange]) {
    for change in changes { apply(change) }
  }
}
