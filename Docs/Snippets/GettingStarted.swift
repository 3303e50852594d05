import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Snippets: getting started", .timeLimit(.minutes(1)))
struct GettingStartedSnippets {
  @Test func gettingStarted() {
    let recorder = RecordingPresenter()
    let myPresenter: any AlertPresenter = recorder
    // snippet: getting-started
    let home = AlertDispatch(name: "home", isVisible: false, presenter: myPresenter)
    home.appear()  // viewDidAppear

    let rateUs = home.add(AlertRequest(id: "rate-us", priority: .low))
    let update = home.add(AlertRequest(id: "update", priority: .high))  // preempts rate-us
    let promo = home.add(
      AlertRequest(
        id: "promo", priority: .low, readiness: .pending,
        timing: AlertTiming(readinessDeadline: .seconds(3))))
    promo.markReady()  // the network answered

    // The presenter reports that the user closed `update` and its UI is gone: rate-us comes back.
    update.didDismiss(result: "Update")
    // The app wants rate-us down: the presenter is asked to take it away, then promo goes up.
    rateUs.close(result: "Later")
    home.disappear()  // viewWillDisappear: promo is hidden, not ended
    // end-snippet
    #expect(
      recorder.transcript.lines == [
        "present rate-us @home", "hide rate-us @home", "present update @home",
        "restore rate-us @home", "dismiss rate-us @home", "present promo @home",
        "hide promo @home",
      ])
    #expect(update.endedOutcome == .dismissed("Update"))
    #expect(rateUs.endedOutcome == .dismissed("Later"))
    #expect(promo.state == .suspended)
  }

  @Test func closurePresenter() {
    var shown: [String] = []
    // snippet: closure-presenter
    let toasts = AlertDispatch(name: "toasts")
    toasts.presenter = ClosurePresenter(
      present: { alert in
        shown.append(alert.content.title)  // draw it
        return .presented
      },
      dismiss: { alert in
        alert.didDismiss(result: .closed)  // removed at once
      }
    )
    let saved = toasts.add(AlertRequest(content: AlertContent(title: "Saved")))
    // end-snippet
    #expect(shown == ["Saved"])
    saved.cancel()
    #expect(saved.endedOutcome == .cancelled(.cancelledByApp))
  }

  @Test func awaitingOutcome() async {
    let recorder = RecordingPresenter()
    let home = AlertDispatch(name: "home", presenter: recorder)
    // snippet: await-outcome
    let prompt = home.add(
      AlertRequest(
        id: "push-merged", priority: .high,
        content: AlertContent(title: "Notifications are off", buttons: ["Cancel", "Confirm"])))
    // … the user taps Confirm, the presenter reports the alert fully gone …
    // end-snippet
    recorder.tap("push-merged", "Confirm")
    var opened = false
    // snippet: await-outcome-2
    if await prompt.outcome == .dismissed("Confirm") {
      opened = true  // open the settings only now: the alert has fully closed
    }
    // end-snippet
    #expect(opened)
  }
}
