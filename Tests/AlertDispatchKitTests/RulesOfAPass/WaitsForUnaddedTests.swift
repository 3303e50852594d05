import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// A request that waits for dependencies not added yet (`waitsForUnadded`): an id no alert of
/// the domain has had holds it until an alert with that id is added and ends, or until its
/// readiness deadline passes.
@MainActor
@Suite("Waiting for a dependency that is not added yet", .timeLimit(.minutes(1)))
struct WaitsForUnaddedTests {
  @discardableResult
  func permission(
    _ f: Fixture, to dispatch: AlertDispatch, deadline: Duration = .seconds(5),
    readiness: Readiness = .ready
  ) -> AlertHandle {
    f.track(
      dispatch.add(
        AlertRequest(
          id: "permission", after: ["onboarding"], waitsForUnadded: true, readiness: readiness,
          timing: AlertTiming(readinessDeadline: deadline))))
  }

  @Test("The prompt added before onboarding goes up after it, not first")
  func promptAddedBeforeOnboardingWaitsForIt() {
    let f = Fixture()
    let home = f.dispatch("home")
    let prompt = permission(f, to: home)
    f.expect([])
    #expect(prompt.state == .queued)
    #expect(home.explain("permission") == .waitingForDependencies(["onboarding"]))
    f.clock.advance(by: .seconds(1))
    f.add("onboarding", to: home)
    f.expect(["present onboarding @home"])
    f.presenter.tap("onboarding", "Done")
    f.expect([
      "tap onboarding Done", "end onboarding: dismissed(Done)", "present permission @home",
    ])
    f.verify()
  }

  @Test("Without the option, an id not added yet does not hold the alert back")
  func withoutTheOptionTheIDDoesNotBlock() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("permission", to: home, after: ["onboarding"])
    f.expect(["present permission @home"])
    f.verify()
  }

  @Test("When the readiness deadline passes and the id was never added, the alert competes")
  func deadlineEndsTheWait() {
    let f = Fixture()
    let home = f.dispatch("home")
    let prompt = permission(f, to: home, deadline: .seconds(5))
    f.clock.advance(by: .milliseconds(4999))
    f.expect([])
    f.clock.advance(by: .milliseconds(1))
    f.expect(["present permission @home"])
    #expect(prompt.state == .showing)
    // Added now, onboarding does not pull the prompt down: it waits behind it as any alert.
    f.add("onboarding", to: home)
    f.expect([])
    #expect(home.explain("onboarding") == .outranked(by: ["permission"]))
    f.verify()
  }

  @Test("The deadline does not end an alert that waits only for an unadded id")
  func deadlineDoesNotEndAReadyAlert() {
    let f = Fixture()
    let home = f.dispatch("home")
    let blocker = f.add("busy", to: home)
    let prompt = permission(f, to: home, deadline: .seconds(2))
    f.expect(["present busy @home"])
    f.clock.advance(by: .seconds(3))
    #expect(prompt.state == .queued)
    #expect(home.explain("permission") == .outranked(by: ["busy"]))
    blocker.cancel()
    f.expect([
      "dismiss busy @home", "end busy: cancelled(cancelled by app)", "present permission @home",
    ])
    f.verify()
  }

  @Test("An id that ended before the request was added does not hold it back")
  func idThatAlreadyEndedDoesNotBlock() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("onboarding", to: home)
    f.presenter.tap("onboarding", "Done")
    f.expect(["present onboarding @home", "tap onboarding Done", "end onboarding: dismissed(Done)"])
    permission(f, to: home)
    f.expect(["present permission @home"])
    f.verify()
  }

  @Test("An onboarding refused at its add counts as ended: the prompt stops waiting")
  func refusedDependencyCountsAsEnded() {
    let f = Fixture()
    let home = f.dispatch("home")
    permission(f, to: home)
    let invalid = f.add("onboarding", to: home, timing: AlertTiming(expiry: .zero))
    guard case .cancelled(.invalidRequest) = invalid.endedOutcome else {
      Issue.record("expected an invalid request, got \(invalid.state)")
      return
    }
    f.expect([
      "end onboarding: cancelled(invalid request: expiry must be positive, got 0s)",
      "present permission @home",
    ])
    f.verify()
  }

  @Test("A pending alert that waits for an unadded id and is marked ready keeps the bound")
  func markReadyKeepsTheDeadline() {
    let f = Fixture()
    let home = f.dispatch("home")
    let prompt = permission(f, to: home, readiness: .pending)
    prompt.markReady()
    f.clock.advance(by: .seconds(4))
    f.expect([])
    f.clock.advance(by: .seconds(1))
    f.expect(["present permission @home"])
    f.verify()
  }

  @Test("A pending alert not ready by its deadline ends, as any pending alert")
  func pendingAtTheDeadlineEnds() {
    let f = Fixture()
    let home = f.dispatch("home")
    let prompt = permission(f, to: home, readiness: .pending)
    f.clock.advance(by: .seconds(5))
    #expect(prompt.endedOutcome == .cancelled(.readinessTimedOut))
    f.verify()
  }

  @Test("The option without a readiness deadline is an invalid request that says why")
  func optionNeedsADeadline() {
    let f = Fixture()
    let home = f.dispatch("home")
    let prompt = f.track(
      home.add(AlertRequest(id: "permission", after: ["onboarding"], waitsForUnadded: true)))
    #expect(
      prompt.endedOutcome
        == .cancelled(
          .invalidRequest("waiting for dependencies not added yet needs a readiness deadline")))
    #expect(f.diagnostics.contains { $0.contains("needs a readiness deadline") })
    f.verify()
  }

  @Test("A dependency ended on another root counts once the roots join")
  func endedOnAJoiningRootCounts() throws {
    let f = Fixture()
    let home = f.dispatch("home")
    let tab = f.dispatch("tab", visible: false)
    let onboarding = f.add("onboarding", to: tab)
    onboarding.cancel()
    let prompt = permission(f, to: home)
    #expect(prompt.state == .queued)
    try tab.setParent(home)
    f.expect(["end onboarding: cancelled(cancelled by app)", "present permission @home"])
    f.verify()
  }

  @Test("Generated ids are not remembered once they end")
  func generatedIDsAreNotRemembered() {
    let f = Fixture()
    let home = f.dispatch("home")
    let toast = f.track(home.add(AlertRequest()))
    f.presenter.tap(toast.id, "OK")
    #expect(toast.state.isEnded)
    #expect(!home.node.endedIDs.contains(toast.id))
    f.verify()
  }
}

extension WaitsForUnaddedTests {
  @Test("An alert that waits for the waiting one is refused as a cycle, and ends the wait")
  func laterAlertClosingACycleIsRefused() {
    let f = Fixture()
    let home = f.dispatch("home")
    let prompt = permission(f, to: home)
    let onboarding = f.add("onboarding", to: home, after: ["permission"])
    #expect(
      onboarding.endedOutcome
        == .cancelled(.dependencyCycle(["onboarding", "permission", "onboarding"])))
    // Refused, it ended: an alert with the id was added, so the prompt waits no more.
    #expect(prompt.state == .showing)
    f.verify()
  }
}
