import AlertDispatchKit

extension Fixture {
  /// Adds an alert with a frequency cap and/or a category.
  @discardableResult
  func add(
    _ id: AlertID, to dispatch: AlertDispatch, cap: FrequencyCap?, category: String? = nil,
    priority: AlertPriority = .normal, after: [AlertID] = [], lane: AlertLane = .modal,
    interruption: InterruptionPolicy = .suspend
  ) -> AlertHandle {
    track(
      dispatch.add(
        AlertRequest(
          id: id, priority: priority, after: after, lane: lane, interruption: interruption,
          cap: cap, category: category)))
  }
}
