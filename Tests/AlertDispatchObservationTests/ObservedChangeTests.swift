import AlertDispatchKit
import AlertDispatchObservation
import Testing

/// A view is told of a change exactly when what is on screen in the lanes it reads changes.
@MainActor
@Suite("Observed changes", .timeLimit(.minutes(1)))
struct ObservedChangeTests {
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("A change is observed exactly when what is in front changes")
  func changeWhenFrontChanges() throws {
    let screen = ObservedScreen.onDisplay()
    #expect(screen.observesChange { screen.add("update", priority: .high) })
    #expect(screen.shown() == ["update"])
    #expect(screen.observesChange { screen.add("alarm", priority: .critical) })
    #expect(screen.shown() == ["alarm"])
    #expect(try screen.observesChange { screen.presenter.close(try screen.top(), result: "OK") })
    #expect(screen.shown() == ["update"])
    screen.verify()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("A pass that changes nothing in front is not observed")
  func noChangeBehindTheFront() {
    let screen = ObservedScreen.onDisplay()
    screen.add("update", priority: .high)
    #expect(!screen.observesChange { screen.add("rate-us", priority: .low) })
    #expect(!screen.observesChange { screen.dispatch.setNeedsArbitration() })
    #expect(!screen.observesChange { screen.clock.advance(by: .seconds(5)) })
    #expect(screen.shown() == ["update"])
    #expect(screen.dispatch.explain("rate-us") == .outranked(by: ["update"]))
    screen.verify()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("Each lane is observed on its own: a toast does not invalidate the modal lane")
  func lanesObservedApart() {
    let screen = ObservedScreen.onDisplay()
    screen.add("update")
    #expect(!screen.observesChange(in: .modal) { screen.add("saved", lane: .toast) })
    #expect(screen.observesChange(in: .toast) { screen.add("synced", lane: .toast) })
    #expect(screen.shown(.toast) == ["saved", "synced"])
    screen.verify()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("Each visible alert carries its request's content")
  func content() throws {
    let screen = ObservedScreen.onDisplay()
    screen.dispatch.add(
      AlertRequest(
        id: "update", lane: .sheet,
        content: AlertContent(
          title: "Update available", message: "Version 2 is out", buttons: ["Later", "Update"],
          userInfo: ["version": "2.0"])))
    let top = try screen.top(.sheet)
    #expect(top.id == "update")
    #expect(top.lane == "sheet")
    #expect(!top.isCovered)
    #expect(
      top.content
        == AlertContent(
          title: "Update available", message: "Version 2 is out", buttons: ["Later", "Update"],
          userInfo: ["version": "2.0"]))
    screen.verify()
  }
}
