import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// An alert handle keeps its rare fields (a delay, a cover, refusals) in a side object made on
/// first use: a zero delay makes none.
@MainActor
@Suite("Alert handles: rare fields in a side object")
struct AlertExtrasTests {
  /// An explicit delay of zero, with other timing set, is no delay: the alert makes no side
  /// object for it, also once the clock has left its origin.
  @Test("A timing with a zero delay makes no side object and delays nothing")
  func zeroDelayMakesNoExtras() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.clock.advance(by: .seconds(5))
    f.add("front", to: home)
    // Ready, so its readiness deadline starts no timer.
    let zero = f.add("zero", to: home, timing: AlertTiming(readinessDeadline: .seconds(3)))
    #expect(zero.state == .queued)
    #expect(zero.notBefore == nil)
    #expect(!zero.hasExtras)
    let delayed = f.add("delayed", to: home, timing: AlertTiming(delay: .seconds(1)))
    #expect(delayed.notBefore == AlertInstant(offset: .seconds(6)))
    #expect(delayed.hasExtras)
    f.expect(["present front @home"])
    home.alert(withID: "front")?.dismiss()
    f.expect(["end front: dismissed(closed)", "present zero @home"])
    f.verify()
  }
}
