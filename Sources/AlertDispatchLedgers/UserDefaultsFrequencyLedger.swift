import AlertDispatchKit
public import Foundation

/// A persistent ledger kept under one key of a `UserDefaults` domain, for apps that keep such
/// state in defaults (or share it with an extension through an app group suite).
///
/// ```swift
/// let shared = UserDefaults(suiteName: "group.com.example.app")!
/// let policy = FrequencyPolicy(ledger: UserDefaultsFrequencyLedger(defaults: shared))
/// ```
///
/// The value is the same JSON-lines data ``FileFrequencyLedger`` writes. The background writer
/// (see ``PersistentFrequencyLedger``) replaces it whole with one `set(_:forKey:)`, which
/// `UserDefaults` applies atomically. A value that is not ledger
/// data, or has lines that are not records, never crashes the app: the ledger reports a
/// diagnostic, copies the value to `<key>.corrupt-<timestamp>` and goes on with the records it
/// could still read (none, when nothing could).
///
/// Each write is also written out at once (`synchronize()`): Apple's systems do that by
/// themselves, but on Linux swift-corelibs-foundation kept a change in memory, and a process
/// that exited lost it. Two processes changing one ledger at once are safe on Apple's systems,
/// which share defaults through `cfprefsd`; on Linux, a change may miss another process's
/// record written just before.
///
/// Each instance is one launch (``PersistentFrequencyLedger/launchID``).
public final class UserDefaultsFrequencyLedger: PersistentFrequencyLedger {
  /// The defaults the ledger lives in.
  public let defaults: UserDefaults
  /// The key of its value.
  public let key: String

  /// Opens the ledger stored under `key` in `defaults`, reading its value once, on the calling
  /// thread.
  ///
  /// - Parameters:
  ///   - defaults: Where it lives; by default the standard defaults.
  ///   - key: Its key; by default `AlertDispatch.frequencyLedger`.
  ///   - diagnose: Receives a sentence when the stored value is damaged; by default it goes
  ///     through the policy that holds the ledger to the observers of the dispatches that use
  ///     it, and to ``AlertDispatch/diagnosticHandler`` (see ``FrequencyPolicy/report(_:)``).
  public init(
    defaults: UserDefaults = .standard,
    key: String = "AlertDispatch.frequencyLedger",
    diagnose: (@MainActor (String) -> Void)? = nil
  ) {
    self.defaults = defaults
    self.key = key
    let diagnostics = LedgerDiagnosticRoute(diagnose)
    let value = FrequencyLedgerDefaultsValue(defaults: defaults, key: key)
    super.init(
      store: value, opening: StoredLedger(opening: value.read(report: diagnostics.report)),
      diagnostics: diagnostics, willWrite: nil)
  }
}

/// The `UserDefaults` value a ``UserDefaultsFrequencyLedger`` keeps its records in.
///
/// Unchecked: `UserDefaults` is thread-safe (Apple's Foundation marks it `Sendable`), but
/// swift-corelibs-foundation does not say so.
struct FrequencyLedgerDefaultsValue: FrequencyLedgerStore, @unchecked Sendable {
  let defaults: UserDefaults
  let key: String

  var name: String { "'\(key)' in user defaults" }

  func read(report: (String) -> Void) -> FrequencyStoreReading {
    guard let value = defaults.object(forKey: key) else { return .absent }
    guard let data = value as? Data else {
      return recover(
        value, problem: "it holds a \(type(of: value)), not ledger data", table: .init(), report)
    }
    let decoding = FrequencyRecordTable.decode(data)
    guard let problem = decoding.problem else { return .records(decoding.table, stored: true) }
    return recover(value, problem: problem, table: decoding.table, report)
  }

  func write(_ table: FrequencyRecordTable) throws {
    defaults.set(table.encoded(), forKey: key)
    defaults.synchronize()
  }

  /// Copies a damaged value aside and replaces it with the records that could be read.
  private func recover(
    _ value: Any, problem: String, table: FrequencyRecordTable, _ report: (String) -> Void
  ) -> FrequencyStoreReading {
    let copyKey = FrequencyRecordTable.damagedCopyName(of: key) {
      defaults.object(forKey: $0) != nil
    }
    defaults.set(value, forKey: copyKey)
    defaults.set(table.encoded(), forKey: key)
    report(
      "frequency ledger '\(key)' in user defaults is damaged: \(problem); kept a copy under '\(copyKey)' and started a fresh ledger with the \(table.recordCount) that could be read"
    )
    return .records(table, stored: true)
  }
}
