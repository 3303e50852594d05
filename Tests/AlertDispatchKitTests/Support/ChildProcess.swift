import Dispatch
import Foundation

extension Process {
  /// Kills the process with SIGKILL if it is still running after `seconds`: a test that waits
  /// for it, or reads its output, on the main actor or on one of the few threads of Swift's
  /// concurrency pool, is never blocked for good by a child that hangs. Cancel the returned
  /// watchdog once the process has exited, before its id can be reused.
  func killIfStillRunning(after seconds: Int) -> DispatchWorkItem {
    let id = processIdentifier
    let watchdog = DispatchWorkItem { kill(id, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds), execute: watchdog)
    return watchdog
  }
}
