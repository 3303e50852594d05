import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Domains", .timeLimit(.minutes(1)))
struct DomainTests {
  /// navVC → tabVC → (vc1, vc2, vc3), built by hand, with providers that read the selection or
  /// (`pushed`) with the active children set as the selection changes.
  func tabs(_ f: Fixture, pushed: Bool = false)
    -> (nav: AlertDispatch, tab: AlertDispatch, vcs: [AlertDispatch])
  {
    let nav = f.dispatch("nav")
    let tab = f.dispatch("tab", parent: nav)
    let vcs = (1...3).map { f.dispatch("vc\($0)", parent: tab) }
    if pushed {
      nav.activeChild = tab
      tab.activeChild = vcs[0]
      f.selectTab = { index in tab.activeChild = vcs[index] }
      return (nav, tab, vcs)
    }
    nav.activeChildProvider = { tab }
    var selected = 0
    tab.activeChildProvider = { vcs[selected] }
    f.selectTab = { index in
      selected = index
      tab.setNeedsArbitration()
    }
    return (nav, tab, vcs)
  }

  @Test(
    "A tab-level alert and a vc1 alert arbitrate together; switching tabs suspends and restores",
    arguments: [false, true])
  func tabDomain(pushed: Bool) {
    let f = Fixture()
    let (_, tab, vcs) = tabs(f, pushed: pushed)
    f.add("page", to: vcs[0], priority: .normal)
    f.expect(["present page @vc1"])
    f.add("global", to: tab, priority: .high)
    f.expect(["hide page @vc1", "present global @tab"])
    f.presenter.tap("global", "OK")
    f.expect(["tap global OK", "end global: dismissed(OK)", "restore page @vc1"])
    f.add("vc2-alert", to: vcs[1])
    #expect(tab.explain("vc2-alert") == .offstage("vc2"))
    f.selectTab(1)
    f.expect(["hide page @vc1", "present vc2-alert @vc2"])
    f.selectTab(0)
    f.expect(["hide vc2-alert @vc2", "restore page @vc1"])
    f.verify()
  }

  @Test(
    "Dependencies are resolved over the whole tree, including an offstage tab",
    arguments: [false, true])
  func offstageDependency(pushed: Bool) {
    let f = Fixture()
    let (_, _, vcs) = tabs(f, pushed: pushed)
    f.add("vc2-first", to: vcs[1])
    f.add("vc1-after", to: vcs[0], after: ["vc2-first"])
    f.expect([])
    #expect(vcs[0].explain("vc1-after") == .waitingForDependencies(["vc2-first"]))
    f.selectTab(1)
    f.expect(["present vc2-first @vc2"])
    f.presenter.tap("vc2-first", "OK")
    f.selectTab(0)
    f.expect(["tap vc2-first OK", "end vc2-first: dismissed(OK)", "present vc1-after @vc1"])
    f.verify()
  }

  @Test("A provider that returns a dispatch that is not its child is ignored with a diagnostic")
  func wrongChild() {
    let f = Fixture()
    let root = f.dispatch("root")
    let stranger = f.dispatch("stranger")
    root.activeChildProvider = { stranger }
    f.add("a", to: root)
    f.expect(["present a @root"])
    #expect(
      f.diagnostics.contains {
        $0 == "active-child provider of 'root' returned 'stranger', which is not its child; ignored"
      })
    f.verify()
  }

  @Test("Two separate roots each show an alert at the same time")
  func twoRoots() {
    let f = Fixture()
    let left = f.dispatch("left")
    let right = f.dispatch("right")
    f.add("l", to: left)
    f.add("r", to: right)
    f.expect(["present l @left", "present r @right"])
    f.verify()
  }

  @Test("A parent cycle is refused with a clear error and changes nothing")
  func parentCycle() throws {
    let f = Fixture()
    let a = f.dispatch("a")
    let b = f.dispatch("b", parent: a)
    let c = f.dispatch("c", parent: b)
    #expect(throws: AlertDispatchError.parentCycle(["a", "c", "b", "a"])) {
      try a.setParent(c)
    }
    #expect(throws: AlertDispatchError.parentCycle(["a", "a"])) { try a.setParent(a) }
    #expect(a.parent == nil && c.root === a)
    #expect(
      AlertDispatchError.parentCycle(["a", "c", "b", "a"]).description
        == "parent cycle refused: a -> c -> b -> a")
    f.verify()
  }

  @Test("Pause on a dispatch covers its subtree; resume lets it show")
  func pauseSubtree() {
    let f = Fixture()
    let (nav, tab, vcs) = tabs(f)
    tab.pause()
    f.add("page", to: vcs[0])
    f.add("top", to: nav)
    f.expect(["present top @nav"])
    #expect(nav.explain("page") == .paused(by: "tab"))
    f.presenter.tap("top", "OK")
    f.expect(["tap top OK", "end top: dismissed(OK)"])
    tab.resume()
    f.expect(["present page @vc1"])
    f.verify()
  }

  @Test("Moving a subtree to another parent re-indexes both domains")
  func reparent() throws {
    let f = Fixture()
    let left = f.dispatch("left")
    let right = f.dispatch("right")
    let screen = f.dispatch("screen", parent: left)
    left.activeChildProvider = { screen }
    f.add("blocker", to: right)
    f.add("s", to: screen, after: ["blocker"])
    f.expect(["present blocker @right", "present s @screen"])
    #expect(screen.root === left)
    try screen.setParent(right)
    #expect(screen.root === right)
    right.activeChildProvider = { screen }
    f.expect(["hide s @screen"])
    #expect(right.explain("s") == .outranked(by: ["blocker"]))
    f.verify()
  }

  @Test("The nearest presenter is looked up again when a presenter changes on the way up")
  func presenterChanges() {
    let f = Fixture()
    let (_, tab, vcs) = tabs(f)
    let tabTranscript = Transcript()
    let tabPresenter = RecordingPresenter(transcript: tabTranscript, clock: f.clock)
    f.add("first", to: vcs[0])
    f.expect(["present first @vc1"])
    f.presenter.tap("first", "OK")
    f.expect(["tap first OK", "end first: dismissed(OK)"])
    // The nav's presenter served vc1; now the tab, between them, gets one of its own.
    tab.presenter = tabPresenter
    f.add("second", to: vcs[0])
    f.expect([])
    #expect(tabTranscript.take() == ["present second @vc1"])
    tabPresenter.tap("second", "OK")
    #expect(tabTranscript.take() == ["tap second OK"])
    tab.presenter = nil
    f.add("third", to: vcs[0])
    #expect(f.take().suffix(1) == ["present third @vc1"])
    f.verify()
  }

  @Test("Joining two domains with alerts up in the same lane hides the weaker one")
  func mergeOverCapacity() throws {
    let f = Fixture()
    let left = f.dispatch("left")
    let right = f.dispatch("right")
    let screen = f.dispatch("screen", parent: left)
    left.activeChildProvider = { screen }
    right.activeChildProvider = { screen }
    f.add("r", to: right, priority: .high)
    f.add("s", to: screen)
    f.expect(["present r @right", "present s @screen"])
    try screen.setParent(right)
    f.expect(["hide s @screen"])
    f.verify()
  }

  @Test("A refused alert is still retried at once on request after its domain is re-indexed")
  func refusedAlertSurvivesReindex() throws {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    let window = AlertDispatch(name: "window", clock: clock, presenter: presenter)
    presenter.refusal = "no host"
    let alert = window.add(AlertRequest(id: "notifications"))
    #expect(presenter.transcript.take() == ["refuse notifications @window: no host"])
    // A screen joins the domain, which is re-indexed; the host exists from now on.
    let home = AlertDispatch(name: "home", clock: clock)
    try home.setParent(window)
    presenter.refusal = nil
    window.setNeedsArbitration()
    #expect(presenter.transcript.take() == ["present notifications @window"])
    #expect(alert.state == .showing && clock.now == AlertInstant(offset: .zero))
  }
}
