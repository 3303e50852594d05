import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// What an app's own tests use to check their popup flows on the simulator: the checks after
/// every pass, ids written with interpolation, instants written as seconds.
@MainActor
@Suite("Testing an app's own flows", .timeLimit(.minutes(1)))
struct AppFlowTestingTests {
  @Test("With the checks on, a broken rule is reported after the next pass, naming the dispatch")
  func checksAfterEveryPassReportSentences() {
    let sim = Simulator(settings: AlertDispatchSettings(checksInvariants: true) { _ in })
    let home = sim.window.setRoot(sim.screen("home"))
    home.dispatch.add(AlertRequest(id: "a"))
    #expect(sim.invariantViolations() == [])
    // Break an index of the window's domain, as a bug in the framework would: the next pass's
    // check says so, at the domain's root.
    sim.window.dispatch.node.domain.holders["a"] = nil
    home.dispatch.add(AlertRequest(id: "b"))
    #expect(
      sim.window.dispatch.invariantViolations == ["unfinished alert 'a' is not indexed by its id"])
    #expect(
      sim.invariantViolations().first == "window: unfinished alert 'a' is not indexed by its id")
  }

  @Test("Alert ids from interpolation and instants in seconds name what literals name")
  func idsAndInstants() {
    let index = 3
    let id: AlertID = "promo-\(index)"
    #expect(id == AlertID("promo-3"))
    #expect(AlertInstant.seconds(2) == AlertInstant(offset: .seconds(2)))
    #expect(AlertInstant.milliseconds(350) == .seconds(0.35))
    #expect(AlertInstant.milliseconds(350).description == "0.35s")
    let sim = Simulator()
    let home = sim.window.setRoot(sim.screen("home"))
    let alert = home.dispatch.add(
      AlertRequest(id: "toast-\(index)", timing: AlertTiming(autoDismiss: .seconds(2))))
    sim.clock.advance(to: .seconds(1.5))
    #expect(alert.state == .showing)
    sim.clock.advance(to: .seconds(2))
    #expect(alert.state == .ended(.dismissed(.autoDismissed)))
    #expect(alert.id == "toast-3")
  }
}
