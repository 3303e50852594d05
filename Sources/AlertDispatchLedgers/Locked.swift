import Foundation

/// A value that threads share behind a lock.
///
/// `Synchronization.Mutex` would do, but on Linux it hands a contended lock over inside the
/// kernel, where the thread sanitizer cannot see it, so a test run with `--sanitize=thread`
/// reports races that are not there. `NSLock` is a pthread mutex the sanitizer understands.
///
/// Unchecked: every access to `value` is made holding `lock`, and like `Mutex` it takes the value
/// and hands results out as `sending`, so no reference to the value escapes the lock.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: sending Value) { self.value = value }

  /// Runs `body` on the value, holding the lock.
  func withLock<Result>(
    _ body: (inout sending Value) throws -> sending Result
  ) rethrows -> sending Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
