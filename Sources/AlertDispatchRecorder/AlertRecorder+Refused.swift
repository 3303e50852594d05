import AlertDispatchKit
import AlertDispatchScenarioFormat

extension AlertRecorder {
  /// Takes the last add of an alert with `id` out of the recording, with its declaration: the
  /// library refused its request as invalid, so it ended at once and changed nothing else, and
  /// a scenario file cannot write the request (its parser refuses what the library refuses).
  /// `false` when the add is not in the current segment.
  func leaveOutRefused(_ id: AlertID) -> Bool {
    let last = segments.count - 1
    guard
      let index = segments[last].events.lastIndex(where: {
        if case .added(let added) = $0.item { return added.request.id == id }
        return false
      })
    else { return false }
    segments[last].events.remove(at: index)
    if let start = drainStart, start > index { drainStart = start - 1 }
    if let start = queuedDrainStart, start > index { queuedDrainStart = start - 1 }
    if let start = drainStart, start >= segments[last].events.count { drainStart = nil }
    return true
  }
}
