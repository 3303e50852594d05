import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// A dispatch keeps its unfinished alerts in slots with holes that are filled now and then
/// (see `AlertSlots`): these tests end alerts in scattered orders, enough to fill holes several
/// times, and check what the dispatch still holds after each step.
@MainActor
@Suite("Unfinished alerts", .timeLimit(.minutes(1)))
struct UnfinishedAlertTests {
  @Test("Ending alerts in scattered order keeps the rest, first added first", arguments: [7, 13])
  func scatteredEnds(stride: Int) {
    let f = Fixture()
    let home = f.dispatch("home")
    home.pause()
    let handles = (0..<200).map { f.add(AlertID("a\($0)"), to: home) }
    var live = Array(handles.indices)
    var step = 0
    while !live.isEmpty {
      step = (step + stride) % live.count
      handles[live.remove(at: step)].cancel()
      #expect(home.unfinishedAlerts.map(\.id) == live.map { handles[$0].id })
    }
    #expect(home.unfinishedAlerts.isEmpty)
    f.verify()
  }

  @Test("Alerts added after holes were filled are kept and can end")
  func addAfterCompaction() {
    let f = Fixture()
    let home = f.dispatch("home")
    home.pause()
    let first = (0..<100).map { f.add(AlertID("a\($0)"), to: home) }
    for handle in first.dropLast() { handle.cancel() }
    let later = (0..<10).map { f.add(AlertID("b\($0)"), to: home) }
    #expect(home.unfinishedAlerts.map(\.id) == [first.last!.id] + later.map(\.id))
    later[3].cancel()
    first.last!.cancel()
    #expect(
      home.unfinishedAlerts.map(\.id)
        == later.enumerated().filter { $0.offset != 3 }.map(\.element.id))
    home.close()
    #expect(home.unfinishedAlerts.isEmpty)
    f.verify()
  }
}
