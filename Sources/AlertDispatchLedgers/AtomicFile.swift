import Foundation

/// Whole-file replacement that a crash cannot tear: temporary file, `fsync`, `rename`.
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
