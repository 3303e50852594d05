import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Priority and order", .timeLimit(.minutes(1)))
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

extension PriorityTests {
  @Test("Equal priorities go up in the order added, also for 1,000 alerts")
  func stableOrder() {
    let f = Fixture()
    let home = f.dispatch("home")
    home.pause()
    let ids = (0..<1000).map { AlertID("a\($0)") }
    for id in ids { f.add(id, to: home) }
    home.resume()
    var shown: [AlertID] = []
    while let front = f.presenter.onScreenIDs.first {
      shown.append(front)
      f.presenter.tap(front, "OK")
    }
    #expect(shown == ids)
    f.verify(allEnded: true)
  }

  @Test("The next alert goes up only after the previous one reports it is fully dismissed")
  func waitsForFullDismissal() {
    let f = Fixture()
    f.presenter.dismissDuration = .milliseconds(300)
    let home = f.dispatch("home")
    f.add("first", to: home)
    f.add("second", to: home)
    f.expect(["present first @home"])
    f.presenter.tap("first", "OK")
    f.expect(["tap first OK"])
    #expect(home.explain("second") == .outranked(by: ["first"]))
    f.clock.advance(by: .milliseconds(299))
    f.expect([])
    f.clock.advance(by: .milliseconds(1))
    f.expect(["end first: dismissed(OK)", "present second @home"])
    f.verify()
  }

  @Test("Priority levels have names and order like integers")
  func levels() {
    #expect(AlertPriority.low < .normal && AlertPriority.normal < .high)
    #expect(AlertPriority.high < .critical)
    #expect(AlertPriority(42) == 42)
    #expect(AlertPriority.high.description == "high")
    #expect(AlertPriority(7).description == "7")
  }
}
