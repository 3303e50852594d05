import AlertDispatchKit

/// Where a persistent ledger keeps its records: a file, a `UserDefaults` value.
protocol FrequencyLedgerStore: Sendable {
  /// The store as diagnostics name it: `'<path>'`, `'<key>' in user defaults`.
  var name: String { get }
  /// The stored records; a damaged store is reported and a copy of it kept.
  func read(report: (String) -> Void) -> FrequencyStoreReading
  /// Replaces the stored records with `table`, all or nothing.
  func write(_ table: FrequencyRecordTable) throws
}

/// What a ledger's store held when it was read.
enum FrequencyStoreReading {
  /// Nothing is stored: no file, no value.
  case absent
  /// The records read, whole or recovered from damage; `stored` is false when the store no
  /// longer holds them (a damaged file moved aside, no fresh one written yet).
  case records(FrequencyRecordTable, stored: Bool)
  /// Damaged data that could not be set aside: left alone, and the ledger keeps `table` in
  /// memory for the launch.
  case unusable(FrequencyRecordTable)
}

/// Called on the writers' queue with the records a write is about to store; a throw fails the
/// write. Tests hold a write in flight, or fail it, with this.
package typealias FrequencyLedgerWillWrite = @Sendable ([FrequencyRecord]) throws -> Void

/// A persistent ledger as its writer knows it: the records as it last read or wrote them, and
/// the changes its store does not hold yet.
struct StoredLedger {
  private(set) var table: FrequencyRecordTable
  /// Changes whose write failed, applied again over the store's records at the next write.
  private(set) var unwritten: [FrequencyLedgerChange] = []
  /// Whether the store held the records when last read or written. Gone since means someone
  /// removed them: a reset.
  private var isStored: Bool
  /// False once the store could not be used: the records are kept in memory for the launch.
  private(set) var isPersistent = true
  /// Whether the failures since the last write that succeeded have been reported.
  private var failureReported = false

  init(opening reading: FrequencyStoreReading) {
    switch reading {
    case .absent:
      table = FrequencyRecordTable()
      isStored = false
    case .records(let read, let stored):
      table = read
      isStored = stored
    case .unusable(let read):
      table = read
      isStored = false
      isPersistent = false
    }
  }

  /// A ledger whose store cannot be used at all (its directory could not be created).
  static var inMemory: StoredLedger {
    var ledger = StoredLedger(opening: .absent)
    ledger.isPersistent = false
    return ledger
  }

  /// Whether the store must be written before any change: records recovered from a damaged
  /// file that was moved aside.
  var needsWrite: Bool { isPersistent && !isStored && !table.isEmpty }

  /// One write: the store's records as they are now, the changes not written yet over them, and
  /// `changes`, stored whole. A write that fails keeps the changes for the next one; the first
  /// failure after a success is reported, the others are not.
  mutating func write(
    _ changes: [FrequencyLedgerChange], to store: any FrequencyLedgerStore,
    willWrite: FrequencyLedgerWillWrite?, report: (String) -> Void
  ) {
    guard isPersistent else { return table.apply(changes) }
    switch store.read(report: report) {
    case .absent:
      // Removed since this ledger read or wrote it: a reset, of the changes not written yet
      // too, as when the `UserDefaults` ledger's key is removed. Never stored (its writes
      // failed, or this ledger moved a damaged file aside): the records in memory stand.
      if isStored {
        table = FrequencyRecordTable()
        unwritten = []
      }
      isStored = false
    case .records(let read, let stored):
      table = read
      table.apply(unwritten)
      isStored = stored
    case .unusable(let read):
      table = read
      table.apply(unwritten)
      table.apply(changes)
      unwritten = []
      isPersistent = false
      return
    }
    table.apply(changes)
    unwritten += changes
    do {
      try willWrite?(table.allRecords)
      try store.write(table)
      isStored = true
      unwritten = []
      failureReported = false
    } catch {
      guard !failureReported else { return }
      failureReported = true
      report(
        "frequency ledger \(store.name) could not be written (\(error)); the changes not written yet are kept in memory for this launch and written with the next change or flush"
      )
    }
  }
}
