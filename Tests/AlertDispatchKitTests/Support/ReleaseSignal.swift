/// Calls `onRelease` when it is freed: captured by a timer's action, it tells when the clock
/// let go of the action.
final class ReleaseSignal {
  let name: String
  let onRelease: @Sendable () -> Void

  init(_ name: String, onRelease: @escaping @Sendable () -> Void) {
    self.name = name
    self.onRelease = onRelease
  }

  deinit { onRelease() }
}
