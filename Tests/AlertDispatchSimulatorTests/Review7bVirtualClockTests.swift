import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// Review 7b: cancelling a timer lets go of its action inside the clock's access to its
/// `TimerHeap`; a deinit run by that release which cancels (or schedules) another timer of the
/// same clock is a second access to the heap: an exclusivity trap. Before 11a19cd the
/// VirtualClock's `cancel()` only cleared the timer's own `action`.
@Suite("Review 7b: clocks when a released action's deinit touches the clock")
struct Review7bClockTests {
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

  @Test("VirtualClock: cancelling a timer whose action holds the last reference to an owner of another timer")
  func virtualClockCancelFromReleasedAction() async {
    await #expect(processExitsWith: .success) {
      await MainActor.run {
        let clock = VirtualClock()
        Review7bClockTests.cancelReleasingOwner(clock)
        precondition(clock.pendingTimerCount == 0)
      }
    }
  }

  @Test("SystemAlertClock: the same")
  func systemClockCancelFromReleasedAction() async {
    await #expect(processExitsWith: .success) {
      await MainActor.run {
        Review7bClockTests.cancelReleasingOwner(SystemAlertClock())
      }
    }
  }
}
