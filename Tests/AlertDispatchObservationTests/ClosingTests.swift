import AlertDispatchKit
import AlertDispatchObservation
import Testing

/// Closing from the view reports the user's result; closing by the framework clears what the
/// view shows; each is reported when the view says the alert is gone.
@MainActor
@Suite("Closing", .timeLimit(.minutes(1)))
struct ClosingTests {
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("Closing from the view reports dismissed with its result, and the next alert goes up")
  func closeReportsResult() throws {
    let screen = ObservedScreen.onDisplay()
    screen.add("update", priority: .high, buttons: ["Later", "Update"])
    screen.add("rate-us")
    let update = try screen.top()
    screen.presenter.close(update, result: "Update")
    #expect(screen.outcomes["update"] == .dismissed("Update"))
    #expect(screen.shown() == ["rate-us"])
    screen.presenter.close(update, result: "Later")  // a second close of the same alert
    #expect(screen.outcomes["update"] == .dismissed("Update"))
    #expect(screen.shown() == ["rate-us"])
    screen.verify()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("Setting the lane's item to nil closes its top alert with closed")
  func itemSetToNil() {
    let screen = ObservedScreen.onDisplay()
    screen.add("update")
    screen.presenter[lane: .modal] = nil
    #expect(screen.outcomes["update"] == .dismissed(.closed))
    #expect(screen.presenter[lane: .modal] == nil)
    screen.presenter[lane: .modal] = nil  // nothing up: nothing to close
    screen.verify()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("A framework dismissal clears the observed state: cancelled, preempted, auto-dismissed")
  func frameworkDismissal() {
    let screen = ObservedScreen.onDisplay()
    let update = screen.add("update")
    #expect(screen.observesChange { update.cancel() })
    #expect(screen.outcomes["update"] == .cancelled(.cancelledByApp))
    #expect(screen.shown() == [])

    screen.add("promo", interruption: .cancel)
    screen.add("alarm", priority: .critical)
    #expect(screen.outcomes["promo"] == .cancelled(.preempted(by: "alarm")))
    #expect(screen.shown() == ["alarm"])

    screen.add("saved", lane: .toast, timing: AlertTiming(autoDismiss: .seconds(2)))
    #expect(screen.observesChange(in: .toast) { screen.clock.advance(by: .seconds(2)) })
    #expect(screen.outcomes["saved"] == .dismissed(.autoDismissed))
    #expect(screen.shown(.toast) == [])
    screen.verify()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("An alert the app dismisses through its handle leaves the observed state")
  func handleDismissal() {
    let screen = ObservedScreen.onDisplay()
    let update = screen.add("update")
    update.didDismiss(result: "Done")
    #expect(screen.outcomes["update"] == .dismissed("Done"))
    #expect(screen.shown() == [])
    screen.verify()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("A sheet closed by the user is reported when the view says it is gone")
  func sheetWaitsForGone() throws {
    let screen = ObservedScreen.onDisplay()
    let welcome = screen.add("welcome", lane: .sheet, buttons: ["Start"])
    screen.add("tips", lane: .sheet)
    #expect(screen.observesChange(in: .sheet) { screen.presenter[lane: .sheet] = nil })
    #expect(screen.shown(.sheet) == [])
    #expect(welcome.state == .showing)  // still animating out: the next sheet waits
    screen.presenter.didDismiss(in: .sheet)
    #expect(screen.outcomes["welcome"] == .dismissed(.closed))
    #expect(screen.shown(.sheet) == ["tips"])
    screen.verify()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("A sheet the framework closes is reported when the view says it is gone")
  func frameworkSheetWaitsForGone() {
    let screen = ObservedScreen.onDisplay()
    let welcome = screen.add("welcome", lane: .sheet)
    welcome.cancel()
    #expect(screen.shown(.sheet) == [])
    #expect(welcome.state == .dismissing)
    screen.presenter.didDismiss(in: .sheet)
    #expect(screen.outcomes["welcome"] == .cancelled(.cancelledByApp))
    screen.verify()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("The last view detaching reports the sheets it was taking down")
  func detachReportsLeaving() throws {
    let screen = ObservedScreen.onDisplay()
    screen.add("welcome", lane: .sheet, buttons: ["Start"])
    screen.presenter.close(try screen.top(.sheet), result: "Start")
    screen.viewDisappears()
    #expect(screen.outcomes["welcome"] == .dismissed("Start"))
    screen.verify()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("A hidden sheet the framework closes is reported at once: no view shows it")
  func hiddenSheetReportedAtOnce() {
    let screen = ObservedScreen.onDisplay()
    let welcome = screen.add("welcome", lane: .sheet)
    screen.dispatch.disappear()
    welcome.cancel()
    #expect(screen.outcomes["welcome"] == .cancelled(.cancelledByApp))
    screen.verify()
  }
}
