import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// Review of 4cc3873..649fd96: a lane and a request's rare fields out of line, the handle's
/// delay and cover in its side object, holes filled at three quarters, lane buckets that reuse
/// a slot and take spare storage for their second alert.
@MainActor
@Suite("Round 10 review")
struct Round10ReviewTests {
  /// A clock may read before its origin (`VirtualClock(start:)` takes any instant). 64e4f80
  /// left an alert without a delay with a `notBefore` of `.zero`, the origin, so that on such
  /// a clock it waited there; no delay is now no `notBefore` at all.
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

  /// The cover moved into the side object: it is still weak, and clearing it clears it
  /// whether or not the side object existed before.
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

  /// Holes among a dispatch's unfinished alerts are filled once they are more than three
  /// quarters of the slots (and more than 32), keeping the order added.
  @Test("Unfinished alerts fill their holes at three quarters, in the order added")
  func holesFilledAtThreeQuarters() {
    let f = Fixture()
    let home = f.dispatch("home")
    let handles = (0..<100).map { f.add(AlertID("a\($0)"), to: home, readiness: .pending) }
    // 75 holes in 100 slots: exactly three quarters, not more.
    for handle in handles[0..<75] { handle.cancel() }
    #expect(handles[99].slot == 99)
    #expect(handles[75].slot == 75)
    handles[75].cancel()
    // Filled: the 24 left moved down, in order.
    #expect(handles[76...].map(\.slot) == Array(0..<24))
    #expect(home.unfinishedAlerts.map(\.id) == handles[76...].map(\.id))
    let later = f.add("later", to: home, readiness: .pending)
    #expect(later.slot == 24)
    #expect(home.unfinishedAlerts.map(\.id) == handles[76...].map(\.id) + ["later"])
    for handle in home.unfinishedAlerts { handle.cancel() }
    #expect(home.unfinishedAlerts.isEmpty)
    f.verify(allEnded: true)
  }

  /// `AlertRequest`'s rare fields share one object that compares by value: two requests that
  /// both set rare fields and differ in one of them are not equal (a request of defaults has no
  /// object, so comparing with it alone would not reach the object's equality).
  @Test(
    "Requests that both set rare fields differ when one rare field differs",
    arguments: ["timing", "content", "cap", "category"])
  func rareFieldsCompareByValue(_ field: String) {
    func request(_ changed: String?) -> AlertRequest {
      AlertRequest(
        id: "a",
        timing: AlertTiming(expiry: .seconds(changed == "timing" ? 31 : 30)),
        content: AlertContent(title: changed == "content" ? "Hello" : "Hi"),
        cap: changed == "cap" ? .oncePerLaunch() : .onceEver(),
        category: changed == "category" ? "news" : "promotion")
    }
    #expect(request(nil) == request(nil))
    #expect(request(nil) != request(field))
    var edited = request(nil)
    switch field {
    case "timing": edited.timing = request(field).timing
    case "content": edited.content = request(field).content
    case "cap": edited.cap = request(field).cap
    default: edited.category = request(field).category
    }
    #expect(edited == request(field))
    #expect(edited != request(nil))
  }
}
