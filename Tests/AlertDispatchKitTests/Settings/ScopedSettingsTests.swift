import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// Settings scoped to a task or a dispatch: what tests that run in parallel rely on.
@MainActor
@Suite("Settings scoped to a task, a dispatch or a simulator", .timeLimit(.minutes(1)))
struct ScopedSettingsTests {
  /// What one of two tasks saw: its diagnostics, its generated ids, its invariant violations.
  @MainActor
  final class Seen {
    var diagnostics: [String] = []
    var ids: [AlertID] = []
    var violations: [String] = []

    func settings(checksInvariants: Bool) -> AlertDispatchSettings {
      AlertDispatchSettings(checksInvariants: checksInvariants) { [self] event in
        if case .diagnostic(let message) = event.kind { diagnostics.append(message) }
      }
    }
  }

  /// One task's steps, each in its own turn: an alert with a generated id and a misuse that
  /// reports a diagnostic, then an index broken as a bug would break it, which only a pass
  /// with the checks on reports.
  static func steps(_ name: String, turns: Turns, first: Int, seen: Seen) async {
    await turns.wait(for: first)
    let home = AlertDispatch(name: name, clock: VirtualClock(), presenter: RecordingPresenter())
    let up = home.add(AlertRequest())
    let waiting = home.add(AlertRequest())
    seen.ids += [up.id, waiting.id]
    turns.next()

    await turns.wait(for: first + 2)
    waiting.didDismiss(result: "OK")
    home.node.domain.holders[up.id] = nil
    seen.ids.append(home.add(AlertRequest()).id)
    turns.next()

    await turns.wait(for: first + 4)
    seen.violations = home.invariantViolations
    turns.next()
  }

  @Test(
    "Two tasks at once with different settings each see only their own checks, diagnostics and ids")
  func concurrentTasksKeepTheirOwnSettings() async {
    let turns = Turns()
    let checked = Seen()
    let unchecked = Seen()
    async let one: Void = withAlertDispatchSettings(checked.settings(checksInvariants: true)) {
      await Self.steps("checked", turns: turns, first: 0, seen: checked)
    }
    async let two: Void = withAlertDispatchSettings(unchecked.settings(checksInvariants: false)) {
      await Self.steps("unchecked", turns: turns, first: 1, seen: unchecked)
    }
    _ = await (one, two)

    #expect(checked.ids == ["alert#1", "alert#2", "alert#3"])
    #expect(unchecked.ids == ["alert#1", "alert#2", "alert#3"])
    let misuse =
      "didDismiss(result:) on alert 'alert#2' that is queued, not on screen; ignored (use cancel() to withdraw it)"
    #expect(checked.diagnostics == [misuse])
    #expect(unchecked.diagnostics == [misuse])
    #expect(checked.violations == ["unfinished alert 'alert#1' is not indexed by its id"])
    #expect(unchecked.violations == [])
  }

  @Test("A dispatch that joins another domain reports to that root's handler, not its own")
  func joinedDispatchFollowsItsRoot() throws {
    let window = Seen()
    let screen = Seen()
    let root = withAlertDispatchSettings(window.settings(checksInvariants: true)) {
      AlertDispatch(name: "window", clock: VirtualClock(), presenter: RecordingPresenter())
    }
    let child = withAlertDispatchSettings(screen.settings(checksInvariants: false)) {
      AlertDispatch(name: "home")
    }
    try child.setParent(root)
    child.add(AlertRequest(id: "a", readiness: .pending))
    child.alert(withID: "a")?.didDismiss(result: "OK")
    #expect(window.diagnostics.count == 1)
    #expect(screen.diagnostics == [])
    try child.setParent(nil)
    child.alert(withID: "a")?.didDismiss(result: "OK")
    #expect(window.diagnostics.count == 1)
    #expect(screen.diagnostics.count == 1)
  }

  @Test("Settings copied from the current ones go on with their numbering; new ones start at 1")
  func numberingIsSharedByCopiesOnly() {
    let outer = AlertDispatchSettings()
    withAlertDispatchSettings(outer) {
      #expect(AlertRequest().id == "alert#1")
      var copy = AlertDispatchSettings.current
      copy.checksInvariants = true
      withAlertDispatchSettings(copy) { #expect(AlertRequest().id == "alert#2") }
      withAlertDispatchSettings(AlertDispatchSettings()) {
        #expect(AlertRequest().id == "alert#1")
      }
      #expect(AlertRequest().id == "alert#3")
    }
  }

  @Test("Every dispatch a simulator makes takes the settings it was given")
  func simulatorGivesItsSettingsToEveryDispatch() {
    let seen = Seen()
    let sim = Simulator(settings: seen.settings(checksInvariants: true))
    let home = sim.window.setRoot(sim.screen("home"))
    #expect(home.dispatch.settings.checksInvariants)
    #expect(sim.window.dispatch.settings.checksInvariants)
    home.dispatch.add(AlertRequest(id: "a"))
    home.dispatch.add(AlertRequest(id: "b")).didDismiss(result: "OK")
    #expect(seen.diagnostics.count == 1)
  }
}
