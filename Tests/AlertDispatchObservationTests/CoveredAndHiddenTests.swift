import AlertDispatchKit
import AlertDispatchObservation
import Testing

/// What a lane shows when alerts cover, preempt and come back: the stack of the presenter's
/// calls, last presented on top.
@MainActor
@Suite("Covered and hidden alerts", .timeLimit(.minutes(1)))
struct CoveredAndHiddenTests {
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("A cover-style alert leaves the one beneath it visible and covered")
  func coverLeavesBeneathCovered() throws {
    let screen = ObservedScreen.onDisplay()
    screen.add("saved", lane: .banner)
    screen.add("offline", priority: .high, lane: .banner, style: .cover)
    #expect(screen.shown(.banner) == ["saved (covered)", "offline"])
    #expect(try screen.top(.banner).id == "offline")
    #expect(screen.dispatch.explain("saved") == .covered(by: "offline"))
    screen.presenter.close(try screen.top(.banner))
    #expect(screen.shown(.banner) == ["saved"])
    screen.verify()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("Alerts side by side in a lane with room are all in front")
  func roomyLaneHasNoCovered() {
    let screen = ObservedScreen.onDisplay()
    screen.add("saved", lane: .toast)
    screen.add("synced", lane: .toast, style: .cover)
    #expect(screen.shown(.toast) == ["saved", "synced"])
    screen.verify()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("A preempted alert is hidden, not in front, and comes back when the preemptor ends")
  func hiddenThenRestored() throws {
    let screen = ObservedScreen.onDisplay()
    screen.add("rate-us", priority: .low)
    screen.add("update", priority: .high)
    #expect(screen.shown() == ["update"])
    #expect(screen.dispatch.alert(withID: "rate-us")?.state == .suspended)
    screen.presenter.close(try screen.top(), result: "Later")
    #expect(screen.shown() == ["rate-us"])
    #expect(screen.outcomes["update"] == .dismissed("Later"))
    screen.verify()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("A screen that comes back shows its covered alert beneath its coverer, as it was")
  func screenBringsBackTheStack() {
    let screen = ObservedScreen.onDisplay()
    screen.add("saved", lane: .banner)
    screen.add("offline", priority: .high, lane: .banner, style: .cover)
    screen.viewDisappears()
    #expect(screen.shown(.banner) == [])
    screen.viewAppears()
    #expect(screen.shown(.banner) == ["saved (covered)", "offline"])
    screen.verify()
  }
}
