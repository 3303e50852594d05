import AlertDispatchKit
import Dispatch

/// Holds the only reference to a dispatch, so that another thread can let go of it.
final class ReleaseBox: @unchecked Sendable {
  private(set) var dispatch: AlertDispatch?

  init(_ dispatch: AlertDispatch) { self.dispatch = dispatch }

  /// Lends the dispatch to `body`, which must not keep it.
  @MainActor
  func withDispatch<T>(_ body: (AlertDispatch) throws -> T) throws -> T {
    try body(dispatch!)
  }

  /// Lets go of the dispatch on another thread and waits for it there: the main actor stays
  /// busy meanwhile, so that the dispatch's deinit waits until the caller lets it run. Returns
  /// false if the other thread did not let go within 50 s: the wait never blocks for good.
  func releaseOnAnotherThread() -> Bool {
    let released = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      self.dispatch = nil
      released.signal()
    }
    return released.wait(timeout: .now() + .seconds(50)) == .success
  }
}
