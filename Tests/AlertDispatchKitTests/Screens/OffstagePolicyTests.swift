import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// An alert's offstage policy: hidden and back with its screen (the default), or taken down for
/// good when its screen leaves the chain.
@MainActor
@Suite("Offstage policy", .timeLimit(.minutes(1)))
struct OffstagePolicyTests {
  @Test("An alert that ends offstage is taken down when its tab is left, and does not come back")
  func endsWhenTabLeft() {
    let f = Fixture()
    let root = f.dispatch("root")
    let first = f.dispatch("first", parent: root)
    let second = f.dispatch("second", parent: root)
    root.activeChild = first
    let draft = f.track(first.add(AlertRequest(id: "draft", offstage: .end)))
    f.add("tip", to: first)
    f.expect(["present draft @first"])
    root.activeChild = second
    #expect(draft.endedOutcome == .cancelled(.ownerLeft))
    f.expect(["dismiss draft @first", "end draft: cancelled(owner left)"])
    #expect(root.explain("tip") == .offstage("first"))
    root.activeChild = first
    f.expect(["present tip @first"])
    f.verify()
  }

  @Test("The default suspends: the alert comes back with its screen")
  func suspendsByDefault() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("rate", to: home)
    f.expect(["present rate @home"])
    home.disappear()
    home.appear()
    f.expect(["hide rate @home", "restore rate @home"])
    f.verify()
  }

  @Test("An alert beneath one that ends offstage is hidden on its own and comes back in front")
  func coveredAlertOfAnEndingCoverer() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("base", to: home)
    let top = f.track(
      home.add(AlertRequest(id: "top", priority: .high, style: .cover, offstage: .end)))
    f.expect(["present base @home", "present top @home"])
    home.disappear()
    #expect(top.endedOutcome == .cancelled(.ownerLeft))
    home.appear()
    f.expect([
      "hide base @home", "dismiss top @home", "end top: cancelled(owner left)",
      "restore base @home",
    ])
    f.verify()
  }

  @Test("A suspended alert that ends offstage waits: only one on screen is taken down")
  func suspendedAlertWaits() {
    let f = Fixture()
    let home = f.dispatch("home")
    let low = f.track(home.add(AlertRequest(id: "low", offstage: .end)))
    f.add("urgent", to: home, priority: .critical)
    f.expect(["present low @home", "hide low @home", "present urgent @home"])
    home.disappear()
    home.appear()
    #expect(low.state != .ended(.cancelled(.ownerLeft)))
    f.expect(["hide urgent @home", "restore urgent @home"])
    f.verify()
  }
}
