import Foundation
import Synchronization

/// A value that threads share behind a lock.
///
/// The value is in a `Synchronization.Mutex`, so the compiler checks that it is only reached
/// while locked. On Linux, a contended `Mutex` changes hands inside the kernel, where the thread
/// sanitizer cannot see it, so a test run with `--sanitize=thread` would report races that are
/// not there; every access therefore first takes an `NSLock`, a pthread mutex the sanitizer
/// understands, and the `Mutex` is never contended.
final class Locked<Value>: Sendable {
  private let lock = NSLock()
  private let value: Mutex<Value>

  init(_ value: sending Value) { self.value = Mutex(value) }

  /// Runs `body` on the value, holding the lock.
  func withLock<Result>(
    _ body: (inout sending Value) throws -> sending Result
  ) rethrows -> sending Result {
    lock.lock()
    defer { lock.unlock() }
    return try value.withLock(body)
  }
}
