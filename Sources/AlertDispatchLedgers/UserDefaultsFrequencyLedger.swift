import AlertDispatchKit
internal import Foundation

/// A persistent ledger kept under one key of a `UserDefaults` domain, for apps that keep such
/// state in defaults (or share it with an extension through an app group suite).
///
/// ```swift
/// let policy = FrequencyPolicy(
///   ledger: UserDefaultsFrequencyLedger(suiteName: "group.com.example.app"))
/// ```
///
/// The ledger names its domain by suite rather than holding a `UserDefaults` object: its
/// background writer opens the suite for each read and write (every `UserDefaults` object of one
/// suite reads and writes the same values), because `UserDefaults` is not `Sendable`.
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
/// that exited lost it. Two processes changing one ledger are safe on Apple's systems, which
/// share defaults through `cfprefsd`. On Linux, swift-corelibs-foundation reads a process's
/// defaults from memory until a `synchronize()` finds nothing of the process's own to write:
/// a change may miss a record another process wrote since.
///
/// Each instance is one launch (``PersistentFrequencyLedger/launchID``).
public final class UserDefaultsFrequencyLedger: PersistentFrequencyLedger {
  /// The suite the ledger lives in, as given to `UserDefaults(suiteName:)`; `nil` for the
  /// standard defaults.
  public let suiteName: String?
  /// The key of its value.
  public let key: String

  /// Opens the ledger stored under `key` in the defaults of `suiteName`, reading its value once,
  /// on the calling thread.
  ///
  /// - Parameters:
  ///   - suiteName: The suite, such as an app group's identifier; `nil` (the default) for
  ///     `UserDefaults.standard`. A name that `UserDefaults(suiteName:)` refuses (the app's own
  ///     bundle identifier, or `NSGlobalDomain`) means the standard defaults too.
  ///   - key: Its key; by default `AlertDispatch.frequencyLedger`.
  ///   - diagnose: Receives a sentence when the stored value is damaged; by default it goes
  ///     through the policy that holds the ledger to the observers of the dispatches that use
  ///     it, and to a diagnostic handler (see ``FrequencyPolicy/report(_:)``).
  public init(
    suiteName: String? = nil,
    key: String = "AlertDispatch.frequencyLedger",
    diagnose: (@MainActor (String) -> Void)? = nil
  ) {
    self.suiteName = suiteName
    self.key = key
    let diagnostics = LedgerDiagnosticRoute(diagnose)
    let value = FrequencyLedgerDefaultsValue(suiteName: suiteName, key: key)
    super.init(
      store: value, opening: StoredLedger(opening: value.read(report: diagnostics.report)),
      diagnostics: diagnostics, willWrite: nil)
  }
}

/// The `UserDefaults` value a ``UserDefaultsFrequencyLedger`` keeps its records in.
struct FrequencyLedgerDefaultsValue: FrequencyLedgerStore {
  let suiteName: String?
  let key: String

  /// The suite's defaults, opened for each use: `UserDefaults` is not `Sendable`, so the store,
  /// which the background writer uses, holds only the suite's name.
  private var defaults: UserDefaults {
    suiteName.flatMap(UserDefaults.init(suiteName:)) ?? .standard
  }

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
    let defaults = defaults
    defaults.set(table.encoded(), forKey: key)
    defaults.synchronize()
  }

  /// Copies a damaged value aside and replaces it with the records that could be read.
  private func recover(
    _ value: Any, problem: String, table: FrequencyRecordTable, _ report: (String) -> Void
  ) -> FrequencyStoreReading {
    let defaults = defaults
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
