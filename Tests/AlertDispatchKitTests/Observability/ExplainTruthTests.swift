import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// `explain` says what the pass decides: its reasons come from the plan of the alert's lane.
@MainActor
@Suite("Explain tells what the pass decides", .timeLimit(.minutes(1)))
struct ExplainTruthTests {
  @Test("An alert behind a refused one that a pause now holds is outranked by the alert in front")
  func pausedRefusedAlertHoldsNoLine() throws {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    let root = AlertDispatch(name: "R", clock: clock, presenter: presenter)
    let child = AlertDispatch(name: "C", clock: clock)
    try child.setParent(root)
    root.activeChild = child
    presenter.refusal = "busy"
    let promo = child.add(AlertRequest(id: "A", category: "promo"))
    presenter.refusal = nil
    let front = root.add(AlertRequest(id: "F", priority: .high))
    let waiting = root.add(AlertRequest(id: "B"))
    #expect(presenter.transcript.take() == ["refuse A @C: busy", "present F @R"])
    let pause = child.pause(category: "promo")
    #expect(root.explain("A") == .scopePaused(.category("promo"), by: "C"))
    #expect(root.explain("B") == .outranked(by: ["F"]))

    presenter.tap("F", "OK")
    #expect(presenter.transcript.take() == ["tap F OK", "present B @R"])
    clock.advance(by: .seconds(1))
    #expect(waiting.state == .showing && promo.state == .queued)
    #expect(root.explain("A") == .scopePaused(.category("promo"), by: "C"))
    pause.release()
    presenter.tap("B", "OK")
    #expect(presenter.transcript.take() == ["tap B OK", "present A @C"])
    _ = front
  }

  @Test("A refused alert that has reached its cap is explained by its retry, which holds the line")
  func refusedAndCappedAlertIsExplainedByItsRetry() {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    let root = AlertDispatch(name: "R", clock: clock, presenter: presenter)
    root.frequencyPolicy = FrequencyPolicy(appVersion: "1.0")
    presenter.refuseWhen = { $0.id == "P" ? "busy" : nil }
    let capped = root.add(AlertRequest(id: "P", cap: .onceEver(key: "k")))
    root.add(AlertRequest(id: "W"))
    root.add(AlertRequest(id: "T", lane: AlertLane("toast"), cap: .onceEver(key: "k")))
    #expect(presenter.transcript.take() == ["refuse P @R: busy", "present T @R"])
    // The pass holds P for its retry, and W behind it: explain says the same of both.
    guard case .retryingAfterRefusal(_, "busy") = root.explain("P") else {
      Issue.record("expected P to be retrying, got \(root.explain("P"))")
      return
    }
    #expect(root.explain("W") == .waitingBehind("P"))
    // When its retry comes, P ends by its cap, and W goes up.
    presenter.refuseWhen = nil
    clock.advance(by: .seconds(1))
    #expect(capped.endedOutcome == .cancelled(.frequencyCapped("once ever (key k)")))
    #expect(presenter.onScreenIDs.contains("W"))
  }

  @Test("Behind an alert that holds its lane's line, the rest are explained by what holds it")
  func unreadCandidatesAreBehindTheStop() {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    let home = AlertDispatch(name: "home", clock: clock, presenter: presenter)
    home.add(AlertRequest(id: "note", timing: AlertTiming(minimumDisplay: .seconds(5))))
    home.add(AlertRequest(id: "urgent", priority: .high))
    home.add(AlertRequest(id: "later", priority: .high))
    #expect(
      home.explain("urgent")
        == .minimumDisplay(of: "note", until: AlertInstant(offset: .seconds(5))))
    #expect(home.explain("later") == .behind("urgent"))
    #expect("\(home.explain("later"))" == "waiting behind urgent in line")
  }

  @Test("Behind an alert that waits for room, only those that could interrupt are queued behind it")
  func queuedBehindOnlyThoseThatCouldInterrupt() {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    let home = AlertDispatch(name: "home", clock: clock, presenter: presenter)
    home.add(AlertRequest(id: "front"))
    home.add(AlertRequest(id: "patient", priority: .critical, preemption: .wait))
    home.add(AlertRequest(id: "urgent", priority: .high))
    home.add(AlertRequest(id: "low", priority: .low))
    #expect(home.explain("patient") == .waitingForRoom(["front"]))
    #expect(home.explain("urgent") == .queuedBehind("patient"))
    #expect(home.explain("low") == .outranked(by: ["front"]))
  }
}
