import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// Cancelling a timer whose action held the last reference to an object whose deinit cancels
/// another timer of the same clock. If the clocks' shared `TimerHeap` let go of the action
/// inside the clock's access to it, that deinit would make a second access: an exclusivity
/// trap, in both clocks. The heap hands the action back, to be let go after the access ends.
@Suite("Clocks: when a released action's deinit touches the clock")
struct ClockCancelReentrancyTests {
  /// Cancels its timer when it goes (a common owner-of-a-timer pattern).
  @MainActor
  final class Owner {
    var timer: (any AlertTimer)?
    isolated deinit { timer?.cancel() }
  }

  @MainActor
  static func cancelReleasingOwner(_ clock: any AlertClock) {
    let other = clock.schedule(at: clock.now + .seconds(60)) {}
    var owner: Owner? = Owner()
    owner!.timer = other
    let timer = clock.schedule(at: clock.now + .seconds(30)) { [owner] in _ = owner }
    owner = nil
    timer.cancel()  // releases the action, hence the owner, whose deinit cancels `other`
  }

  @Test(
    "VirtualClock: cancelling a timer whose action holds the last reference to an owner of another timer"
  )
  func virtualClockCancelFromReleasedAction() async {
    await #expect(processExitsWith: .success) {
      await MainActor.run {
        let clock = VirtualClock()
        ClockCancelReentrancyTests.cancelReleasingOwner(clock)
        precondition(clock.pendingTimerCount == 0)
      }
    }
  }

  @Test("SystemAlertClock: the same")
  func systemClockCancelFromReleasedAction() async {
    await #expect(processExitsWith: .success) {
      await MainActor.run {
        ClockCancelReentrancyTests.cancelReleasingOwner(SystemAlertClock())
      }
    }
  }
}
