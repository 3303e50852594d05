import AlertDispatchKit

extension StressWorld {
  /// A root whose last alert just ended: a drained event is due from it.
  struct AwaitedDrain {
    weak var root: AlertDispatch?
    /// Whether the drained event must come before the next end. One whose last alert was
    /// replaced may be busy again by then: an add ends the alert it replaces before its own
    /// alert is registered, and the domain is drained only if that one ends too. Such a root is
    /// checked at the end of the operation instead.
    var isDueAtOnce: Bool
  }

  /// Watches the drained events of `dispatch` while it is a root: one comes after the `ended`
  /// event of the last unfinished alert of its domain, and at no other time.
  func observeDrains(of dispatch: AlertDispatch) {
    dispatch.observe { [weak self, weak dispatch] event in
      guard let self, let dispatch, dispatch.parent == nil else { return }
      let key = ObjectIdentifier(dispatch)
      switch event.kind {
      case .ended(let outcome):
        checkDrained(atEndOfStep: false)
        // The ended alert has left its dispatch: the domain is empty now, or it is not.
        guard dispatch.subtreeAlerts.isEmpty else { break }
        let replaced = if case .cancelled(.replaced) = outcome { true } else { false }
        awaitingDrained[key] = AwaitedDrain(root: dispatch, isDueAtOnce: !replaced)
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

  /// Reports every root whose last alert ended without a drained event after it, and whose
  /// domain is still empty: those due at once, and at the end of a step every one.
  func checkDrained(atEndOfStep: Bool = true) {
    var names: [String] = []
    for (key, awaited) in awaitingDrained where atEndOfStep || awaited.isDueAtOnce {
      awaitingDrained[key] = nil
      guard let root = awaited.root, root.parent == nil, root.subtreeAlerts.isEmpty else {
        continue
      }
      names.append(root.name)
    }
    for name in names.sorted() {
      report(.drained, "the last alert of \(name)'s domain ended, and no drained event followed")
    }
  }
}
