import AlertDispatchKit
import AlertDispatchScenarioFormat

extension AlertRecorder {
  /// Takes the last add of an alert with `id` out of the recording, with its declaration: the
  /// library refused its request as invalid, so it ended at once and changed nothing else, and
  /// a scenario file cannot write the request (its parser refuses what the library refuses).
  /// `false` when the add is not in the current segment.
  func leaveOutRefused(_ id: AlertID) -> Bool {
    let last = segments.count - 1
    let written = names.id(id)
    var declared: [String: Int] = [:]
    var addIndex: Int?
    var name = ""
    for (index, event) in segments[last].events.enumerated() {
      switch event.item {
      case .declare(.alert(let alert)) where alert.id == written: declared[alert.name] = index
      case .action(.add(let added)) where declared[added] != nil:
        addIndex = index
        name = added
      default: break
      }
    }
    guard let addIndex, let declaration = declared[name] else { return false }
    var removed = [addIndex, declaration]
    if declaration > 0, case .declare(.lane) = segments[last].events[declaration - 1].item {
      removed.append(declaration - 1)
    }
    for index in removed.sorted(by: >) {
      segments[last].events.remove(at: index)
      if let start = drainStart, start > index { drainStart = start - 1 }
      if let start = queuedDrainStart, start > index { queuedDrainStart = start - 1 }
    }
    if let start = drainStart, start >= segments[last].events.count { drainStart = nil }
    return true
  }
}
