public import Foundation

/// One counted show in a ``FrequencyLedger``.
public struct FrequencyRecord: Sendable, Hashable, Codable {
  /// The counter: a cap's campaign key, or `category:` and a category name for budgets.
  public var key: String
  /// When the show counted, on the policy's ``WallClock``.
  public var date: Date
  /// The app version at the time (``FrequencyPolicy/appVersion``).
  public var appVersion: String
  /// The ``FrequencyLedger/launchID`` of the ledger instance that wrote it.
  public var launchID: String

  /// Creates a record.
  public init(key: String, date: Date, appVersion: String, launchID: String) {
    self.key = key
    self.date = date
    self.appVersion = appVersion
    self.launchID = launchID
  }

  private enum CodingKeys: String, CodingKey {
    case key
    case date
    case appVersion = "version"
    case launchID = "launch"
  }
}

/// Where frequency caps count shows: a small keyed log of ``FrequencyRecord`` values.
///
/// AlertDispatch ships three: ``InMemoryFrequencyLedger`` for tests and the simulator, and in the
/// `AlertDispatchLedgers` library `FileFrequencyLedger` (a file in Application Support) and
/// `UserDefaultsFrequencyLedger`. The caps' logic (windows, calendars, budgets) lives in
/// ``FrequencyPolicy``; a ledger only stores and returns records.
///
/// Ledgers are used on the main actor, at most once per check and once per show, and must
/// never make it wait for a disk: reads answer from memory, and a persistent ledger stores its
/// changes in the background (as `PersistentFrequencyLedger` does), with ``flush()`` to wait
/// for them.
///
/// An implementation must:
/// - give each instance its own ``launchID`` for its whole life: a new instance over the same
///   store is a new launch of the app, and records written by earlier instances do not count in
///   ``FrequencyWindow/launch`` windows;
/// - return from ``records(for:)`` every record appended for the key, oldest first, except that
///   it may forget all but the ``FrequencyCap/maximumLimit`` most recent ones of a key;
/// - make ``append(_:)`` all-or-nothing, and, when persistent, durable by the time ``flush()``
///   returns: a crash or kill loses at most the changes not yet stored, never one flushed;
/// - never crash on a damaged or unreadable store: report a diagnostic and go on with a fresh
///   ledger (or with the records that could still be read), keeping a copy of the damaged data.
@MainActor
public protocol FrequencyLedger: AnyObject {
  /// Identifies this launch: unique to the instance, stamped on every record it appends.
  var launchID: String { get }
  /// The records kept for `key`, oldest first.
  func records(for key: String) -> [FrequencyRecord]
  /// Stores `records`, all or none.
  func append(_ records: [FrequencyRecord])
  /// Forgets the records of `key` (for example when a campaign restarts).
  func removeRecords(for key: String)
  /// Forgets every record (a debug menu's "reset promotions").
  func removeAllRecords()
  /// Returns once every change made before the call is in the store, or its write has failed
  /// and been reported.
  func flush() async
}

extension FrequencyLedger {
  /// Returns at once: for a ledger that keeps no store, or stores each change before returning.
  public func flush() async {}
}

/// A ledger in memory: for tests, previews and the simulator. Records last as long as the
/// instances that share them.
///
/// ```swift
/// let ledger = InMemoryFrequencyLedger()
/// let policy = FrequencyPolicy(ledger: ledger)
/// // … later, simulate a relaunch: same records, a new launch.
/// let relaunched = FrequencyPolicy(ledger: ledger.nextLaunch())
/// ```
@MainActor
public final class InMemoryFrequencyLedger: FrequencyLedger {
  private final class Storage {
    var table = FrequencyRecordTable()
  }

  /// This instance's launch.
  public let launchID: String
  private let storage: Storage

  /// Creates an empty ledger, or one holding `records` (written by earlier launches, say).
  public init(records: [FrequencyRecord] = []) {
    launchID = UUID().uuidString
    storage = Storage()
    for record in records { storage.table.append(record) }
  }

  private init(sharing storage: Storage) {
    launchID = UUID().uuidString
    self.storage = storage
  }

  /// A new ledger over the same records, as the next launch of the app would see them.
  public func nextLaunch() -> InMemoryFrequencyLedger {
    InMemoryFrequencyLedger(sharing: storage)
  }

  /// Every record, by key then oldest first.
  public var allRecords: [FrequencyRecord] { storage.table.allRecords }

  /// The records kept for `key`, oldest first.
  public func records(for key: String) -> [FrequencyRecord] {
    storage.table.records(for: key)
  }

  /// Stores `records`.
  public func append(_ records: [FrequencyRecord]) {
    for record in records { storage.table.append(record) }
  }

  /// Forgets the records of `key`.
  public func removeRecords(for key: String) {
    storage.table.removeRecords(for: key)
  }

  /// Forgets every record.
  public func removeAllRecords() {
    storage.table = FrequencyRecordTable()
  }
}
