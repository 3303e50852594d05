import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Simulator lifetime", .timeLimit(.minutes(1)))
struct SimulatorLifetimeTests {
  @Test("A simulator with screens, containers and alerts is freed when the test lets it go")
  func simulatorIsFreed() {
    weak var weakSimulator: Simulator?
    weak var weakScreen: Screen?
    do {
      let sim = Simulator()
      let home = sim.screen("home")
      let nav = sim.navigation("nav", root: home)
      _ = sim.window.setRoot(nav)
      home.dispatch.add(AlertRequest(id: "a"))
      nav.push(sim.screen("detail"), animated: false)
      weakSimulator = sim
      weakScreen = home
    }
    #expect(weakSimulator == nil)
    #expect(weakScreen == nil)
  }

  @Test("A screen that outlives its simulator is harmless")
  func screenOutlivesSimulator() {
    var screen: Screen?
    do {
      let sim = Simulator()
      screen = sim.screen("orphan")
    }
    screen?.present(Simulator().screen("other"), style: .pageSheet, animated: false)
    #expect(screen?.appearance == .disappeared)
  }
}
