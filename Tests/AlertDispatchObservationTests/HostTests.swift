import AlertDispatchKit
import AlertDispatchObservation
import Foundation
import Testing

/// Alerts go up only while a view is attached, and a view that leaves suspends its alerts
/// rather than losing them.
@MainActor
@Suite("Views attaching and detaching", .timeLimit(.minutes(1)))
struct HostTests {
  /// What the presenter answers while no view is attached, word for word.
  static let refusal = "no host: no view is attached to the presenter"

  @Test("The SwiftUI article quotes the presenter's refusal word for word")
  func articleQuotesTheRefusal() throws {
    let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Docs/AlertDispatch.docc/IntegratingWithSwiftUI.md")
    let text = try String(contentsOf: article.standardizedFileURL, encoding: .utf8)
      .replacingOccurrences(of: "\n", with: " ")
    #expect(text.contains("`\(HostTests.refusal)`"))
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("Present without a view waits, and goes up when a view attaches")
  func noHostWaits() {
    let screen = ObservedScreen()
    screen.dispatch.appear()  // the screen is visible, but no view draws the presenter yet
    let update = screen.add("update")
    #expect(update.state == .queued)
    #expect(screen.shown() == [])
    guard case .retryingAfterRefusal(_, let reason) = screen.dispatch.explain("update") else {
      Issue.record("update is not waiting for a retry: \(screen.dispatch.explain("update"))")
      return
    }
    #expect(reason == HostTests.refusal)
    #expect(
      screen.dispatch.explain("update").description
        == "retrying after refusal (\(HostTests.refusal)) at 0.1s")
    screen.clock.advance(by: .seconds(1))  // retries on the clock are refused too
    #expect(update.state == .queued)
    #expect(screen.observesChange { screen.presenter.attach() })
    #expect(update.state == .showing)
    #expect(screen.shown() == ["update"])
    screen.verify()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("An alert added while no view is attached goes up when the screen appears")
  func goesUpOnAppear() {
    let screen = ObservedScreen()
    let update = screen.add("update")
    #expect(update.state == .queued)
    screen.viewAppears()
    #expect(update.state == .showing)
    #expect(screen.shown() == ["update"])
    screen.verify()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("A view detaching with an alert up suspends it rather than losing it")
  func detachSuspends() throws {
    let screen = ObservedScreen.onDisplay()
    let update = screen.add(
      "update", buttons: ["Later", "Update"])
    let toast = screen.add("saved", lane: .toast, timing: AlertTiming(autoDismiss: .seconds(2)))
    screen.clock.advance(by: .seconds(1))

    screen.viewDisappears()
    #expect(update.state == .suspended)
    #expect(toast.state == .suspended)
    #expect(screen.shown() == [] && screen.shown(.toast) == [])
    #expect(!screen.presenter.isAttached)
    let promo = screen.add("promo", priority: .high)  // nothing goes up while away
    screen.clock.advance(by: .seconds(10))
    #expect(promo.state == .queued)
    #expect(toast.state == .suspended)  // its auto-dismiss is paused, not run out

    screen.viewAppears()
    #expect(screen.shown() == ["promo"])
    #expect(screen.shown(.toast) == ["saved"])
    #expect(update.state == .suspended)
    screen.presenter.close(try screen.top())
    #expect(screen.shown() == ["update"])
    screen.presenter.close(try screen.top(), result: "Update")
    #expect(screen.outcomes["update"] == .dismissed("Update"))
    screen.clock.advance(by: .seconds(1))
    #expect(screen.outcomes["saved"] == .dismissed(.autoDismissed))
    #expect(screen.shown(.toast) == [])
    screen.verify()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("A view that only detaches leaves its alerts published for the next view")
  func detachAloneKeepsState() {
    let screen = ObservedScreen.onDisplay()
    screen.add("update")
    #expect(!screen.observesChange { screen.presenter.detach() })
    #expect(screen.shown() == ["update"])
    // A higher alert takes update's place, and is refused: no view would draw it. Both wait.
    let alarm = screen.add("alarm", priority: .critical)
    #expect(screen.shown() == [])
    #expect(alarm.state == .queued)
    #expect(screen.dispatch.alert(withID: "update")?.state == .suspended)
    screen.presenter.attach()
    #expect(screen.shown() == ["alarm"])
    screen.verify()
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @Test("Views are counted: alerts wait only once the last one detaches")
  func hostCount() {
    let screen = ObservedScreen.onDisplay()
    screen.presenter.attach()
    screen.presenter.detach()
    #expect(screen.presenter.hostCount == 1)
    screen.add("update")
    #expect(screen.shown() == ["update"])
    screen.presenter.detach()
    screen.presenter.detach()  // an extra detach is ignored
    #expect(screen.presenter.hostCount == 0)
    screen.verify()
  }
}
