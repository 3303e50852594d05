/// The app's drawing code. AlertDispatch decides which alert is up; a presenter shows it.
///
/// The framework calls a presenter on the main actor, during a pass. A presenter may call back
/// into AlertDispatch (dismiss synchronously, add another alert): such calls are queued and
/// handled right after the pass.
///
/// What an implementation must do:
/// - ``present(_:)``: put the alert on screen and answer ``PresentationAnswer/presented``; or
///   answer ``PresentationAnswer/presenting`` and call ``AlertHandle/didFinishPresenting()``
///   when the animation ends; or answer ``PresentationAnswer/cannotPresentNow(_:)`` when there
///   is no host or a transition runs (the framework retries on its clock).
/// - ``hide(_:)``: take the alert off screen without ending it; it may come back.
/// - ``restore(_:)``: bring a hidden alert back as it was.
/// - ``dismiss(_:)``: the framework closes the alert (preempted, cancelled, auto-dismissed,
///   replaced, owner closed). Remove it and call ``AlertHandle/didDismiss(result:)`` when it is
///   fully gone; the outcome is the framework's reason. If you never call back, the alert ends
///   after the dispatch's ``AlertDispatch/dismissalTimeout`` with a diagnostic.
///
/// When the user closes an alert, call ``AlertHandle/didDismiss(result:)`` once its UI is fully
/// gone (in UIKit, in the completion of `dismiss(animated:)`): the next alert goes up only then.
@MainActor
public protocol AlertPresenter: AnyObject {
  /// Puts the alert on screen, or says why it cannot now.
  func present(_ alert: AlertHandle) -> PresentationAnswer
  /// Hides an alert that is on screen; it is suspended, not ended.
  func hide(_ alert: AlertHandle)
  /// Brings back an alert that was hidden.
  func restore(_ alert: AlertHandle)
  /// Closes an alert at the framework's request; call ``AlertHandle/didDismiss(result:)`` when done.
  func dismiss(_ alert: AlertHandle)
}

/// A presenter's answer to ``AlertPresenter/present(_:)``.
public enum PresentationAnswer: Hashable, Sendable {
  /// The alert is on screen.
  case presented
  /// The alert is animating in; the presenter calls ``AlertHandle/didFinishPresenting()``.
  case presenting
  /// The alert cannot go up now (no host window, a transition is running). It stays queued, a
  /// retry is scheduled, and nothing of lower or equal priority overtakes it in its lane.
  case cannotPresentNow(String)
}

/// A presenter made of closures, for the common case: one block that shows an alert and one
/// that takes it away.
///
/// ```swift
/// dispatch.presenter = ClosurePresenter(
///   present: { alert in showBanner(alert.content); return .presented },
///   dismiss: { alert in removeBanner(); alert.didDismiss(result: .closed) }
/// )
/// ```
@MainActor
public final class ClosurePresenter: AlertPresenter {
  private let onPresent: @MainActor (AlertHandle) -> PresentationAnswer
  private let onHide: @MainActor (AlertHandle) -> Void
  private let onRestore: @MainActor (AlertHandle) -> Void
  private let onDismiss: @MainActor (AlertHandle) -> Void

  /// Creates a presenter. Hide and restore do nothing unless given; dismiss by default reports
  /// the alert gone at once.
  public init(
    present: @escaping @MainActor (AlertHandle) -> PresentationAnswer,
    hide: @escaping @MainActor (AlertHandle) -> Void = { _ in },
    restore: @escaping @MainActor (AlertHandle) -> Void = { _ in },
    dismiss: @escaping @MainActor (AlertHandle) -> Void = { $0.didDismiss(result: .closed) }
  ) {
    self.onPresent = present
    self.onHide = hide
    self.onRestore = restore
    self.onDismiss = dismiss
  }

  /// Calls the present closure.
  public func present(_ alert: AlertHandle) -> PresentationAnswer { onPresent(alert) }
  /// Calls the hide closure.
  public func hide(_ alert: AlertHandle) { onHide(alert) }
  /// Calls the restore closure.
  public func restore(_ alert: AlertHandle) { onRestore(alert) }
  /// Calls the dismiss closure.
  public func dismiss(_ alert: AlertHandle) { onDismiss(alert) }
}
