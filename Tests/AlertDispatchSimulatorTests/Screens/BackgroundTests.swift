import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Background and foreground", .timeLimit(.minutes(1)))
struct BackgroundTests {
  /// A linked window with the root screen "home", the transcript cleared.
  private static func linkedHome(_ f: SimFixture) -> Screen {
    let home = f.window.setRoot(f.sim.screen("home"))
    f.sim.link(f.window)
    f.sim.transcript.clear()
    return home
  }

  /// A lane that shows two alerts at once.
  private static let banner = AlertLane("banner", capacity: .limited(2))

  /// Links the window with the root screen "home", whose "first" goes up in the banner lane,
  /// then the window's own "second", above it and ranked above it: the line reads it first.
  private static func showTwoBanners(_ f: SimFixture) {
    f.add("first", to: linkedHome(f), lane: banner)
    f.add("second", to: f.window.dispatch, priority: .high, lane: banner)
    f.expect(["present first @home", "present second @window"])
  }

  /// Sends the window to the background and back, and expects after the scene's callbacks
  /// `alerts` ("id @screen") hidden, then restored, in that order.
  private static func backgroundAndBack(
    _ f: SimFixture, _ alerts: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    f.window.enterBackground()
    f.expect(
      ["sceneWillResignActive @window", "sceneDidEnterBackground @window"]
        + alerts.map { "hide \($0)" }, sourceLocation: sourceLocation)
    f.window.enterForeground()
    f.expect(
      ["sceneWillEnterForeground @window", "sceneDidBecomeActive @window"]
        + alerts.map { "restore \($0)" }, sourceLocation: sourceLocation)
  }

  @Test("Backgrounding suspends every alert of the window; foregrounding restores them in order")
  func suspendsAndRestoresInOrder() {
    let f = SimFixture(linksByDefault: false)
    let home = f.sim.screen("home")
    let nav = f.window.setRoot(f.sim.navigation("nav", root: home))
    let sheet = f.sim.screen("sheet")
    home.present(sheet, animated: false)
    f.sim.transcript.clear()
    // Four domains: the window, the navigation container, its top screen and the sheet.
    f.add("w", to: f.window.dispatch)
    f.add("n", to: nav)
    f.add("a", to: home)
    f.add("s", to: sheet)
    f.expect(["present w @window", "present n @nav", "present a @home", "present s @sheet"])
    f.window.enterBackground()
    f.expect([
      "sceneWillResignActive @window", "sceneDidEnterBackground @window",
      "hide w @window", "hide n @nav", "hide a @home", "hide s @sheet",
    ])
    // Nothing new goes up in the background.
    f.add("b", to: home)
    f.advance(10)
    f.expect([])
    #expect(home.dispatch.explain("b") == .ownerHidden("home"))
    f.window.enterForeground()
    f.expect([
      "sceneWillEnterForeground @window", "sceneDidBecomeActive @window",
      "restore w @window", "restore n @nav", "restore a @home", "restore s @sheet",
    ])
    f.verify()
  }

  @Test("Linked window: the whole domain is suspended, and timers pause while in the background")
  func linkedWindowPausesTimers() {
    let f = SimFixture()
    let home = Self.linkedHome(f)
    let toast = AlertLane("toast", capacity: .unlimited)
    f.add("w", to: f.window.dispatch)
    f.add("t", to: home, lane: toast, timing: AlertTiming(autoDismiss: .seconds(2)))
    f.expect(["present w @window", "present t @home"])
    f.advance(1)
    f.window.enterBackground()
    f.expect([
      "sceneWillResignActive @window", "sceneDidEnterBackground @window",
      "hide w @window", "hide t @home",
    ])
    f.advance(60)
    f.expect([])
    f.window.enterForeground()
    f.expect([
      "sceneWillEnterForeground @window", "sceneDidBecomeActive @window",
      "restore w @window", "restore t @home",
    ])
    f.advance(0.999)
    f.expect([])
    f.advance(0.001)
    f.expect(["dismiss t @home", "end t: dismissed(auto-dismissed)"])
    f.verify()
  }

  @Test("Linked window: alerts of several lanes come back in the order they went up, stacked so")
  func linkedWindowRestoresInStackingOrder() {
    let f = SimFixture()
    let home = Self.linkedHome(f)
    let toast = AlertLane("toast", capacity: .unlimited)
    // The toast lane is the domain's first lane, but its toast goes up over the modal alert.
    f.add("hint", to: home, lane: toast)
    f.presenter.tap("hint", "OK")
    f.add("m", to: f.window.dispatch)
    f.add("t", to: home, lane: toast)
    f.expect([
      "present hint @home", "tap hint OK", "end hint: dismissed(OK)", "present m @window",
      "present t @home",
    ])
    #expect(f.presenter.onScreenIDs == ["m", "t"])
    f.window.enterBackground()
    f.expect([
      "sceneWillResignActive @window", "sceneDidEnterBackground @window",
      "hide m @window", "hide t @home",
    ])
    f.window.enterForeground()
    f.expect([
      "sceneWillEnterForeground @window", "sceneDidBecomeActive @window",
      "restore m @window", "restore t @home",
    ])
    #expect(f.presenter.onScreenIDs == ["m", "t"])
    f.verify()
  }

  /// Stress seed 1, episode 199: the banner lane presents a newcomer first, then brings back
  /// its hidden alert, which went up before the modal alert and must come back before it.
  @Test("Linked window: an alert brought back after a newcomer of its lane keeps its up order")
  func linkedWindowRestoresInUpOrderAfterANewcomer() {
    let f = SimFixture()
    let home = Self.linkedHome(f)
    // The modal alert, added first but ready last, goes up after the banner's.
    let modal = f.add("m", to: f.window.dispatch, readiness: .pending)
    f.add("low", to: home, priority: .low, lane: Self.banner)
    modal.markReady()
    f.expect(["present low @home", "present m @window"])
    f.window.enterBackground()
    f.add("new", to: home, lane: Self.banner)
    f.sim.transcript.clear()
    f.window.enterForeground()
    f.expect([
      "sceneWillEnterForeground @window", "sceneDidBecomeActive @window",
      "present new @home", "restore low @home", "restore m @window",
    ])
    #expect(f.presenter.onScreenIDs == ["new", "low", "m"])
    f.verify()
  }

  /// A lane of two in a linked window: the alert that was on top is on top again.
  @Test("Linked window: alerts of one lane come back in the order they were hidden, stacked so")
  func linkedWindowRestoresOneLaneInStackingOrder() {
    let f = SimFixture()
    Self.showTwoBanners(f)
    Self.backgroundAndBack(f, ["first @home", "second @window"])
    #expect(f.presenter.onScreenIDs == ["first", "second"])
    f.verify()
  }

  /// A higher alert added in the background takes one of the two places; the hidden alert
  /// left out comes back when a place frees.
  @Test("Linked window: an alert added in the background takes a place by priority; the rest wait")
  func linkedWindowNewcomerTakesAPlaceByPriority() {
    let f = SimFixture()
    Self.showTwoBanners(f)
    f.window.enterBackground()
    f.add("urgent", to: f.window.dispatch, priority: .critical, lane: Self.banner)
    f.sim.transcript.clear()
    // Priority decides which alerts get the two places; the one left out keeps its place in
    // line and comes back when a place frees.
    f.window.enterForeground()
    f.expect([
      "sceneWillEnterForeground @window", "sceneDidBecomeActive @window",
      "present urgent @window", "restore second @window",
    ])
    #expect(f.presenter.onScreenIDs == ["urgent", "second"])
    f.presenter.tap("urgent", "OK")
    f.expect(["tap urgent OK", "end urgent: dismissed(OK)", "restore first @home"])
    f.verify()
  }

  @Test("Linked window: a covered alert comes back beneath its coverer after the background")
  func linkedWindowRestoresCoveredBeneathCoverer() {
    let f = SimFixture()
    let home = Self.linkedHome(f)
    f.add("sheet", to: home)
    f.add("urgent", to: f.window.dispatch, priority: .critical, style: .cover)
    f.expect(["present sheet @home", "present urgent @window"])
    f.window.enterBackground()
    f.expect([
      "sceneWillResignActive @window", "sceneDidEnterBackground @window",
      "hide sheet @home", "hide urgent @window",
    ])
    f.window.enterForeground()
    f.expect([
      "sceneWillEnterForeground @window", "sceneDidBecomeActive @window",
      "restore sheet @home", "restore urgent @window",
    ])
    #expect(f.presenter.onScreenIDs == ["sheet", "urgent"])
    #expect(home.dispatch.explain("sheet") == .covered(by: "urgent"))
    f.presenter.tap("urgent", "OK")
    f.expect(["tap urgent OK", "end urgent: dismissed(OK)"])
    #expect(home.dispatch.explain("sheet") == .showing)
    f.verify()
  }

  @Test("Two windows are independent: one in the background does not hold the other")
  func twoWindows() {
    let f = SimFixture()
    let main = f.window.setRoot(f.sim.screen("main"))
    let other = f.sim.makeWindow("external")
    let player = other.setRoot(f.sim.screen("player"))
    f.sim.transcript.clear()
    f.add("a", to: main)
    f.add("p", to: player)
    f.expect(["present a @main", "present p @player"])
    other.enterBackground()
    f.expect([
      "sceneWillResignActive @external", "sceneDidEnterBackground @external", "hide p @player",
    ])
    f.presenter.tap("a", "OK")
    f.expect(["tap a OK", "end a: dismissed(OK)"])
    f.verify()
  }
}
