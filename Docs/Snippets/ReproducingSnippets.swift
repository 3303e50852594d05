import AlertDispatchSimulator
import Foundation
import Testing

// snippet: reproduce-session
/// The session a user sent with ticket 512, replayed: it passes while the library decides as
/// it did on the user's device.
@MainActor
@Test("The session of ticket 512 replays as recorded")
func session512Replays() throws {
  let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Recordings/session-512.scenario")
  let result = try ScenarioRunner.replay(String(contentsOf: file, encoding: .utf8), file: file.path)
  #expect(result.passed, "\(result.failures.map(\.description).joined(separator: "\n"))")
}
// end-snippet

/// The article's edit — the expectations changed to what should have happened — makes the
/// replay fail at that line, until the behaviour changes.
@MainActor
@Test("A recording whose expectations were edited fails at the first edited line")
func editedRecordingFailsAtTheEditedLine() throws {
  let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Recordings/session-512.scenario")
  let recorded = try String(contentsOf: file, encoding: .utf8)
  let edited = recorded.replacingOccurrences(
    of: "    end update: dismissed(OK)\n    restore rate-us @home\n",
    with: "    end update: dismissed(OK)\n")
  #expect(edited != recorded)
  let result = try ScenarioRunner.replay(edited, file: "session-512.scenario")
  let first = result.failures.first?.description ?? ""
  #expect(first.hasPrefix("session-512.scenario:25: first divergence, at 3.2s"), "\(first)")
  #expect(first.contains("actual:   restore rate-us @home"), "\(first)")
}
