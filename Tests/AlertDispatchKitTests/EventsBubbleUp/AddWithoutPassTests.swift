import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// Adds that can change no decision run no pass (Decisions.md, "An add that changes no decision
/// runs no pass"). The fixture checks invariants: after each add that runs no pass, it also
/// plans the domain as a pass would and reports a violation if that plan decides anything or
/// asks for a wake-up, so every test here (and every other test) checks the rule's soundness.
@MainActor
@Suite("Adds without a pass")
struct AddWithoutPassTests {
  /// The passes run and the adds that ran none, since the last reading.
  @MainActor
  struct Counter {
    var passes = AlertDispatch.passCount
    var skipped = AlertDispatch.addsWithoutPass

    /// Passes run and adds without a pass since the last call.
    mutating func take() -> (passes: Int, skipped: Int) {
      defer { self = Counter() }
      return (AlertDispatch.passCount - passes, AlertDispatch.addsWithoutPass - skipped)
    }
  }

  @Test("An alert that waits behind the one in front runs no pass once the domain is settled")
  func waitsBehindFront() {
    let f = Fixture()
    let home = f.dispatch("home")
    var counter = Counter()
    f.add("front", to: home, priority: .high)
    f.expect(["present front @home"])
    #expect(counter.take() == (1, 0))
    // The pass that put `front` up ended on the plan that did so, without a confirming plan:
    // the next add runs one, and leaves the domain known to be settled.
    f.add("first", to: home)
    #expect(counter.take() == (1, 0))
    f.add("second", to: home)
    f.add("equal", to: home, priority: .high)
    #expect(counter.take() == (0, 2))
    f.expect([])
    // The skipped alerts are queued in line order all the same.
    f.presenter.tap("front", "OK")
    f.expect(["tap front OK", "end front: dismissed(OK)", "present equal @home"])
    f.presenter.tap("equal", "OK")
    f.expect(["tap equal OK", "end equal: dismissed(OK)", "present first @home"])
    f.presenter.tap("first", "OK")
    f.expect(["tap first OK", "end first: dismissed(OK)", "present second @home"])
    f.verify()
  }

  @Test("An alert that may preempt the one in front runs a pass")
  func preempts() {
    let f = Fixture()
    let home = f.dispatch("home")
    var counter = Counter()
    f.add("front", to: home)
    f.add("settle", to: home, priority: .low)
    f.expect(["present front @home"])
    _ = counter.take()
    f.add("urgent", to: home, priority: .critical)
    f.expect(["hide front @home", "present urgent @home"])
    #expect(counter.take() == (1, 0))
    f.verify()
  }

  @Test("Behind an alert that may not be interrupted, a higher one waits without a pass")
  func neverInterrupted() {
    let f = Fixture()
    let home = f.dispatch("home")
    var counter = Counter()
    f.add("front", to: home, interruption: .never)
    f.add("settle", to: home, priority: .low)
    _ = counter.take()
    f.add("urgent", to: home, priority: .critical)
    #expect(counter.take() == (0, 1))
    f.expect(["present front @home"])
    f.presenter.tap("front", "OK")
    f.expect(["tap front OK", "end front: dismissed(OK)", "present urgent @home"])
    f.verify()
  }

  @Test("An alert for a hidden screen, a paused one on the chain, or one not ready runs no pass")
  func notCompeting() {
    let f = Fixture()
    let root = f.dispatch("root")
    let hidden = f.dispatch("hidden", parent: root, visible: false)
    let paused = f.dispatch("paused", parent: root)
    root.activeChild = paused
    paused.pause()
    f.add("settle", to: root)
    f.expect(["present settle @root"])
    f.add("confirm", to: root, priority: .low)
    var counter = Counter()
    f.add("offstage", to: hidden, priority: .critical)
    f.add("on paused", to: paused, priority: .critical)
    let later = f.add("later", to: root, priority: .critical, readiness: .pending)
    #expect(counter.take() == (0, 3))
    // Each of them competes once its screen appears or is resumed, or once it is ready.
    paused.resume()
    f.expect(["hide settle @root", "present on paused @paused"])
    later.markReady()
    f.expect([])
    f.presenter.tap("on paused", "OK")
    f.expect(["tap on paused OK", "end on paused: dismissed(OK)", "present later @root"])
    f.verify()
  }

  @Test("An add when an empty lane could take it, or in a new lane, runs a pass")
  func roomInLane() {
    let f = Fixture()
    let home = f.dispatch("home")
    var counter = Counter()
    f.add("one", to: home)
    f.add("two", to: home, priority: .low)
    f.add("toast", to: home, lane: AlertLane("toast"))
    f.expect(["present one @home", "present toast @home"])
    #expect(counter.take() == (3, 0))
    f.verify()
  }

  @Test("An add whose lane waits out a minimum gap asks for the wake-up a pass would")
  func gapPending() {
    // A covered alert that ends starts the lane's gap while the alert over it stays up: an
    // alert added then is the lane's first candidate, and a pass asks to look again when the
    // gap ends (it decides nothing then either, but the wake-up is the pass's to ask for).
    let f = Fixture()
    let home = f.dispatch("home")
    let lane = AlertLane("spaced", minimumGap: .seconds(5))
    f.add("base", to: home, lane: lane)
    f.add("over", to: home, priority: .high, lane: lane, style: .cover)
    f.expect(["present base @home", "present over @home"])
    f.presenter.tap("base", "OK")
    f.expect(["tap base OK", "end base: dismissed(OK)"])
    let timers = f.clock.pendingTimerCount
    var counter = Counter()
    f.add("next", to: home, lane: lane)
    #expect(counter.take() == (1, 0))
    #expect(f.clock.pendingTimerCount == timers + 1)
    f.clock.advance(by: .seconds(5))
    f.expect([])
    f.presenter.tap("over", "OK")
    f.expect(["tap over OK", "end over: dismissed(OK)"])
    f.clock.advance(by: .seconds(5))
    f.expect(["present next @home"])
    f.verify()
  }

  @Test("An add whose domain has a wake-up pending, or a delay of its own, runs a pass")
  func timed() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("front", to: home)
    f.add("settle", to: home, priority: .low)
    var counter = Counter()
    // The delayed alert is the lane's first candidate: the pass asks to look again once its
    // delay is over.
    f.add("delayed", to: home, timing: AlertTiming(delay: .seconds(1)))
    #expect(counter.take() == (1, 0))
    f.add("after delay", to: home, priority: .low)
    #expect(counter.take().passes == 1)
    f.expect(["present front @home"])
    f.verify()
  }

  @Test("Under an active-child provider every add runs a pass: providers are asked at each")
  func provider() {
    let f = Fixture()
    let root = f.dispatch("root")
    let tab = f.dispatch("tab", parent: root)
    root.activeChildProvider = { [weak tab] in tab }
    f.add("front", to: tab)
    f.add("settle", to: tab, priority: .low)
    var counter = Counter()
    f.add("queued", to: tab, priority: .low)
    f.add("queued too", to: tab, priority: .low)
    #expect(counter.take() == (2, 0))
    f.expect(["present front @tab"])
    f.verify()
  }
}
