// A user's session recorded with AlertRecorder: a rate-us prompt, an update notice that
// preempts it, a screen change and a permission prompt. The export replays as a scenario and
// matches; then one input is changed in the text (the update notice's priority), and the
// replay names the first line where the library decided otherwise.
import AlertDispatchKit
import AlertDispatchRecorder
import AlertDispatchSimulator
import Foundation

@MainActor
func run() throws {
  let clock = VirtualClock()
  let presenter = RecordingPresenter(clock: clock)
  presenter.dismissDuration = .milliseconds(200)  // the alert animates out
  let app = AlertDispatch(name: "app", clock: clock, presenter: presenter)
  let home = AlertDispatch(name: "home", clock: clock)
  let settings = AlertDispatch(name: "settings", clock: clock)
  try home.setParent(app)
  try settings.setParent(app)
  app.activeChild = home
  let recorder = AlertRecorder(attachedTo: app)

  // The session, as the app lived it.
  home.add(AlertRequest(id: "rate-us", priority: .low))
  clock.advance(by: .seconds(1))
  home.add(AlertRequest(id: "update", priority: .high))
  clock.advance(by: .seconds(2))
  presenter.tap("update", "OK")
  clock.advance(by: .seconds(1))
  app.activeChild = settings  // the user opens the settings screen
  settings.add(AlertRequest(id: "push-permission", priority: .normal))
  clock.advance(by: .seconds(1))
  presenter.tap("push-permission", "OK")
  clock.advance(by: .seconds(1))
  app.activeChild = home  // and goes back home, where rate-us comes back
  clock.advance(by: .seconds(1))

  let text = recorder.export()
  print("— the recording —")
  print(text, terminator: "")

  print("— replayed as it was recorded —")
  let replay = try ScenarioRunner.replay(text, file: "session.scenario")
  print(replay.passed ? "replay matched" : "replay diverged")

  print("— replayed with the update notice at low priority instead of high —")
  let edited = text.replacingOccurrences(
    of: "alert update on home priority high", with: "alert update on home priority low")
  // The edited replay reports the recorded tap on an alert that is not up now; the library's
  // diagnostic about it is left out, the divergence says it first.
  AlertDispatch.diagnosticHandler = { _ in }
  let changed = try ScenarioRunner.replay(edited, file: "session-edited.scenario")
  print(changed.passed ? "replay matched" : "replay diverged:")
  if let first = changed.failures.first { print(first) }
}

try MainActor.assumeIsolated { try run() }
