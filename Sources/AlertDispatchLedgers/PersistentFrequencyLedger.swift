public import AlertDispatchKit
import Foundation

/// What the persistent ledgers, ``FileFrequencyLedger`` and ``UserDefaultsFrequencyLedger``,
/// share: records in memory that every read answers from at once, and a writer that stores
/// every change in the background.
///
/// Opening a ledger reads its store once, on the calling thread: a cap must know what was shown
/// before its first check. After that the main actor never waits for the store. A change is
/// applied to the records in memory and handed to the writer, which stores it on a background
/// queue: one write at a time, the changes made while one is in flight together in the next.
/// Each write reads the store again first, so that records another process (an app extension)
/// stored meanwhile are kept, and the ledger answers from the result.
///
/// **When records reach the store.** A change is stored a few milliseconds after it is made —
/// as long as one write takes, or two when one is in flight. A crash or kill in that window loses
/// the changes not yet written, never one that ``flush()`` returned for. Call ``flush()`` where
/// the app may be stopped without notice: when it moves to the background, and before it exits.
///
/// ```swift
/// // UIKit: the app may be suspended, then killed, without another word.
/// func sceneDidEnterBackground(_ scene: UIScene) {
///   let task = UIApplication.shared.beginBackgroundTask()
///   Task {
///     await ledger.flush()
///     UIApplication.shared.endBackgroundTask(task)
///   }
/// }
/// ```
///
/// **Failures.** A write that fails keeps its changes in memory, reports a diagnostic, and is
/// tried again with the next change or ``flush()``; further failures are not reported again
/// until a write succeeds. A ledger released with changes not yet written still writes them.
@MainActor
public class PersistentFrequencyLedger: FrequencyLedger, PolicyReportingLedger {
  /// This instance's launch.
  public let launchID = UUID().uuidString
  private let writer: FrequencyLedgerWriter
  private let diagnostics: LedgerDiagnosticRoute

  init(
    store: any FrequencyLedgerStore, opening stored: StoredLedger,
    diagnostics: LedgerDiagnosticRoute, willWrite: FrequencyLedgerWillWrite?
  ) {
    self.diagnostics = diagnostics
    writer = FrequencyLedgerWriter(
      store: store, opening: stored, diagnose: diagnostics.report, willWrite: willWrite)
  }

  /// Sends the ledger's diagnostics through `policy` when the app gave it no `diagnose`
  /// closure.
  package func report(through policy: FrequencyPolicy) {
    diagnostics.report(through: policy)
  }

  /// Whether changes reach the store; false after the store could not be used (the ledger then
  /// works in memory for this launch).
  public var isPersistent: Bool { writer.isPersistent }

  /// Every record, by key then oldest first.
  public var allRecords: [FrequencyRecord] { writer.allRecords }

  /// The records kept for `key`, oldest first, from memory.
  public func records(for key: String) -> [FrequencyRecord] {
    writer.records(for: key)
  }

  /// Stores `records`: at once in memory, in the store a moment later.
  public func append(_ records: [FrequencyRecord]) {
    writer.change(.append(records))
  }

  /// Forgets the records of `key`.
  public func removeRecords(for key: String) {
    writer.change(.removeRecords(key: key))
  }

  /// Forgets every record.
  public func removeAllRecords() {
    writer.change(.removeAll)
  }

  /// Returns once every change made before the call is in the store, or its write has failed
  /// and been reported; a write that failed earlier is tried again first. Diagnostics of the
  /// writes it waited for are delivered before it returns.
  public func flush() async {
    await writer.flush()
    writer.deliverDiagnostics()
  }
}
