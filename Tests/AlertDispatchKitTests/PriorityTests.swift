import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Priority and order")
struct PriorityTests {
  @Test("Three alerts of different priorities show one at a time, highest first")
  func highestFirst() {
    let f = Fixture()
    let home = f.dispatch("home")
    home.pause()
    f.add("low", to: home, priority: .low)
    f.add("high", to: home, priority: .high)
    f.add("normal", to: home, priority: .normal)
    home.resume()
    f.expect(["present high @home"])
    f.presenter.tap("high", "OK")
    f.expect(["tap high OK", "end high: dismissed(OK)", "present normal @home"])
    f.presenter.tap("normal", "OK")
    f.expect(["tap normal OK", "end normal: dismissed(OK)", "present low @home"])
    f.presenter.tap("low", "OK")
    f.expect(["tap low OK", "end low: dismissed(OK)"])
    f.verify(allEnded: true)
  }
}
