import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// A delay of zero is no delay.
@MainActor
@Suite("Delays of zero", .timeLimit(.minutes(1)))
struct ZeroDelayTests {
  /// An explicit delay of zero, with other timing set, is no delay, also once the clock has
  /// left its origin.
  @Test("A timing with a zero delay delays nothing")
  func zeroDelayMakesNoExtras() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.clock.advance(by: .seconds(5))
    f.add("front", to: home)
    // Ready, so its readiness deadline starts no timer.
    let zero = f.add("zero", to: home, timing: AlertTiming(readinessDeadline: .seconds(3)))
    #expect(zero.state == .queued)
    #expect(zero.notBefore == nil)
    let delayed = f.add("delayed", to: home, timing: AlertTiming(delay: .seconds(1)))
    #expect(delayed.notBefore == AlertInstant(offset: .seconds(6)))
    f.expect(["present front @home"])
    home.alert(withID: "front")?.didDismiss()
    f.expect(["end front: dismissed(closed)", "present zero @home"])
    f.verify()
  }
}
