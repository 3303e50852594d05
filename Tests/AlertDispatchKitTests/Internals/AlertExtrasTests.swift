import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// An alert handle keeps its rare fields (a delay, a cover, refusals) in a side object made on
/// first use: a zero delay makes none, a field set on a side object made for another field is
/// kept, fields a side object made later did not get read as their defaults, and the cover it
/// holds is weak.
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

  /// The delay is kept when the side object was made before it (an auto-dismiss time makes it
  /// as the handle is made), and fields set on a side object made later start at their
  /// defaults.
  @Test("A delay is kept in a side object made earlier; one made later holds no delay or cover")
  func delayWithEarlierAndLaterExtras() {
    let f = Fixture()
    let home = f.dispatch("home")
    let early = f.add(
      "early", to: home, timing: AlertTiming(delay: .seconds(2), autoDismiss: .seconds(10)))
    #expect(early.notBefore == AlertInstant(offset: .seconds(2)))
    #expect(early.state == .queued)
    #expect(home.explain("early") == .delayed(until: AlertInstant(offset: .seconds(2))))
    let late = DispatchNode.laneTests.handle(0, seq: 1)
    #expect(!late.hasExtras)
    late.refusals = 1
    #expect(late.hasExtras)
    #expect(late.notBefore == nil)
    #expect(late.coveredBy == nil)
    f.clock.advance(by: .seconds(2))
    f.expect(["present early @home"])
    f.verify()
  }

  /// The cover is kept in the side object: it is weak, and clearing it clears it whether or not
  /// the side object existed before.
  @Test("An alert's cover is weak and clears, with or without a side object made before")
  func coverIsWeakAndClears() {
    let node = DispatchNode.laneTests
    let covered = node.handle(0, seq: 1)
    covered.coveredBy = nil
    #expect(!covered.hasExtras)
    weak var weakCoverer: AlertHandle?
    do {
      let coverer = node.handle(0, seq: 2)
      weakCoverer = coverer
      covered.coveredBy = coverer
      #expect(covered.coveredBy === coverer)
    }
    #expect(weakCoverer == nil)
    #expect(covered.coveredBy == nil)
    let coverer = node.handle(0, seq: 3)
    covered.coveredBy = coverer
    covered.coveredBy = nil
    #expect(covered.coveredBy == nil)
    // A side object made for another field first.
    let other = node.handle(0, seq: 4)
    other.refusals = 2
    other.coveredBy = coverer
    #expect(other.coveredBy === coverer)
    other.coveredBy = nil
    #expect(other.coveredBy == nil)
  }
}
