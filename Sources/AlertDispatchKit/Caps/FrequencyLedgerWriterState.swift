/// What a persistent ledger's writer shares with the main actor, and the events that move it:
/// a change, a flush, a write taken and finished. Each event returns what its caller must do
/// (start a write, resume a flush), so that the lock around this state is never held while
/// anything else runs.
///
/// Every change and every flush that retries a failed write is a request, numbered in order; a
/// write covers every request made before it was taken, and a flush waits for the requests made
/// before it. At most one write is in flight.
struct FrequencyLedgerWriterState {
  /// What the ledger answers from: the store's records as last read, with every change since.
  private(set) var table: FrequencyRecordTable
  private(set) var isPersistent: Bool
  /// Changes made since the last write was taken: they go together into the next one.
  private var pending: [FrequencyLedgerChange] = []
  private var requested = 0
  private var attempted = 0
  /// Whether a write is in flight or about to start.
  private var isWriting = false
  /// The writer's side, held by the write in flight while there is one.
  private var stored: StoredLedger?
  private var waiters: [(request: Int, continuation: CheckedContinuation<Void, Never>)] = []
  private var undelivered: [String] = []

  /// The changes a write stores and the writer's side to store them with.
  struct Write {
    var changes: [FrequencyLedgerChange]
    var stored: StoredLedger
    /// The last request the write covers.
    var covers: Int
  }

  /// What the writer does once a write has finished.
  struct Finished {
    /// Flushes whose requests are all written (or failed).
    var resumed: [CheckedContinuation<Void, Never>]
    /// Whether requests came in meanwhile: the next write starts now.
    var writesAgain: Bool
    /// Diagnostics wait for the main actor.
    var hasMessages: Bool
    /// The table the ledger answered from until now, released by the caller outside the lock.
    var replaced: FrequencyRecordTable
  }

  enum FlushAction {
    case resume
    case wait
    /// Retries a failed write, which the flush then waits for.
    case write
  }

  init(stored: StoredLedger) {
    table = stored.table.unshared()
    isPersistent = stored.isPersistent
    self.stored = stored
  }

  /// Whether the store must be written as the ledger opens (`StoredLedger/needsWrite`).
  mutating func open() -> Bool {
    guard let stored, stored.needsWrite else { return false }
    requested += 1
    isWriting = true
    return true
  }

  /// Applies `change` to the records in memory and asks for a write; true when a write must
  /// start (none is in flight).
  mutating func change(_ change: FrequencyLedgerChange) -> Bool {
    table.apply(change)
    guard isPersistent else { return false }
    pending.append(change)
    requested += 1
    guard !isWriting else { return false }
    isWriting = true
    return true
  }

  mutating func flush(_ continuation: CheckedContinuation<Void, Never>) -> FlushAction {
    guard isPersistent else { return .resume }
    if isWriting {
      waiters.append((requested, continuation))
      return .wait
    }
    guard let stored, !stored.unwritten.isEmpty else { return .resume }
    requested += 1
    isWriting = true
    waiters.append((requested, continuation))
    return .write
  }

  /// Takes the changes made so far for the write that starts now.
  mutating func takeWrite() -> Write {
    guard let stored = stored.take() else {
      preconditionFailure("a second write taken while one is in flight")
    }
    defer { pending = [] }
    return Write(changes: pending, stored: stored, covers: requested)
  }

  /// Puts back the writer's side after `write`, and answers from `published` (a table that
  /// shares no storage with the writer's) with the changes made meanwhile.
  mutating func finish(_ write: Write, published: FrequencyRecordTable) -> Finished {
    var stored = write.stored
    undelivered += stored.messages
    stored.messages = []
    self.stored = stored
    isPersistent = stored.isPersistent
    attempted = write.covers
    var table = published
    table.apply(pending)
    swap(&table, &self.table)
    isWriting = requested > attempted
    let done = waiters.filter { $0.request <= attempted }.map(\.continuation)
    waiters.removeAll { $0.request <= attempted }
    return Finished(
      resumed: done, writesAgain: isWriting, hasMessages: !undelivered.isEmpty,
      replaced: table)
  }

  mutating func takeMessages() -> [String] {
    defer { undelivered = [] }
    return undelivered
  }
}
