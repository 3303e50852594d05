import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Batch cancel", .timeLimit(.minutes(1)))
struct BatchCancelTests {
  let toast = AlertLane("toast", capacity: .unlimited)

  @Test("Cancelling all ends the waiting alerts at once: none goes up on its way out")
  func waitingAlertsNeverGoUp() {
    let f = Fixture()
    let home = f.dispatch("home")
    for id: AlertID in ["a", "b", "c"] { f.add(id, to: home) }
    f.expect(["present a @home"])
    let cancelled = home.cancelAlerts()
    #expect(cancelled.map(\.id) == ["a", "b", "c"])
    f.expect([
      "dismiss a @home", "end b: cancelled(cancelled by app)",
      "end c: cancelled(cancelled by app)", "end a: cancelled(cancelled by app)",
    ])
    #expect(home.unfinishedAlerts.isEmpty)
    f.verify(allEnded: true)
  }

  @Test("Cancelling one by one lets each waiting alert go up as the one in front goes")
  func oneByOneFlashes() {
    let f = Fixture()
    let home = f.dispatch("home")
    let handles = ["a", "b"].map { f.add(AlertID($0), to: home) }
    f.expect(["present a @home"])
    for handle in handles { handle.cancel() }
    f.expect([
      "dismiss a @home", "end a: cancelled(cancelled by app)", "present b @home",
      "dismiss b @home", "end b: cancelled(cancelled by app)",
    ])
    f.verify(allEnded: true)
  }

  @Test("A lane selection takes that lane's alerts and leaves the others where they are")
  func laneSelection() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("modal", to: home)
    f.add("next", to: home)
    f.add("toast-1", to: home, lane: toast)
    f.add("toast-2", to: home, lane: toast)
    f.expect(["present modal @home", "present toast-1 @home", "present toast-2 @home"])
    let cancelled = home.cancelAlerts(.lane(toast))
    #expect(cancelled.map(\.id) == ["toast-1", "toast-2"])
    f.expect([
      "dismiss toast-1 @home", "dismiss toast-2 @home",
      "end toast-1: cancelled(cancelled by app)", "end toast-2: cancelled(cancelled by app)",
    ])
    #expect(home.unfinishedAlerts.map(\.id) == ["modal", "next"])
    f.verify()
  }

  @Test("A priority selection ends those at or below it; the best one left goes up in their place")
  func prioritySelection() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("normal", to: home, interruption: .never)
    f.add("high", to: home, priority: .high)
    f.add("low", to: home, priority: .low)
    f.expect(["present normal @home"])
    home.cancelAlerts(.priority(atOrBelow: .normal))
    f.expect([
      "dismiss normal @home", "end low: cancelled(cancelled by app)",
      "end normal: cancelled(cancelled by app)", "present high @home",
    ])
    #expect(home.unfinishedAlerts.map(\.id) == ["high"])
    f.verify()
  }

  @Test("A category or a predicate selects over the requests")
  func categoryAndPredicate() {
    let f = Fixture()
    let home = f.dispatch("home")
    for (id, category) in [("promo-1", "promotion"), ("rating", "rating"), ("promo-2", nil)] {
      f.track(home.add(AlertRequest(id: AlertID(id), category: category)))
    }
    f.expect(["present promo-1 @home"])
    #expect(home.cancelAlerts(.category("promotion")).map(\.id) == ["promo-1"])
    let named = home.cancelAlerts(.matching("promotions") { $0.id.rawValue.hasPrefix("promo-") })
    #expect(named.map(\.id) == ["promo-2"])
    f.expect([
      "dismiss promo-1 @home", "end promo-1: cancelled(cancelled by app)",
      "present rating @home", "end promo-2: cancelled(cancelled by app)",
    ])
    f.verify()
  }

  @Test("The subtree is included only when asked for")
  func subtree() {
    let f = Fixture()
    let home = f.dispatch("home")
    let child = f.dispatch("child", parent: home)
    home.activeChildProvider = { child }
    f.add("parent-alert", to: home)
    f.add("child-alert", to: child)
    f.expect(["present parent-alert @home"])
    #expect(home.cancelAlerts().map(\.id) == ["parent-alert"])
    f.expect([
      "dismiss parent-alert @home", "end parent-alert: cancelled(cancelled by app)",
      "present child-alert @child",
    ])
    f.add("parent-again", to: home)
    #expect(
      home.cancelAlerts(includingSubtree: true).map(\.id) == ["child-alert", "parent-again"])
    f.expect([
      "dismiss child-alert @child", "end parent-again: cancelled(cancelled by app)",
      "end child-alert: cancelled(cancelled by app)",
    ])
    f.verify(allEnded: true)
  }

  @Test("An alert already being dismissed is left to finish with its own outcome")
  func dismissingLeftAlone() {
    let f = Fixture()
    f.presenter.completesDismissals = false
    let home = f.dispatch("home")
    let shown = f.add("shown", to: home)
    f.add("waiting", to: home)
    shown.close(result: "Done")
    f.expect(["present shown @home", "dismiss shown @home"])
    #expect(home.cancelAlerts().map(\.id) == ["waiting"])
    f.expect(["end waiting: cancelled(cancelled by app)"])
    shown.didDismiss(result: "Done")
    f.expect(["end shown: dismissed(Done)"])
    #expect(f.diagnostics == [])
    f.verify(allEnded: true)
  }

  @Test("A lane no alert of the domain has used selects nothing, with a diagnostic")
  func unknownLane() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("a", to: home)
    f.expect(["present a @home"])
    #expect(home.cancelAlerts(.lane(AlertLane("tost"))).isEmpty)
    #expect(
      f.diagnostics == [
        "cancelAlerts(lane 'tost') on 'home': no alert of its domain uses lane 'tost'; nothing cancelled"
      ])
    f.expect([])
    f.verify()
  }

  @Test("Called from a completion, the selection is read at once and the alerts end after the pass")
  func fromACompletion() {
    let f = Fixture()
    let home = f.dispatch("home")
    let first = f.add("first", to: home)
    f.add("second", to: home)
    f.add("third", to: home)
    var selected: [AlertID] = []
    first.onEnd { _ in selected = home.cancelAlerts().map(\.id) }
    f.presenter.tap("first", "OK")
    #expect(selected == ["second", "third"])
    f.expect([
      "present first @home", "tap first OK", "end first: dismissed(OK)",
      "end second: cancelled(cancelled by app)", "end third: cancelled(cancelled by app)",
    ])
    f.verify(allEnded: true)
  }
}
