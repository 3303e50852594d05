import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// `activeChild`: the active child set by the app, and the chain that passes reuse while
/// nothing on it changes.
@MainActor
@Suite("Active child", .timeLimit(.minutes(1)))
struct ActiveChildTests {
  /// The app's selected child, which a provider reads.
  final class Selection {
    var dispatch: AlertDispatch
    init(_ dispatch: AlertDispatch) { self.dispatch = dispatch }
  }

  // The tab story of `DomainTests.tabDomain` runs with the active children set, too.

  @Test("Setting the active child to nil takes its subtree off the chain")
  func clearActiveChild() {
    let f = Fixture()
    let root = f.dispatch("root")
    let child = f.dispatch("child", parent: root)
    root.activeChild = child
    #expect(root.activeChild === child)
    f.add("page", to: child)
    f.expect(["present page @child"])
    root.activeChild = nil
    f.expect(["hide page @child"])
    #expect(root.explain("page") == .offstage("child"))
    f.verify()
  }

  @Test("A switch while both tabs are hidden runs no pass; the tab that appears is read then")
  func switchWhileHidden() {
    let f = Fixture()
    let root = f.dispatch("root")
    let first = f.dispatch("first", parent: root)
    let second = f.dispatch("second", parent: root, visible: false)
    root.activeChild = first
    f.add("one", to: first)
    f.add("two", to: second)
    f.expect(["present one @first"])
    first.disappear()
    f.expect(["hide one @first"])
    let passes = AlertDispatch.passCount
    root.activeChild = second
    #expect(AlertDispatch.passCount == passes)
    #expect(root.activeChild === second)
    second.appear()
    f.expect(["present two @second"])
    f.verify()
  }

  @Test(
    "A switch retries refused alerts at once, as setNeedsArbitration() does after a provider's",
    arguments: [false, true])
  func switchRetriesRefused(pushed: Bool) {
    // A switch by `activeChild` does not wait out the refusal's backoff.
    let f = Fixture()
    let root = f.dispatch("root")
    let first = f.dispatch("first", parent: root)
    let second = f.dispatch("second", parent: root)
    let selection = Selection(first)
    if pushed {
      root.activeChild = first
    } else {
      root.activeChildProvider = { selection.dispatch }
    }
    f.presenter.refusal = "no host"
    f.add("x", to: root)
    f.expect(["refuse x @root: no host"])
    f.presenter.refusal = nil
    selection.dispatch = second
    if pushed { root.activeChild = second } else { root.setNeedsArbitration() }
    f.expect(["present x @root"])
    f.verify()
  }

  @Test("A dispatch that is not a child is ignored with a diagnostic; the active child stays")
  func notAChild() {
    let f = Fixture()
    let root = f.dispatch("root")
    let child = f.dispatch("child", parent: root)
    let stranger = f.dispatch("stranger")
    root.activeChild = child
    root.activeChild = stranger
    #expect(root.activeChild === child)
    #expect(
      f.diagnostics == ["activeChild of 'root' set to 'stranger', which is not its child; ignored"])
    f.add("a", to: child)
    f.expect(["present a @child"])
    f.verify()
  }

  @Test("A provider names the active child while it is set; then the set child counts again")
  func providerWins() {
    let f = Fixture()
    let root = f.dispatch("root")
    let left = f.dispatch("left", parent: root)
    let right = f.dispatch("right", parent: root)
    f.add("l", to: left)
    f.add("r", to: right)
    root.activeChild = left
    f.expect(["present l @left"])
    root.activeChildProvider = { right }
    f.expect(["hide l @left", "present r @right"])
    // Ignored while the provider is set: no pass moves anything.
    root.activeChild = left
    f.expect([])
    root.activeChildProvider = nil
    f.expect(["hide r @right", "restore l @left"])
    f.verify()
  }

  @Test("A child that leaves stops being the active child, and is not kept alive by it")
  func childLeaves() {
    let f = Fixture()
    let root = f.dispatch("root")
    let child = f.dispatch("child", parent: root)
    root.activeChild = child
    f.add("a", to: child)
    f.expect(["present a @child"])
    try! child.setParent(nil)
    #expect(root.activeChild == nil)
    // Joining again does not make it active again: the app names it anew.
    try! child.setParent(root)
    #expect(root.activeChild == nil)
    let before = AlertDispatch.liveNodeCount
    do {
      let temporary = AlertDispatch(name: "temporary", clock: f.clock)
      try! temporary.setParent(root)
      root.activeChild = temporary
      #expect(root.activeChild === temporary)
    }
    #expect(AlertDispatch.liveNodeCount == before)
    #expect(root.activeChild == nil)
    f.verify()
  }

  @Test("The reused chain follows pause, visibility, close and a new parent")
  func reusedChainFollowsChanges() {
    let f = Fixture()
    let root = f.dispatch("root")
    let middle = f.dispatch("middle", parent: root)
    let leaf = f.dispatch("leaf", parent: middle)
    root.activeChild = middle
    middle.activeChild = leaf
    middle.pause()
    f.add("waits", to: leaf)
    f.expect([])
    #expect(root.explain("waits") == .paused(by: "middle"))
    middle.resume()
    f.expect(["present waits @leaf"])
    leaf.disappear()
    f.expect(["hide waits @leaf"])
    leaf.appear()
    f.expect(["restore waits @leaf"])
    // The leaf moves under the root: the middle's active child is gone, and the root names
    // the middle still, so the leaf is offstage.
    try! leaf.setParent(root)
    f.expect(["hide waits @leaf"])
    #expect(middle.activeChild == nil)
    root.activeChild = leaf
    f.expect(["restore waits @leaf"])
    leaf.close()
    f.expect(["dismiss waits @leaf", "end waits: cancelled(owner closed)"])
    #expect(root.activeChild == nil)
    f.add("top", to: root)
    f.expect(["present top @root"])
    f.verify()
  }
}
