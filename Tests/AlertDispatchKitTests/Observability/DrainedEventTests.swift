import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Drained event", .timeLimit(.minutes(1)))
struct DrainedEventTests {
  /// The kinds of events the root's observer saw, `drained` among them.
  final class Seen {
    var events: [String] = []
  }

  func watch(_ dispatch: AlertDispatch) -> Seen {
    let seen = Seen()
    dispatch.observe { event in
      if event.kind == .drained { seen.events.append("drained @\(event.dispatch)") }
      if case .ended = event.kind { seen.events.append("ended \(event.alertID!)") }
    }
    return seen
  }

  @Test("Drained comes once, when the last unfinished alert of the domain ends")
  func lastEnd() {
    let f = Fixture()
    let home = f.dispatch("home")
    let seen = watch(home)
    f.add("a", to: home)
    f.add("b", to: home)
    f.presenter.tap("a", "OK")
    #expect(seen.events == ["ended a"])
    f.presenter.tap("b", "OK")
    #expect(seen.events == ["ended a", "ended b", "drained @home"])
    f.verify(allEnded: true)
  }

  @Test("An alert waiting in a child dispatch keeps the domain busy; drained names the root")
  func childAlertsCount() {
    let f = Fixture()
    let root = f.dispatch("root")
    let child = f.dispatch("child", parent: root)
    let seen = watch(root)
    f.add("a", to: root)
    let waiting = f.add("b", to: child)
    f.presenter.tap("a", "OK")
    #expect(seen.events == ["ended a"])
    waiting.cancel()
    #expect(seen.events == ["ended a", "ended b", "drained @root"])
    f.verify(allEnded: true)
  }

  @Test("A domain that gets an alert again is drained again when that one ends")
  func drainedAgain() {
    let f = Fixture()
    let home = f.dispatch("home")
    let seen = watch(home)
    f.add("a", to: home).cancel()
    f.add("b", to: home)
    f.presenter.tap("b", "OK")
    #expect(seen.events == ["ended a", "drained @home", "ended b", "drained @home"])
    f.verify(allEnded: true)
  }

  @Test("A batch cancel that ends every alert drains the domain once")
  func batchCancel() {
    let f = Fixture()
    let home = f.dispatch("home")
    let seen = watch(home)
    for id: AlertID in ["a", "b", "c"] { f.add(id, to: home) }
    home.cancelAlerts()
    #expect(seen.events.last == "drained @home")
    #expect(seen.events.filter { $0.hasPrefix("drained") }.count == 1)
    f.verify(allEnded: true)
  }

  @Test("Replacing the domain's only waiting alert does not drain it; the replacement's end does")
  func replacementKeepsItBusy() {
    let f = Fixture()
    let home = f.dispatch("home")
    let seen = watch(home)
    let pause = home.pause()
    f.add("promo", to: home)
    f.add("promo", to: home, duplicates: .replaceExisting)
    #expect(seen.events == ["ended promo"])
    pause.release()
    f.presenter.tap("promo", "OK")
    #expect(seen.events == ["ended promo", "ended promo", "drained @home"])
    f.verify(allEnded: true)
  }

  @Test("An add refused at once on an empty domain drains it again")
  func refusedAdd() {
    let f = Fixture()
    let home = f.dispatch("home")
    let seen = watch(home)
    f.add("bad", to: home, lane: AlertLane("zero", capacity: .limited(0)))
    #expect(seen.events == ["ended bad", "drained @home"])
    f.verify(allEnded: true)
  }

  @Test("A child's observer does not see the domain drained; its root's does")
  func onlyTheRoot() {
    let f = Fixture()
    let root = f.dispatch("root")
    let child = f.dispatch("child", parent: root)
    let atRoot = watch(root)
    let atChild = watch(child)
    root.activeChild = child
    f.add("a", to: child)
    f.presenter.tap("a", "OK")
    #expect(atChild.events == ["ended a"])
    #expect(atRoot.events == ["ended a", "drained @root"])
    f.verify(allEnded: true)
  }
}
