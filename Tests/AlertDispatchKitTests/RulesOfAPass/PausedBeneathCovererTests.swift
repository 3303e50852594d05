import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// A covered alert hidden with its coverer comes back beneath it when their screens come back
/// (DESIGN.md, "Rules of a pass", 6), unless a pause holds it: a pause holds suspended alerts too,
/// so it stays hidden, and comes back in its own turn once no pause holds it.
@MainActor
@Suite("A paused alert hidden beneath its coverer", .timeLimit(.minutes(1)))
struct PausedBeneathCovererTests {
  /// "sheet" up, covered by "urgent", both hidden with "home".
  func hiddenTogether(
    _ f: Fixture, sheet: AlertRequest = AlertRequest(id: "sheet"),
    urgent: AlertRequest = AlertRequest(id: "urgent", priority: .critical, style: .cover)
  ) -> AlertDispatch {
    let home = f.dispatch("home")
    f.track(home.add(sheet))
    f.track(home.add(urgent))
    home.disappear()
    f.expect([
      "present sheet @home", "present urgent @home", "hide sheet @home", "hide urgent @home",
    ])
    return home
  }

  @Test("A category pause that holds only the covered alert keeps it hidden; the coverer returns")
  func categoryPause() {
    let f = Fixture()
    let home = hiddenTogether(f, sheet: AlertRequest(id: "sheet", category: "promo"))
    let quiet = home.pause(category: "promo")
    home.appear()
    f.expect(["restore urgent @home"])
    #expect(home.explain("sheet") == .scopePaused(.category("promo"), by: "home"))
    #expect(f.presenter.onScreenIDs == ["urgent"])
    // Released, it comes back as it was: beneath its coverer, which is still up.
    quiet.release()
    f.expect(["restore sheet @home"])
    #expect(home.explain("sheet") == .covered(by: "urgent"))
    f.presenter.tap("urgent", "OK")
    f.expect(["tap urgent OK", "end urgent: dismissed(OK)"])
    #expect(f.presenter.onScreenIDs == ["sheet"])
    f.verify()
  }

  @Test(
    "A pause of the whole dispatch keeps the covered alert hidden beneath a coverer exempt from it")
  func coveredHeldCovererExempt() {
    let f = Fixture()
    let home = hiddenTogether(
      f,
      urgent: AlertRequest(id: "urgent", priority: .critical, style: .cover, ignoresPause: true))
    let token = home.pause()
    home.appear()
    f.expect(["restore urgent @home"])
    #expect(home.explain("sheet") == .paused(by: "home"))
    f.presenter.tap("urgent", "OK")
    f.expect(["tap urgent OK", "end urgent: dismissed(OK)"])
    token.release()
    f.expect(["restore sheet @home"])
    f.verify()
  }

  /// The covered alert is on a screen of its own, paused while away; the coverer's screen is not.
  @Test("A paused screen's alert hidden beneath another screen's coverer stays hidden")
  func coveredOnAPausedScreen() {
    let f = Fixture()
    let window = f.dispatch("window")
    let screen = f.dispatch("screen", parent: window)
    window.activeChild = screen
    f.add("sheet", to: screen)
    f.add("urgent", to: window, priority: .critical, style: .cover)
    window.disappear()
    f.expect([
      "present sheet @screen", "present urgent @window", "hide sheet @screen",
      "hide urgent @window",
    ])
    let token = screen.pause()
    window.appear()
    f.expect(["restore urgent @window"])
    #expect(window.explain("sheet") == .paused(by: "screen"))
    token.release()
    f.expect(["restore sheet @screen"])
    #expect(window.explain("sheet") == .covered(by: "urgent"))
    f.presenter.tap("urgent", "OK")
    f.expect(["tap urgent OK", "end urgent: dismissed(OK)"])
    #expect(f.presenter.onScreenIDs == ["sheet"])
    f.verify()
  }

  /// Both held by the pause: nothing comes back until it ends, and then both come back together,
  /// the covered alert beneath its coverer.
  @Test("A pause that holds both keeps both hidden, and both come back together when it ends")
  func bothHeld() {
    let f = Fixture()
    let home = hiddenTogether(f)
    let token = home.pause()
    home.appear()
    f.expect([])
    #expect(home.explain("urgent") == .paused(by: "home"))
    token.release()
    f.expect(["restore sheet @home", "restore urgent @home"])
    #expect(home.explain("sheet") == .covered(by: "urgent"))
    f.verify()
  }
}
