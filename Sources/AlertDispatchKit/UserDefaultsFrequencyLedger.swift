public import Foundation

/// A persistent ledger kept under one key of a `UserDefaults` domain, for apps that keep such
/// state in defaults (or share it with an extension through an app group suite).
///
/// ```swift
/// let shared = UserDefaults(suiteName: "group.com.example.app")!
/// let policy = FrequencyPolicy(ledger: UserDefaultsFrequencyLedger(defaults: shared))
/// ```
///
/// The value is the same JSON-lines data ``FileFrequencyLedger`` writes, replaced whole on every
/// change with one `set(_:forKey:)`, which `UserDefaults` applies atomically; it re-reads the
/// value before each change so that other writers' records are kept. A value that is not ledger
/// data, or has lines that are not records, never crashes the app: the ledger reports a
/// diagnostic, copies the value to `<key>.corrupt-<timestamp>` and goes on with the records it
/// could still read (none, when nothing could).
///
/// Each change is also written out at once (`synchronize()`): Apple's systems do that by
/// themselves, but on Linux swift-corelibs-foundation kept a change in memory, and a process
/// that exited lost it. Two processes changing one ledger at once are safe on Apple's systems,
/// which share defaults through `cfprefsd`; on Linux, a change may miss another process's
/// record written just before.
///
/// Each instance is one launch (``launchID``).
@MainActor
public final class UserDefaultsFrequencyLedger: FrequencyLedger {
  /// The defaults the ledger lives in.
  public let defaults: UserDefaults
  /// The key of its value.
  public let key: String
  /// This instance's launch.
  public let launchID = UUID().uuidString

  private var table = FrequencyRecordTable()
  private let diagnose: @MainActor (String) -> Void

  /// Opens the ledger stored under `key` in `defaults`.
  ///
  /// - Parameters:
  ///   - defaults: Where it lives; by default the standard defaults.
  ///   - key: Its key; by default `AlertDispatch.frequencyLedger`.
  ///   - diagnose: Receives a sentence when the stored value is damaged; by default it goes to
  ///     ``AlertDispatch/diagnosticHandler``.
  public init(
    defaults: UserDefaults = .standard,
    key: String = "AlertDispatch.frequencyLedger",
    diagnose: (@MainActor (String) -> Void)? = nil
  ) {
    self.defaults = defaults
    self.key = key
    self.diagnose = diagnose ?? FrequencyPolicy.reportToDiagnosticHandler
    table = read()
  }

  /// The records kept for `key`, oldest first.
  public func records(for key: String) -> [FrequencyRecord] {
    table.records(for: key)
  }

  /// Every record, by key then oldest first.
  public var allRecords: [FrequencyRecord] { table.allRecords }

  /// Stores `records` in the defaults.
  public func append(_ records: [FrequencyRecord]) {
    change { table in
      for record in records { table.append(record) }
    }
  }

  /// Forgets the records of `key`.
  public func removeRecords(for key: String) {
    change { $0.removeRecords(for: key) }
  }

  /// Forgets every record.
  public func removeAllRecords() {
    change { $0 = FrequencyRecordTable() }
  }

  private func change(_ body: (inout FrequencyRecordTable) -> Void) {
    table = read()
    body(&table)
    defaults.set(table.encoded(), forKey: key)
    // Apple's systems write the change out by themselves; swift-corelibs-foundation keeps it in
    // memory until asked, and a process that exits without asking loses it.
    defaults.synchronize()
  }

  private func read() -> FrequencyRecordTable {
    guard let value = defaults.object(forKey: key) else { return FrequencyRecordTable() }
    guard let data = value as? Data else {
      return recover(
        value, problem: "it holds a \(type(of: value)), not ledger data", table: .init())
    }
    let decoding = FrequencyRecordTable.decode(data)
    guard let problem = decoding.problem else { return decoding.table }
    return recover(value, problem: problem, table: decoding.table)
  }

  private func recover(_ value: Any, problem: String, table: FrequencyRecordTable)
    -> FrequencyRecordTable
  {
    var copyKey = key + FrequencyRecordTable.damagedCopySuffix()
    var number = 2
    while defaults.object(forKey: copyKey) != nil {
      copyKey = key + FrequencyRecordTable.damagedCopySuffix() + "-\(number)"
      number += 1
    }
    defaults.set(value, forKey: copyKey)
    defaults.set(table.encoded(), forKey: key)
    let count = table.allRecords.count
    diagnose(
      "frequency ledger '\(key)' in user defaults is damaged: \(problem); kept a copy under '\(copyKey)' and started a fresh ledger with the \(count == 1 ? "1 record" : "\(count) records") that could be read"
    )
    return table
  }
}
