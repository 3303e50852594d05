import AlertDispatchKit
import AlertDispatchScenarioFormat

/// The presenter of the bare dispatches of a scenario that says `presenter scripted`: the
/// presenter of a recording's replay.
///
/// It answers each `present` call as the `answer` actions queued for the alert's id say, in
/// order (`presented` when none is queued), and writes the same lines as ``RecordingPresenter``
/// for the alerts of the recorded domain: the domain of the first bare dispatch. A dispatch
/// that left it runs on unrecorded, as it did when the recording was made.
/// It does nothing on its own: an animation in ends with a `finish-presenting` action, and an
/// alert the framework takes down ends with a `dismiss` action, as the app's presenter reported
/// them in the recording.
@MainActor
final class ScriptedPresenter: AlertPresenter {
  private let transcript: Transcript
  private var answers: [AlertID: [ScenarioAnswer]] = [:]
  /// The results to report at once when asked to take an alert down, by id, first first.
  private var gone: [AlertID: [String?]] = [:]
  /// The alerts it put up or restored and was not asked to hide or take down since.
  private var onScreen: [AlertHandle] = []
  /// The root of the recorded domain (the first bare dispatch), once made.
  weak var recordedRoot: AlertDispatch?

  init(transcript: Transcript) {
    self.transcript = transcript
  }

  /// Queues the answer to the next `present` call for an alert with this id.
  func queue(_ answer: ScenarioAnswer, for id: AlertID) {
    if case .gone(let result) = answer {
      gone[id, default: []].append(result)
    } else {
      answers[id, default: []].append(answer)
    }
  }

  func present(_ alert: AlertHandle) -> PresentationAnswer {
    var queued = answers[alert.id] ?? []
    let answer = queued.isEmpty ? .presented : queued.removeFirst()
    answers[alert.id] = queued.isEmpty ? nil : queued
    let id = "\(alert.id)"
    let isRecorded = isRecorded(alert)
    func record(_ line: ScenarioTranscriptLine) { if isRecorded { self.record(line) } }
    switch answer {
    case .presented, .gone:
      record(.present(alert: id, dispatch: place(alert)))
      onScreen.append(alert)
      return .presented
    case .presenting:
      record(.present(alert: id, dispatch: place(alert)))
      onScreen.append(alert)
      return .presenting
    case .refuse(let reason):
      record(.refuse(alert: id, dispatch: place(alert), reason: reason))
      return .cannotPresentNow(reason)
    }
  }

  func hide(_ alert: AlertHandle) {
    guard isRecorded(alert) else { return onScreen.removeAll { $0 === alert } }
    record(.hide(alert: "\(alert.id)", dispatch: place(alert)))
    onScreen.removeAll { $0 === alert }
  }

  func restore(_ alert: AlertHandle) {
    guard isRecorded(alert) else { return onScreen.append(alert) }
    record(.restore(alert: "\(alert.id)", dispatch: place(alert)))
    onScreen.append(alert)
  }

  func dismiss(_ alert: AlertHandle) {
    if isRecorded(alert) { record(.dismiss(alert: "\(alert.id)", dispatch: place(alert))) }
    onScreen.removeAll { $0 === alert }
    guard var results = gone[alert.id], !results.isEmpty else { return }
    let result = results.removeFirst()
    gone[alert.id] = results.isEmpty ? nil : results
    alert.didDismiss(result: result.map { AlertResult($0) } ?? .closed)
  }

  /// The ids of the alerts on screen, not ended.
  var onScreenIDs: [AlertID] { onScreen.filter { !$0.state.isEnded }.map(\.id) }

  private func record(_ line: ScenarioTranscriptLine) {
    transcript.record(line.description)
  }

  /// Whether the alert belongs to the recorded domain now.
  private func isRecorded(_ alert: AlertHandle) -> Bool {
    guard let recordedRoot else { return true }
    return alert.dispatch?.root === recordedRoot
  }

  private func place(_ alert: AlertHandle) -> String {
    alert.dispatch?.name ?? "released"
  }
}
