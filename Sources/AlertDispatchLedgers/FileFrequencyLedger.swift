import AlertDispatchKit
public import Foundation

/// The persistent ledger an app uses by default: one small file in the app's Application
/// Support directory, replaced atomically by a background writer after every change.
///
/// ```swift
/// // At launch, once; share it between scenes.
/// let policy = FrequencyPolicy(ledger: FileFrequencyLedger())
/// for root in sceneRoots { root.frequencyPolicy = policy }
/// ```
///
/// **Writes.** The background writer (see ``PersistentFrequencyLedger``) stores the whole ledger
/// (a header line and one JSON line per record) in a temporary file in the same directory,
/// flushes it to disk (`fsync`; on Apple's systems `fcntl(F_FULLFSYNC)`, which also has the
/// drive write its cache out) and renames it over the ledger: a rename is atomic, so a crash or
/// kill at any moment leaves either the old file or the new one. A file deleted since this
/// instance last read or wrote it counts as a reset: the changes start over from no records, as
/// the `UserDefaults` ledger's do when its key is removed. Temporaries left by a killed write are
/// removed when a ledger opens.
///
/// **Damage.** A file that cannot be read, or has lines that are not records, never crashes the
/// app: the ledger reports a diagnostic, moves the file aside as `<name>.corrupt-<timestamp>`
/// (it is never overwritten without that copy) and goes on with the records it could still read
/// — none, when nothing could — writing them to a fresh file. If the damaged file cannot be moved
/// aside, the ledger leaves it alone and keeps its records in memory for this launch.
///
/// **Launches.** Each instance is one launch (``PersistentFrequencyLedger/launchID``). Open one
/// per file for the life of the process.
public final class FileFrequencyLedger: PersistentFrequencyLedger {
  /// The ledger file.
  public let fileURL: URL

  /// The default file: `AlertDispatch/frequency-ledger.jsonl` in the app's Application Support
  /// directory, or on tvOS in its Caches directory.
  ///
  /// tvOS gives an app no persistent local files: the system may delete its Caches directory
  /// whenever the app is not running, and it has no other directory that an app may write. The
  /// file ledger works there, but its records last only until the system deletes the file, which
  /// the ledger then reads as a reset (counts start over). For caps that must outlive that on
  /// tvOS, use ``UserDefaultsFrequencyLedger``: tvOS keeps an app's defaults (up to 500 KB), and
  /// a ledger takes about 100 bytes per record.
  public static var defaultFileURL: URL {
    #if os(tvOS)
      let directory = FileManager.SearchPathDirectory.cachesDirectory
    #else
      let directory = FileManager.SearchPathDirectory.applicationSupportDirectory
    #endif
    let base =
      FileManager.default.urls(for: directory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory
    return base.appendingPathComponent("AlertDispatch", isDirectory: true)
      .appendingPathComponent("frequency-ledger.jsonl")
  }

  /// Opens (or creates) the ledger at `fileURL`, creating its directory if needed. Opening reads
  /// the file once, on the calling thread.
  ///
  /// - Parameters:
  ///   - fileURL: The ledger file; by default ``defaultFileURL``.
  ///   - diagnose: Receives a sentence when the file is damaged, cannot be read or cannot be
  ///     written; by default it goes through the policy that holds the ledger to the
  ///     observers of the dispatches that use it, and to a diagnostic handler
  ///     (see ``FrequencyPolicy/report(_:)``).
  public convenience init(
    fileURL: URL = FileFrequencyLedger.defaultFileURL,
    diagnose: (@MainActor (String) -> Void)? = nil
  ) {
    self.init(fileURL: fileURL, diagnose: diagnose, willWrite: nil)
  }

  /// Opens the ledger with `willWrite` called before each write (a test hook).
  package init(
    fileURL: URL, diagnose: (@MainActor (String) -> Void)?,
    willWrite: FrequencyLedgerWillWrite?
  ) {
    self.fileURL = fileURL
    let diagnostics = LedgerDiagnosticRoute(diagnose)
    let file = FrequencyLedgerFile(url: fileURL)
    super.init(
      store: file, opening: file.open(report: diagnostics.report), diagnostics: diagnostics,
      willWrite: willWrite)
  }
}

/// The file a ``FileFrequencyLedger`` keeps its records in.
struct FrequencyLedgerFile: FrequencyLedgerStore {
  let url: URL

  var name: String { "'\(url.path)'" }

  /// Creates the directory, removes temporaries of killed writes and reads the file.
  func open(report: (String) -> Void) -> StoredLedger {
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      report(
        "frequency ledger directory '\(directory.path)' could not be created (\(error)); the ledger works in memory for this launch"
      )
      return .inMemory
    }
    AtomicFile.removeTemporaries(of: url)
    return StoredLedger(opening: read(report: report))
  }

  func read(report: (String) -> Void) -> FrequencyStoreReading {
    guard FileManager.default.fileExists(atPath: url.path) else { return .absent }
    let decoding: FrequencyRecordTable.Decoding
    do {
      decoding = FrequencyRecordTable.decode(try Data(contentsOf: url))
    } catch {
      return recover(FrequencyRecordTable.Decoding(problem: "it cannot be read (\(error))"), report)
    }
    guard decoding.problem == nil else { return recover(decoding, report) }
    return .records(decoding.table, stored: true)
  }

  func write(_ table: FrequencyRecordTable) throws {
    try AtomicFile.write(table.encoded(), to: url)
  }

  /// Moves a damaged file aside; the records that could be read are written to a fresh file by
  /// the next write.
  private func recover(_ decoding: FrequencyRecordTable.Decoding, _ report: (String) -> Void)
    -> FrequencyStoreReading
  {
    let problem = decoding.problem ?? "it is damaged"
    let count = decoding.table.recordCount
    let copy = URL(
      fileURLWithPath: FrequencyRecordTable.damagedCopyName(of: url.path) {
        FileManager.default.fileExists(atPath: $0)
      })
    do {
      try FileManager.default.moveItem(at: url, to: copy)
    } catch {
      report(
        "frequency ledger '\(url.path)' is damaged: \(problem); it could not be moved aside (\(error)), so it is left alone and the ledger works in memory for this launch with the \(count) that could be read"
      )
      return .unusable(decoding.table)
    }
    report(
      "frequency ledger '\(url.path)' is damaged: \(problem); kept a copy at '\(copy.path)' and started a fresh ledger with the \(count) that could be read"
    )
    return .records(decoding.table, stored: false)
  }
}
