import AlertDispatchKit

extension StressWorld {
  /// A root whose last alert just ended: a drained event is due from it.
  struct AwaitedDrain {
    weak var root: AlertDispatch?
  }

  /// Watches the drained events of `dispatch` while it is a root: one comes right after the
  /// `ended` event of the last unfinished alert of its domain, and at no other time.
  func observeDrains(of dispatch: AlertDispatch) {
    dispatch.observe { [weak self, weak dispatch] event in
      guard let self, let dispatch, dispatch.parent == nil else { return }
      let key = ObjectIdentifier(dispatch)
      switch event.kind {
      case .ended:
        checkDrained()
        // The ended alert has left its dispatch: the domain is empty now, or it is not.
        if dispatch.subtreeAlerts.isEmpty { awaitingDrained[key] = AwaitedDrain(root: dispatch) }
      case .drained:
        drains += 1
        if awaitingDrained.removeValue(forKey: key) == nil {
          let count = dispatch.subtreeAlerts.count
          report(
            .drained,
            "\(dispatch.name) reported drained, but its last alert had not just ended (\(count) unfinished)"
          )
        }
      default: break
      }
    }
  }

  /// Reports every root whose last alert ended without a drained event right after it.
  func checkDrained() {
    let names = awaitingDrained.values.compactMap(\.root?.name)
    for name in names.sorted() {
      report(.drained, "the last alert of \(name)'s domain ended, and no drained event followed")
    }
    awaitingDrained = [:]
  }
}
