import Dispatch
import Synchronization

/// Stores a persistent ledger's changes in the background, so that the main actor never waits
/// for a disk: a change is applied to the records in memory under a lock held for no longer than
/// that, and a write on the writers' queue stores it. One write of a ledger is in flight at a
/// time; changes made meanwhile go together into the next.
///
/// The writer lives as long as its writes: a ledger released with changes not yet written still
/// has them written, and a failure reported.
final class FrequencyLedgerWriter: Sendable {
  /// One queue for every ledger of the process, so that two ledgers over one store never
  /// interleave their reads and writes and each keeps the other's records.
  private static let queue = DispatchQueue(
    label: "org.alertdispatch.frequency-ledger-writer", qos: .utility)

  private let state: Mutex<FrequencyLedgerWriterState>
  private let store: any FrequencyLedgerStore
  private let diagnose: @MainActor (String) -> Void
  private let willWrite: FrequencyLedgerWillWrite?

  init(
    store: any FrequencyLedgerStore, opening stored: StoredLedger,
    diagnose: @escaping @MainActor (String) -> Void, willWrite: FrequencyLedgerWillWrite?
  ) {
    self.store = store
    self.diagnose = diagnose
    self.willWrite = willWrite
    state = Mutex(FrequencyLedgerWriterState(stored: stored))
    if state.withLock({ $0.open() }) { startWrite() }
  }

  var isPersistent: Bool { state.withLock { $0.isPersistent } }

  var allRecords: [FrequencyRecord] { state.withLock { $0.table.allRecords } }

  func records(for key: String) -> [FrequencyRecord] {
    state.withLock { $0.table.records(for: key) }
  }

  func change(_ change: FrequencyLedgerChange) {
    if state.withLock({ $0.change(change) }) { startWrite() }
  }

  /// Returns once every change made before the call has been written, or its write has failed;
  /// a failed write is tried again first.
  func flush() async {
    await withCheckedContinuation { continuation in
      switch state.withLock({ $0.flush(continuation) }) {
      case .resume: continuation.resume()
      case .wait: break
      case .write: startWrite()
      }
    }
  }

  /// Hands the diagnostics of finished writes to `diagnose`, each once.
  @MainActor
  func deliverDiagnostics() {
    for message in state.withLock({ $0.takeMessages() }) { diagnose(message) }
  }

  private func startWrite() {
    Self.queue.async { self.write() }
  }

  /// One write; the next is queued behind the other ledgers' writes rather than run at once.
  private func write() {
    var write = state.withLock { $0.takeWrite() }
    write.stored.write(write.changes, to: store, willWrite: willWrite)
    let published = write.stored.table.unshared()
    let finished = state.withLock { $0.finish(write, published: published) }
    for continuation in finished.resumed { continuation.resume() }
    if finished.hasMessages {
      Task { @MainActor in self.deliverDiagnostics() }
    }
    if finished.writesAgain { startWrite() }
  }
}
