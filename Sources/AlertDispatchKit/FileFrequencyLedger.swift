public import Foundation

/// The persistent ledger an app uses by default: one small file in the app's Application
/// Support directory, rewritten atomically on every change.
///
/// ```swift
/// // At launch, once; share it between scenes.
/// let policy = FrequencyPolicy(ledger: FileFrequencyLedger())
/// for root in sceneRoots { root.frequencyPolicy = policy }
/// ```
///
/// **Writes.** Every change writes the whole ledger (a header line and one JSON line per record)
/// to a temporary file in the same directory, flushes it to disk (`fsync`) and renames it over
/// the ledger. A rename is atomic, so a crash or kill at any moment leaves either the old file or
/// the new one: it loses at most the show being written. Before writing, the ledger reads the
/// file again, so records written meanwhile by another instance (another process, such as an app
/// extension) are kept, and a file deleted since this instance last read or wrote it counts as
/// a reset: the change starts over from no records, as the `UserDefaults` ledger does when its
/// key is removed. A change whose write fails is kept in memory for the launch, replayed over
/// the file's records at each later change until a write succeeds. Temporaries left by a
/// killed write are removed when a ledger opens.
///
/// **Damage.** A file that cannot be read, or has lines that are not records, never crashes the
/// app: the ledger reports a diagnostic, moves the file aside as `<name>.corrupt-<timestamp>`
/// (it is never overwritten without that copy) and goes on with the records it could still read
/// — none, when nothing could — writing them to a fresh file. If the damaged file cannot be moved
/// aside, the ledger leaves it alone and keeps its records in memory for this launch.
///
/// **Launches.** Each instance is one launch (``launchID``). Open one per file for the life of
/// the process.
@MainActor
public final class FileFrequencyLedger: FrequencyLedger {
  /// The ledger file.
  public let fileURL: URL
  /// This instance's launch.
  public let launchID = UUID().uuidString
  /// Whether changes reach the file; false after the file could not be moved aside or its
  /// directory could not be created (the ledger then works in memory for this launch).
  public private(set) var isPersistent = true

  private var table = FrequencyRecordTable()
  /// Whether the file existed when this instance last read or wrote it: a file gone since was
  /// deleted by someone else, and the next change starts over from no records.
  private var fileSeen = false
  /// The changes made since the last write that reached the file (its writes failed), replayed
  /// over the file's records at the next change, so that they are kept for the launch as the
  /// diagnostic says, and records written meanwhile by another instance are kept too.
  private var unsaved: [(inout FrequencyRecordTable) -> Void] = []
  private let diagnose: @MainActor (String) -> Void

  /// The default file: `AlertDispatch/frequency-ledger.jsonl` in the user's Application Support
  /// directory.
  public static var defaultFileURL: URL {
    let base =
      FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory
    return base.appendingPathComponent("AlertDispatch", isDirectory: true)
      .appendingPathComponent("frequency-ledger.jsonl")
  }

  /// Opens (or creates) the ledger at `fileURL`, creating its directory if needed.
  ///
  /// - Parameters:
  ///   - fileURL: The ledger file; by default ``defaultFileURL``.
  ///   - diagnose: Receives a sentence when the file is damaged, cannot be read or cannot be
  ///     written; by default it goes to ``AlertDispatch/diagnosticHandler``.
  public init(
    fileURL: URL = FileFrequencyLedger.defaultFileURL,
    diagnose: (@MainActor (String) -> Void)? = nil
  ) {
    self.fileURL = fileURL
    self.diagnose = diagnose ?? FrequencyPolicy.reportToDiagnosticHandler
    open()
  }

  /// The records kept for `key`, oldest first.
  public func records(for key: String) -> [FrequencyRecord] {
    table.records(for: key)
  }

  /// Every record, by key then oldest first.
  public var allRecords: [FrequencyRecord] { table.allRecords }

  /// Stores `records` and writes the file before returning.
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

  private func change(_ body: @escaping (inout FrequencyRecordTable) -> Void) {
    if isPersistent {
      let seenBefore = fileSeen
      if let current = read() {
        table = current
        for unsavedChange in unsaved { unsavedChange(&table) }
      } else if seenBefore {
        // Deleted since: a reset, as when the `UserDefaults` ledger's key is removed, of the
        // changes not yet written too. A file that never was (its writes failed) leaves the
        // records kept in memory.
        table = FrequencyRecordTable()
        unsaved = []
      }
    }
    body(&table)
    guard isPersistent else { return }
    do {
      try AtomicFile.write(table.encoded(), to: fileURL)
      fileSeen = true
      unsaved = []
    } catch {
      unsaved.append(body)
      diagnose(
        "frequency ledger '\(fileURL.path)' could not be written (\(error)); the change is kept in memory for this launch"
      )
    }
  }

  private func open() {
    let directory = fileURL.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      isPersistent = false
      return diagnose(
        "frequency ledger directory '\(directory.path)' could not be created (\(error)); the ledger works in memory for this launch"
      )
    }
    AtomicFile.removeTemporaries(of: fileURL)
    table = read() ?? FrequencyRecordTable()
  }

  /// The file's records, after recovering from damage; `nil` when there is no file.
  private func read() -> FrequencyRecordTable? {
    fileSeen = FileManager.default.fileExists(atPath: fileURL.path)
    guard fileSeen else { return nil }
    let decoding: FrequencyRecordTable.Decoding
    do {
      decoding = FrequencyRecordTable.decode(try Data(contentsOf: fileURL))
    } catch {
      return recover(FrequencyRecordTable.Decoding(problem: "it cannot be read (\(error))"))
    }
    guard decoding.problem == nil else { return recover(decoding) }
    return decoding.table
  }

  private func recover(_ decoding: FrequencyRecordTable.Decoding) -> FrequencyRecordTable {
    let problem = decoding.problem ?? "it is damaged"
    let copy = AtomicFile.unusedURL(
      fileURL.deletingLastPathComponent().appendingPathComponent(
        fileURL.lastPathComponent + FrequencyRecordTable.damagedCopySuffix()))
    do {
      try FileManager.default.moveItem(at: fileURL, to: copy)
    } catch {
      isPersistent = false
      diagnose(
        "frequency ledger '\(fileURL.path)' is damaged: \(problem); it could not be moved aside (\(error)), so it is left alone and the ledger works in memory for this launch with the \(recordCount(decoding.table)) that could be read"
      )
      return decoding.table
    }
    diagnose(
      "frequency ledger '\(fileURL.path)' is damaged: \(problem); kept a copy at '\(copy.path)' and started a fresh ledger with the \(recordCount(decoding.table)) that could be read"
    )
    // Moved aside by this instance, not deleted by another: unless the fresh file is written,
    // the next change keeps these records rather than taking the missing file for a reset.
    fileSeen = false
    if !decoding.table.isEmpty {
      fileSeen = (try? AtomicFile.write(decoding.table.encoded(), to: fileURL)) != nil
    }
    return decoding.table
  }

  private func recordCount(_ table: FrequencyRecordTable) -> String {
    let count = table.allRecords.count
    return count == 1 ? "1 record" : "\(count) records"
  }
}

/// Whole-file replacement that a crash cannot tear: temporary file, `fsync`, `rename`.
enum AtomicFile {
  private static func temporaryPrefix(of url: URL) -> String {
    "." + url.lastPathComponent + ".tmp-"
  }

  static func write(_ data: Data, to url: URL) throws {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(temporaryPrefix(of: url) + UUID().uuidString)
    guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
    }
    do {
      let handle = try FileHandle(forWritingTo: temporary)
      defer { try? handle.close() }
      try handle.write(contentsOf: data)
      try handle.synchronize()
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
    guard rename(temporary.path, url.path) == 0 else {
      let code = errno
      try? FileManager.default.removeItem(at: temporary)
      throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
    synchronizeDirectory(directory)
  }

  /// Makes the rename itself durable; best effort (some file systems refuse).
  private static func synchronizeDirectory(_ directory: URL) {
    let descriptor = open(directory.path, O_RDONLY)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    _ = close(descriptor)
  }

  /// Removes temporaries a killed write left next to `url`.
  static func removeTemporaries(of url: URL) {
    let directory = url.deletingLastPathComponent()
    let prefix = temporaryPrefix(of: url)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    for name in names where name.hasPrefix(prefix) {
      try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
    }
  }

  /// `url`, or `url` with `-2`, `-3`, … appended if a file of that name exists.
  static func unusedURL(_ url: URL) -> URL {
    var candidate = url
    var number = 2
    while FileManager.default.fileExists(atPath: candidate.path) {
      candidate = URL(fileURLWithPath: url.path + "-\(number)")
      number += 1
    }
    return candidate
  }
}
