package import Foundation

/// A value that threads share, reached only while its lock is held.
///
/// The package's one type whose `Sendable` conformance the compiler takes on trust, and why
/// that trust holds: `value` is private and read or changed only inside ``withLock(_:)``, with
/// `lock` held. The lock is an `NSLock`, a plain mutex that every supported platform has and that
/// the thread sanitizer understands. A handle's ``AlertHandle/description`` and the ledgers'
/// background writer use it.
package final class Locked<Value>: @unchecked Sendable {
  private let lock: NSLock
  private var value: Value

  /// A lock around `value`, which no other code may reach any more.
  ///
  /// - Parameter lock: The lock; by default one of its own. Values that are rarely contended may
  ///   share one (each access holds it whole), which saves the memory of a lock each.
  package init(_ value: sending Value, lock: NSLock = NSLock()) {
    self.value = value
    self.lock = lock
  }

  /// Runs `body` on the value, holding the lock.
  package func withLock<Result>(
    _ body: (inout sending Value) throws -> sending Result
  ) rethrows -> sending Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
