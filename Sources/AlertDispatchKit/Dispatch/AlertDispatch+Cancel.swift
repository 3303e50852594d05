extension AlertDispatch {
  /// Cancels, in one call, every unfinished alert of this dispatch (and, with
  /// `includingSubtree`, of the dispatches below it) that `selection` takes; returns them,
  /// first added first.
  ///
  /// Each ends as ``CancellationReason/cancelledByApp``, as with ``AlertHandle/cancel()``, but
  /// together: one that waits ends at once without going up first, one on screen is taken down
  /// by its presenter, and the pass that follows sees them all gone, so an alert the selection
  /// leaves goes up in the place they free. Alerts already being dismissed are left to finish.
  /// One still inside its ``AlertTiming/minimumDisplay`` is taken down when that ends, and
  /// holds its place until then.
  ///
  /// A ``AlertSelection/lane(_:)`` that no alert of the domain has used selects nothing, with a
  /// diagnostic. Called during a pass (from a presenter, a provider or a completion), the
  /// selection is read at once and the alerts end once the pass is over, as every call made
  /// there waits.
  @discardableResult
  public func cancelAlerts(_ selection: AlertSelection = .all, includingSubtree: Bool = false)
    -> [AlertHandle]
  {
    let node = node
    let selected = Engine.shared.holdingCalls {
      node.alerts(selectedBy: selection, includingSubtree: includingSubtree)
    }
    Engine.shared.perform {
      node.reportCall {
        .cancelAlerts($0, selection, includingSubtree: includingSubtree, selected: selected ?? [])
      }
      guard let selected else {
        return node.diagnose(
          "cancelAlerts(\(selection)) on '\(node.name)': no alert of its domain uses lane '\(selection.laneName ?? "")'; nothing cancelled"
        )
      }
      for alert in selected where !alert.state.isEnded && alert.state != .dismissing {
        alert.closeAfterMinimumDisplay(.cancelled(.cancelledByApp))
      }
    }
    return selected ?? []
  }
}

extension DispatchNode {
  /// The unfinished alerts, not being dismissed, that `selection` takes; `nil` when it names a
  /// lane the domain does not know.
  fileprivate func alerts(selectedBy selection: AlertSelection, includingSubtree: Bool)
    -> [AlertHandle]?
  {
    if let lane = selection.laneName, root.domain.index(of: LaneKey(rawValue: lane)) == nil {
      return nil
    }
    let alerts = includingSubtree ? subtreeAlerts : unfinishedAlerts
    return alerts.filter { $0.state != .dismissing && selection.selects($0.request) }
  }
}
