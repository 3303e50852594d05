public import AlertDispatchKit
import AlertDispatchScenarioFormat

/// A presenter that draws nothing and records every call, for tests and the simulator.
///
/// It writes `present a @home`, `hide a @home`, `restore a @home` and `dismiss a @home` lines to
/// its ``Transcript``; ``observeOutcomes(of:)`` adds `end a: dismissed(OK)` lines. A test taps a
/// button with ``tap(_:_:)``, makes it refuse with ``refusal``, or makes it animate with
/// ``presentDuration`` and ``dismissDuration`` on a ``VirtualClock``.
@MainActor
public final class RecordingPresenter: AlertPresenter {
  /// Where the lines go.
  public let transcript: Transcript
  /// When set, ``present(_:)`` answers ``PresentationAnswer/cannotPresentNow(_:)`` with this
  /// reason (for example "no host").
  public var refusal: String?
  /// Decides per alert whether to refuse; consulted after ``refusal``.
  public var refuseWhen: (@MainActor (AlertHandle) -> String?)?
  /// The clock the animations run on (needed for the durations below).
  public var clock: VirtualClock?
  /// How long presenting takes; zero presents at once.
  public var presentDuration: Duration = .zero
  /// How long dismissing takes, both for a tap and for a framework dismissal.
  public var dismissDuration: Duration = .zero
  /// Whether a framework dismissal is reported gone (after ``dismissDuration``); when false the
  /// presenter never calls back, like a buggy presenter.
  public var completesDismissals = true
  /// The alerts currently on screen (presenting or showing, not hidden), in the order they went
  /// up.
  public private(set) var onScreen: [AlertHandle] = []
  /// Alerts animating out after a tap or a dismissal.
  private var leaving: Set<ObjectIdentifier> = []
  /// The ends of the animations of alerts still animating in. A hide, a dismissal or a tap
  /// interrupts the animation: it then reports nothing, as a UIKit presenter whose animation
  /// was interrupted does not call its completion.
  private var animatingIn: [ObjectIdentifier: any AlertTimer] = [:]

  /// Creates a presenter writing to `transcript`.
  public init(transcript: Transcript = Transcript(), clock: VirtualClock? = nil) {
    self.transcript = transcript
    self.clock = clock
  }

  /// Records `end id: outcome` lines for every alert of `dispatch`'s subtree.
  public func observeOutcomes(of dispatch: AlertDispatch) {
    dispatch.observe { [transcript] event in
      if case .ended(let outcome) = event.kind, let id = event.alertID {
        transcript.record(
          ScenarioTranscriptLine.end(alert: "\(id)", outcome: "\(outcome)").description)
      }
    }
  }

  /// Records the call and puts the alert on screen, unless told to refuse.
  public func present(_ alert: AlertHandle) -> PresentationAnswer {
    if let reason = refusal ?? refuseWhen?(alert) {
      record(.refuse(alert: "\(alert.id)", dispatch: where_(alert), reason: reason))
      return .cannotPresentNow(reason)
    }
    record(.present(alert: "\(alert.id)", dispatch: where_(alert)))
    onScreen.append(alert)
    guard presentDuration > .zero, let clock else { return .presented }
    let key = ObjectIdentifier(alert)
    animatingIn[key] = clock.schedule(at: clock.now + presentDuration) {
      [weak self, weak alert] in
      self?.animatingIn[key] = nil
      alert?.didFinishPresenting()
    }
    return .presenting
  }

  /// Records the call and takes the alert off screen.
  public func hide(_ alert: AlertHandle) {
    record(.hide(alert: "\(alert.id)", dispatch: where_(alert)))
    interruptAnimation(of: alert)
    onScreen.removeAll { $0 === alert }
  }

  /// Records the call and puts the alert back on screen, unless it is animating out after a
  /// tap or a dismissal (the user's choice stands).
  public func restore(_ alert: AlertHandle) {
    record(.restore(alert: "\(alert.id)", dispatch: where_(alert)))
    guard !leaving.contains(ObjectIdentifier(alert)) else { return }
    onScreen.append(alert)
  }

  /// Records the call and reports the alert gone (after ``dismissDuration``), unless
  /// ``completesDismissals`` is false.
  public func dismiss(_ alert: AlertHandle) {
    record(.dismiss(alert: "\(alert.id)", dispatch: where_(alert)))
    interruptAnimation(of: alert)
    onScreen.removeAll { $0 === alert }
    guard completesDismissals else { return }
    finish(alert, result: .closed)
  }

  /// The user taps `button` on the alert with this id: it animates out and reports
  /// ``AlertOutcome/dismissed(_:)`` with that result.
  public func tap(_ id: AlertID, _ button: String) {
    onScreen.removeAll { $0.state.isEnded }
    guard let alert = onScreen.first(where: { $0.id == id }) else {
      transcript.record("tap \(id) \(button): not on screen")
      return
    }
    transcript.record("tap \(id) \(button)")
    onScreen.removeAll { $0 === alert }
    finish(alert, result: AlertResult(button))
  }

  /// The ids of the alerts on screen (an alert the app dismissed directly is not).
  public var onScreenIDs: [AlertID] { onScreen.filter { !$0.state.isEnded }.map(\.id) }

  private func interruptAnimation(of alert: AlertHandle) {
    animatingIn.removeValue(forKey: ObjectIdentifier(alert))?.cancel()
  }

  private func finish(_ alert: AlertHandle, result: AlertResult) {
    interruptAnimation(of: alert)
    guard dismissDuration > .zero, let clock else {
      return alert.didDismiss(result: result)
    }
    let key = ObjectIdentifier(alert)
    leaving.insert(key)
    _ = clock.schedule(at: clock.now + dismissDuration) { [weak self, weak alert] in
      self?.leaving.remove(key)
      alert?.didDismiss(result: result)
    }
  }

  private func record(_ line: ScenarioTranscriptLine) {
    transcript.record(line.description)
  }

  private func where_(_ alert: AlertHandle) -> String {
    alert.dispatch?.name ?? "released"
  }
}
