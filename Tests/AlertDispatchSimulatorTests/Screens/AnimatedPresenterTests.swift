import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// The recording presenter with animations on behaves as a careful presenter would: an
/// animation that the framework or the user interrupted reports nothing, so ordinary flows
/// produce no misuse diagnostics.
@MainActor
@Suite("Animated recording presenter", .timeLimit(.minutes(1)))
struct AnimatedPresenterTests {
  /// A simulator whose presenter animates in for 200 ms and out for 300 ms.
  func animated() -> SimFixture {
    let f = SimFixture()
    f.presenter.presentDuration = .milliseconds(200)
    f.presenter.dismissDuration = .milliseconds(300)
    return f
  }

  func diagnostics(_ f: SimFixture) -> [String] {
    f.sim.transcript.lines.filter { $0.hasPrefix("diagnostic") }
  }

  @Test("An alert hidden while it animates in comes back showing, with no diagnostic")
  func hiddenWhileAnimatingIn() {
    let f = animated()
    let home = f.sim.screen("home")
    let nav = f.window.setRoot(f.sim.navigation("nav", root: home))
    let alert = f.add("a", to: home)
    f.advance(0.1)
    #expect(alert.state == .presenting)
    nav.push(f.sim.screen("detail"), animated: false)
    #expect(alert.state == .suspended)
    f.advance(0.5)
    nav.pop(animated: false)
    #expect(alert.state == .showing)
    f.advance(1)
    #expect(alert.state == .showing)
    #expect(diagnostics(f) == [])
  }

  @Test("An alert tapped while it animates in ends with the tap, with no diagnostic")
  func tappedWhileAnimatingIn() {
    let f = animated()
    let home = f.window.setRoot(f.sim.screen("home"))
    let alert = f.add("a", to: home)
    f.advance(0.1)
    f.presenter.tap("a", "OK")
    f.advance(1)
    #expect(alert.state == .ended(.dismissed("OK")))
    #expect(diagnostics(f) == [])
  }

  @Test("An alert cancelled while it animates in ends cancelled, with no diagnostic")
  func cancelledWhileAnimatingIn() {
    let f = animated()
    let home = f.window.setRoot(f.sim.screen("home"))
    let alert = f.add("a", to: home)
    f.advance(0.1)
    alert.cancel()
    f.advance(1)
    #expect(alert.state == .ended(.cancelled(.cancelledByApp)))
    #expect(diagnostics(f) == [])
  }

  @Test("An alert the app closes while a tap animates it out ends once, with no diagnostic")
  func cancelledWhileAnimatingOut() {
    let f = animated()
    let home = f.window.setRoot(f.sim.screen("home"))
    let alert = f.add("a", to: home)
    f.advance(0.5)
    f.presenter.tap("a", "OK")
    f.advance(0.1)
    alert.cancel()
    f.advance(1)
    #expect(alert.state.isEnded)
    #expect(diagnostics(f) == [])
  }
}
