public import AlertDispatchKit

/// One alert on screen as a view draws it: its id, its lane, the request's content, and whether
/// a higher alert covers it.
///
/// ``ObservablePresenter`` publishes these per lane. A view reads them (they are `Identifiable`,
/// for `.alert(item:)`, `.sheet(item:)` or a `ForEach` of toasts) and hands one back to
/// ``ObservablePresenter/close(_:result:)`` when the user closes it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public struct PresentedAlert: Identifiable, Hashable, Sendable {
  /// The alert's id.
  public let id: AlertID
  /// The name of the alert's lane.
  public let lane: String
  /// What to draw: the request's title, message, buttons and user info.
  public let content: AlertContent
  /// Whether the alert is visible beneath the alerts in front of its lane rather than in front.
  public let isCovered: Bool
  /// Tells two presentations apart when a domain reuses an id, so that a close reaches the
  /// alert the view drew and no later one.
  let presentation: UInt64

  init(id: AlertID, lane: String, content: AlertContent, isCovered: Bool, presentation: UInt64) {
    self.id = id
    self.lane = lane
    self.content = content
    self.isCovered = isCovered
    self.presentation = presentation
  }
}
