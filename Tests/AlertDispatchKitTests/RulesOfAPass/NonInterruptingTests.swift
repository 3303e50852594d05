import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("A newcomer that does not interrupt", .timeLimit(.minutes(1)))
struct NonInterruptingTests {
  @Test("A higher newcomer that waits goes up only when the front alert ends")
  func waitsForRoom() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("tip", to: home, priority: .low)
    let saved = f.add("saved", to: home, priority: .high, preemption: .wait)
    f.expect(["present tip @home"])
    #expect(saved.state == .queued)
    #expect(home.explain("saved") == .waitingForRoom(["tip"]))
    #expect(home.explain("saved").description == "waiting for room: does not interrupt tip")
    f.presenter.tap("tip", "OK")
    f.expect(["tap tip OK", "end tip: dismissed(OK)", "present saved @home"])
    f.verify()
  }

  @Test("A newcomer that waits holds the lower alerts behind it in line")
  func holdsTheLineBehindIt() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("tip", to: home, priority: .low)
    f.add("saved", to: home, priority: .critical, preemption: .wait)
    f.add("error", to: home, priority: .high)
    f.expect(["present tip @home"])
    #expect(home.explain("error") == .queuedBehind("saved"))
    #expect(home.explain("error").description == "waiting behind saved, which waits for room")
    f.presenter.tap("tip", "OK")
    f.expect(["tap tip OK", "end tip: dismissed(OK)", "present saved @home"])
    #expect(home.explain("error") == .outranked(by: ["saved"]))
    f.presenter.tap("saved", "OK")
    f.expect(["tap saved OK", "end saved: dismissed(OK)", "present error @home"])
    f.verify()
  }

  @Test("A higher alert that preempts still takes the place of one that waited and went up")
  func isStillInterruptible() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("saved", to: home, priority: .normal, preemption: .wait)
    f.add("error", to: home, priority: .critical)
    f.expect(["present saved @home", "hide saved @home", "present error @home"])
    f.verify()
  }

  @Test("A newcomer that waits goes up at once beside others in a lane with room")
  func goesUpIntoRoom() {
    let f = Fixture()
    let home = f.dispatch("home")
    let toasts = AlertLane("toast", capacity: .limited(2))
    f.add("a", to: home, lane: toasts)
    f.add("b", to: home, priority: .high, lane: toasts, preemption: .wait)
    f.add("c", to: home, priority: .critical, lane: toasts, preemption: .wait)
    f.expect(["present a @home", "present b @home"])
    #expect(home.explain("c") == .waitingForRoom(["a", "b"]))
    f.presenter.tap("a", "OK")
    f.expect(["tap a OK", "end a: dismissed(OK)", "present c @home"])
    f.verify()
  }

  @Test("Style cover has nothing to go up over when the newcomer waits")
  func coverIsIgnored() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("sheet", to: home, priority: .low)
    f.add("urgent", to: home, priority: .critical, preemption: .wait, style: .cover)
    f.expect(["present sheet @home"])
    #expect(f.presenter.onScreenIDs == ["sheet"])
    #expect(home.explain("urgent") == .waitingForRoom(["sheet"]))
    f.verify()
  }

  @Test("One that waits behind an alert it may not preempt anyway is outranked")
  func outrankedAnyway() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("form", to: home, priority: .low, interruption: .never)
    f.add("saved", to: home, priority: .high, preemption: .wait)
    f.expect(["present form @home"])
    #expect(home.explain("saved") == .outranked(by: ["form"]))
    f.verify()
  }

  @Test("One that does not interrupt, back with its screen, waits for what went up meanwhile")
  func suspendedWaitsToo() {
    let f = Fixture()
    let app = f.dispatch("app")
    let home = f.dispatch("home", parent: app)
    app.activeChild = home
    f.add("saved", to: home, priority: .high, preemption: .wait)
    home.disappear()
    f.add("tip", to: app, priority: .low)
    f.expect(["present saved @home", "hide saved @home", "present tip @app"])
    home.appear()
    f.expect([])
    #expect(home.explain("saved") == .waitingForRoom(["tip"]))
    f.presenter.tap("tip", "OK")
    f.expect(["tap tip OK", "end tip: dismissed(OK)", "restore saved @home"])
    f.verify()
  }
}
