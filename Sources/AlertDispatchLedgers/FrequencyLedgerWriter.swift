import AlertDispatchKit
import Dispatch

/// Stores a persistent ledger's changes on a background queue (see
/// ``PersistentFrequencyLedger``). It lives as long as its writes: a ledger released with changes
/// not yet written still has them written.
final class FrequencyLedgerWriter: Sendable {
  /// One queue for every ledger of the process, so that two ledgers over one store never
  /// interleave their reads and writes and each keeps the other's records.
  private static let queue = DispatchQueue(
    label: "org.alertdispatch.frequency-ledger-writer", qos: .utility)

  /// What the main actor shares with the queue; the lock is held for no more than a change.
  private struct Shared {
    /// What the ledger answers from: the store's records as last read, with every change since.
    var table: FrequencyRecordTable
    var isPersistent: Bool
    /// Changes no write has taken yet.
    var pending: [FrequencyLedgerChange] = []
    /// Whether a queued write will take `pending`.
    var isQueued = false
    /// Writes queued or running.
    var writes = 0
    /// Whether the last write failed, leaving changes for the next one.
    var hasUnwritten = false
    var messages: [String] = []

    /// Whether a write must be queued for `pending`: none is queued yet.
    mutating func queueWrite() -> Bool {
      guard !isQueued else { return false }
      isQueued = true
      writes += 1
      return true
    }
  }

  private let shared: Locked<Shared>
  /// The writer's side, used on the queue only.
  private let stored: Locked<StoredLedger>
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
    shared = Locked(Shared(table: stored.table.unshared(), isPersistent: stored.isPersistent))
    self.stored = Locked(stored)
    if stored.needsWrite && shared.withLock({ $0.queueWrite() }) { startWrite() }
  }

  var isPersistent: Bool { shared.withLock { $0.isPersistent } }

  var allRecords: [FrequencyRecord] { shared.withLock { $0.table.allRecords } }

  func records(for key: String) -> [FrequencyRecord] {
    shared.withLock { $0.table.records(for: key) }
  }

  /// Applies `change` to the records in memory and has a write store it: the queued one, or a
  /// new one (changes made while a write runs go together into the next).
  func change(_ change: FrequencyLedgerChange) {
    let queues = shared.withLock { shared in
      shared.table.apply(change)
      guard shared.isPersistent else { return false }
      shared.pending.append(change)
      return shared.queueWrite()
    }
    if queues { startWrite() }
  }

  /// Returns once every change made before the call has been written, or its write has failed;
  /// with no write queued or running, a failed one is tried again first.
  func flush() async {
    let (waits, retries) = shared.withLock { shared in
      guard shared.isPersistent, shared.writes > 0 || shared.hasUnwritten else {
        return (false, false)
      }
      return (true, shared.writes == 0 && shared.queueWrite())
    }
    guard waits else { return }
    if retries { startWrite() }
    // The queue runs in order: this comes after every write that holds a change made so far.
    await withCheckedContinuation { continuation in Self.queue.async { continuation.resume() } }
  }

  /// Hands the diagnostics of finished writes to `diagnose`, each once.
  @MainActor
  func deliverDiagnostics() {
    let messages = shared.withLock { shared in
      defer { shared.messages = [] }
      return shared.messages
    }
    for message in messages { diagnose(message) }
  }

  private func startWrite() {
    Self.queue.async { self.write() }
  }

  /// One write, on the queue: the changes no write has taken, stored whole with the store's
  /// records as they are now.
  private func write() {
    let changes = shared.withLock { shared in
      shared.isQueued = false
      defer { shared.pending = [] }
      return shared.pending
    }
    var messages: [String] = []
    let written = stored.withLock { stored in
      stored.write(changes, to: store, willWrite: willWrite) { messages.append($0) }
      // The copy is made here, not on the main actor at the ledger's next change.
      return (
        table: stored.table.unshared(), isPersistent: stored.isPersistent,
        hasUnwritten: !stored.unwritten.isEmpty
      )
    }
    var table = written.table
    let delivers = shared.withLock { shared in
      table.apply(shared.pending)
      swap(&table, &shared.table)  // the old table is freed outside the lock
      shared.isPersistent = written.isPersistent
      shared.hasUnwritten = written.hasUnwritten
      shared.writes -= 1
      shared.messages += messages
      return !messages.isEmpty
    }
    if delivers { Task { @MainActor in self.deliverDiagnostics() } }
  }
}
