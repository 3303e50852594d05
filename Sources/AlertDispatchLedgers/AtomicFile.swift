import Foundation

/// Whole-file replacement that a crash cannot tear: temporary file, flush to disk, `rename`.
///
/// The flush is `fsync`, except on Apple's systems: there `fsync` hands the data to the drive,
/// whose own cache a power loss may still lose, so the file is flushed with
/// `fcntl(F_FULLFSYNC)`, which has the drive write its cache out, and with `fsync` only where
/// the file system refuses that.
///
/// A temporary is named `.<name>.tmp-<process id>-<UUID>`, so that a ledger opening removes only
/// those of processes that are gone, never one another ledger's write still has in flight.
enum AtomicFile {
  private static func temporaryPrefix(of url: URL) -> String {
    "." + url.lastPathComponent + ".tmp-"
  }

  static func write(_ data: Data, to url: URL) throws {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(
      temporaryPrefix(of: url) + "\(getpid())-" + UUID().uuidString)
    guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
    }
    do {
      let handle = try FileHandle(forWritingTo: temporary)
      defer { try? handle.close() }
      try handle.write(contentsOf: data)
      guard flushToDisk(handle.fileDescriptor) == 0 else {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      }
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
    _ = flushToDisk(descriptor)
    _ = close(descriptor)
  }

  /// Has what was written to `descriptor` reach the disk; 0 on success, -1 with `errno` set.
  private static func flushToDisk(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
      if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
    #endif
    return fsync(descriptor)
  }

  /// Removes temporaries a killed write left next to `url`: those of processes that no longer
  /// run, and those whose name carries no process id.
  static func removeTemporaries(of url: URL) {
    let directory = url.deletingLastPathComponent()
    let prefix = temporaryPrefix(of: url)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    for name in names where name.hasPrefix(prefix) {
      let writer = name.dropFirst(prefix.count).prefix { $0 != "-" }
      if let process = pid_t(writer), isRunning(process) { continue }
      try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
    }
  }

  /// Whether `process` runs; one that may not be signalled (another user's) runs too.
  private static func isRunning(_ process: pid_t) -> Bool {
    kill(process, 0) == 0 || errno == EPERM
  }
}
