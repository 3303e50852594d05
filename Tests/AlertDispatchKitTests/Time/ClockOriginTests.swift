import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// A clock may read before its origin (`VirtualClock(start:)` takes any instant): an alert
/// without a delay has no not-before time, so it goes up at once on such a clock, while a real
/// delay still counts from the time the alert was added.
@MainActor
@Suite("A clock that reads before its origin", .timeLimit(.minutes(1)))
struct ClockOriginTests {
  @Test("An alert without a delay goes up at once on a clock that reads before its origin")
  func undelayedAlertBeforeOrigin() {
    let clock = VirtualClock(start: AlertInstant(offset: .seconds(-10)))
    let transcript = Transcript()
    let presenter = RecordingPresenter(transcript: transcript, clock: clock)
    AlertDispatch.checksInvariants = true
    AlertDispatch.diagnosticHandler = { _ in }
    let home = AlertDispatch(name: "home", clock: clock, presenter: presenter)
    let plain = home.add(AlertRequest(id: "plain"))
    let delayed = home.add(
      AlertRequest(id: "delayed", lane: AlertLane("other"), timing: AlertTiming(delay: .seconds(2)))
    )
    #expect(plain.state == .showing)
    #expect(home.explain("plain") == .showing)
    // A real delay still counts from the time added.
    #expect(delayed.state == .queued)
    clock.advance(by: .seconds(2))
    #expect(delayed.state == .showing)
    #expect(home.invariantViolations == [])
    #expect(home.checkInvariants() == [])
    plain.cancel()
    delayed.cancel()
  }
}
