import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Screens", .timeLimit(.minutes(1)))
struct ScreenTests {
  @Test("disappear suspends without ending or advancing the queue; appear restores")
  func disappearAppear() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("first", to: home)
    f.add("second", to: home)
    f.expect(["present first @home"])
    home.disappear()
    f.expect(["hide first @home"])
    #expect(f.handles[0].state == .suspended)
    #expect(home.explain("second") == .ownerHidden("home"))
    home.appear()
    f.expect(["restore first @home"])
    f.verify()
  }

  @Test("A covered alert hidden with its coverer comes back beneath it when the screen returns")
  func coveredComesBackBeneathItsCoverer() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("sheet", to: home, timing: AlertTiming(autoDismiss: .seconds(3)))
    f.add("urgent", to: home, priority: .critical, style: .cover)
    f.expect(["present sheet @home", "present urgent @home"])
    f.clock.advance(by: .seconds(1))
    home.disappear()
    f.expect(["hide sheet @home", "hide urgent @home"])
    // Hidden, the covered alert's auto-dismiss is paused.
    f.clock.advance(by: .seconds(60))
    f.expect([])
    home.appear()
    f.expect(["restore sheet @home", "restore urgent @home"])
    #expect(f.presenter.onScreenIDs == ["sheet", "urgent"])
    #expect(home.explain("sheet") == .covered(by: "urgent"))
    // Covered, it is showing, as any covered alert: the 2 s its auto-dismiss had left run out
    // beneath the coverer.
    f.clock.advance(by: .milliseconds(1_999))
    f.expect([])
    f.clock.advance(by: .milliseconds(1))
    f.expect(["dismiss sheet @home", "end sheet: dismissed(auto-dismissed)"])
    f.presenter.tap("urgent", "OK")
    f.expect(["tap urgent OK", "end urgent: dismissed(OK)"])
    f.verify(allEnded: true)
  }

  @Test("close ends unfinished alerts as owner closed and detaches children")
  func close() {
    let f = Fixture()
    let tab = f.dispatch("tab")
    let child = f.dispatch("child", parent: tab)
    tab.activeChildProvider = { child }
    f.add("shown", to: tab)
    f.add("queued", to: tab)
    f.add("child-alert", to: child)
    f.expect(["present shown @tab"])
    tab.close()
    f.expect([
      "dismiss shown @tab", "end shown: cancelled(owner closed)",
      "end queued: cancelled(owner closed)",
    ])
    #expect(child.parent == nil)
    #expect(tab.children.isEmpty)
    let late = f.add("late", to: tab)
    #expect(late.endedOutcome == .cancelled(.ownerClosed))
    f.expect(["end late: cancelled(owner closed)"])
    // The detached child is its own root now; it has no presenter of its own.
    #expect(child.root === child)
    f.verify()
  }

  @Test("A released dispatch does not leak and its alerts end as owner closed")
  func released() {
    let f = Fixture()
    weak var weakDispatch: AlertDispatch?
    var outcome: AlertOutcome?
    do {
      let screen = AlertDispatch(name: "screen", clock: f.clock, presenter: f.presenter)
      weakDispatch = screen
      f.track(screen.add(AlertRequest(id: "a")) { outcome = $0 })
      f.track(screen.add(AlertRequest(id: "b")))
    }
    #expect(weakDispatch == nil)
    #expect(outcome == .cancelled(.ownerClosed))
    #expect(f.handles.map(\.endedOutcome) == [.cancelled(.ownerClosed), .cancelled(.ownerClosed)])
    f.expect(["present a @screen", "dismiss a @released"])
    f.verify(allEnded: true)
  }
}
