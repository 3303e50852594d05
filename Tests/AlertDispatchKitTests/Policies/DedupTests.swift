import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Dedup")
struct DedupTests {
  @Test("keep-existing ends the newcomer as duplicate")
  func keepExisting() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("rate", to: home)
    let second = f.add("rate", to: home)
    #expect(second.endedOutcome == .cancelled(.duplicate(of: "rate")))
    f.expect(["present rate @home", "end rate: cancelled(duplicate of rate)"])
    f.verify()
  }

  @Test("replace-existing ends the old one as replaced, also when it is on screen")
  func replaceExisting() {
    let f = Fixture()
    let home = f.dispatch("home")
    let old = f.add("status", to: home)
    let new = f.add("status", to: home, duplicates: .replaceExisting)
    #expect(old.endedOutcome == .cancelled(.replaced(by: "status")))
    #expect(home.alert(withID: "status") === new)
    f.expect([
      "present status @home", "dismiss status @home", "end status: cancelled(replaced by status)",
      "present status @home",
    ])
    f.verify()
  }

  @Test("Dedup spans the domain: a child's id collides with its parent's")
  func acrossDomain() {
    let f = Fixture()
    let tab = f.dispatch("tab")
    let child = f.dispatch("child", parent: tab)
    tab.activeChildProvider = { child }
    f.add("x", to: tab)
    let dup = f.add("x", to: child)
    #expect(dup.endedOutcome == .cancelled(.duplicate(of: "x")))
    f.verify()
  }
}
