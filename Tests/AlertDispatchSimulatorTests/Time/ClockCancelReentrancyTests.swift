import AlertDispatchSimulator
import Foundation
import Testing

@testable import AlertDispatchKit

/// Cancelling a timer whose action held the last reference to an object whose deinit cancels
/// another timer of the same clock. If the clocks' shared `SortedTimers` let go of the action
/// inside the clock's access to it, that deinit would make a second access: an exclusivity
/// trap, in both clocks. The timers hand the action back, to be let go after the access ends.
/// Each case runs in a process of its own, so that a trap fails the test rather than the run;
/// the process prints what it saw.
@Suite("Clocks: when a released action's deinit touches the clock", .timeLimit(.minutes(1)))
struct ClockCancelReentrancyTests {
  /// Cancels its timer when it goes (a common owner-of-a-timer pattern).
  @MainActor
  final class Owner {
    var timer: (any AlertTimer)?
    isolated deinit { timer?.cancel() }
  }

  /// What the actions did, and whether the owner is gone.
  @MainActor
  final class Report {
    var fired: [String] = []
    weak var owner: Owner?

    /// `fired: …; owner released: …`.
    var text: String {
      "fired: \(fired.isEmpty ? "none" : fired.joined(separator: ", ")); owner released: \(owner == nil)"
    }
  }

  @MainActor
  static func cancelReleasingOwner(_ clock: any AlertClock) -> Report {
    let report = Report()
    let other = clock.schedule(at: clock.now + .seconds(60)) { report.fired.append("other") }
    var owner: Owner? = Owner()
    owner!.timer = other
    report.owner = owner
    let timer = clock.schedule(at: clock.now + .seconds(30)) { [owner] in
      _ = owner
      report.fired.append("cancelled")
    }
    owner = nil
    timer.cancel()  // releases the action, hence the owner, whose deinit cancels `other`
    return report
  }

  /// Writes `line` to the standard output, which the exit test observes.
  static func output(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  @Test(
    "VirtualClock: cancelling a timer whose action holds the last reference to an owner of another timer"
  )
  func virtualClockCancelFromReleasedAction() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      await MainActor.run {
        let clock = VirtualClock()
        let report = ClockCancelReentrancyTests.cancelReleasingOwner(clock)
        clock.advance(by: .seconds(120))
        ClockCancelReentrancyTests.output(
          "\(report.text); pending timers: \(clock.pendingTimerCount)")
      }
    }
    #expect(
      String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        == "fired: none; owner released: true; pending timers: 0\n")
  }

  /// The system clock's timers are a minute away: the test reads its pending count rather than
  /// waiting for them.
  @Test("SystemAlertClock: the same")
  func systemClockCancelFromReleasedAction() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      await MainActor.run {
        let clock = SystemAlertClock()
        let report = ClockCancelReentrancyTests.cancelReleasingOwner(clock)
        ClockCancelReentrancyTests.output("\(report.text); pending timers: \(clock.counts.pending)")
      }
    }
    #expect(
      String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        == "fired: none; owner released: true; pending timers: 0\n")
  }
}
