import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// A dispatch keeps its unfinished alerts in slots, with holes where alerts ended, and fills the
/// holes once they are more than three quarters of the slots (and more than 32), keeping the
/// order added.
@MainActor
@Suite("Unfinished alerts: holes filled at three quarters")
struct AlertSlotHoleTests {
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
}
