import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Preemption", .timeLimit(.minutes(1)))
struct PreemptionTests {
  @Test("A higher alert hides the front one, which comes back afterwards in its place")
  func suspendAndRestore() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("low", to: home, priority: .low)
    f.add("other-low", to: home, priority: .low)
    f.add("high", to: home, priority: .high)
    f.expect(["present low @home", "hide low @home", "present high @home"])
    #expect(f.handles[0].state == .suspended)
    #expect(home.explain("low") == .outranked(by: ["high"]))
    f.presenter.tap("high", "OK")
    f.expect(["tap high OK", "end high: dismissed(OK)", "restore low @home"])
    f.presenter.tap("low", "OK")
    f.expect(["tap low OK", "end low: dismissed(OK)", "present other-low @home"])
    f.presenter.tap("other-low", "OK")
    f.expect(["tap other-low OK", "end other-low: dismissed(OK)"])
    f.verify(allEnded: true)
  }

  @Test("With policy cancel the front alert ends as preempted and the newcomer goes up after")
  func cancelPolicy() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("promo", to: home, priority: .low, interruption: .cancel)
    f.add("error", to: home, priority: .critical)
    f.expect([
      "present promo @home", "dismiss promo @home", "end promo: cancelled(preempted by error)",
      "present error @home",
    ])
    f.presenter.tap("error", "OK")
    f.expect(["tap error OK", "end error: dismissed(OK)"])
    f.verify(allEnded: true)
  }

  @Test("With policy never the newcomer waits")
  func neverPolicy() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("form", to: home, priority: .low, interruption: .never)
    f.add("error", to: home, priority: .critical)
    f.expect(["present form @home"])
    #expect(home.explain("error") == .outranked(by: ["form"]))
    f.presenter.tap("form", "Save")
    f.expect(["tap form Save", "end form: dismissed(Save)", "present error @home"])
    f.verify()
  }

  @Test("Equal priority never preempts")
  func equalDoesNotPreempt() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("a", to: home, priority: .high)
    f.add("b", to: home, priority: .high)
    f.expect(["present a @home"])
    f.verify()
  }

  @Test("With style cover the lower alert stays visible beneath")
  func cover() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("sheet", to: home, priority: .normal)
    f.add("urgent", to: home, priority: .critical, style: .cover)
    f.expect(["present sheet @home", "present urgent @home"])
    #expect(f.handles[0].state == .showing)
    #expect(home.explain("sheet") == .covered(by: "urgent"))
    #expect(f.presenter.onScreenIDs == ["sheet", "urgent"])
    f.presenter.tap("urgent", "OK")
    f.expect(["tap urgent OK", "end urgent: dismissed(OK)"])
    #expect(home.explain("sheet") == .showing)
    f.presenter.tap("sheet", "OK")
    f.expect(["tap sheet OK", "end sheet: dismissed(OK)"])
    f.verify(allEnded: true)
  }

  @Test("A covered alert is hidden when a third alert preempts its coverer")
  func coverThenHide() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("base", to: home, priority: .low)
    f.add("over", to: home, priority: .normal, style: .cover)
    f.add("top", to: home, priority: .critical)
    f.expect([
      "present base @home", "present over @home", "hide over @home", "hide base @home",
      "present top @home",
    ])
    f.presenter.tap("top", "OK")
    f.expect(["tap top OK", "end top: dismissed(OK)", "restore over @home"])
    f.presenter.tap("over", "OK")
    f.expect(["tap over OK", "end over: dismissed(OK)", "restore base @home"])
    f.verify()
  }

  /// The alerts beneath a preempted coverer are not suspended while being dismissed: that
  /// would take them out of their dismissal (the timeout would no longer apply, and the
  /// outcome would become the user's instead of the app's).
  @Test(
    "An alert animating out beneath a preempted coverer keeps animating out and ends as asked",
    arguments: [true, false])
  func dismissingBeneathCoverer(presenterCompletes: Bool) {
    let f = Fixture()
    f.presenter.dismissDuration = .milliseconds(300)
    f.presenter.completesDismissals = presenterCompletes
    let home = f.dispatch("home")
    let base = f.add("base", to: home, priority: .low)
    f.add("over", to: home, priority: .normal, style: .cover)
    base.cancel()
    #expect(base.state == .dismissing)
    f.add("top", to: home, priority: .critical)
    #expect(base.state == .dismissing)
    f.clock.advance(by: presenterCompletes ? .milliseconds(300) : .seconds(10))
    #expect(base.endedOutcome == .cancelled(.cancelledByApp))
    f.verify()
  }
}
