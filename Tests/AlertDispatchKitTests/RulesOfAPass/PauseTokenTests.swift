import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Pause tokens", .timeLimit(.minutes(1)))
struct PauseTokenTests {
  let toast = AlertLane("toast", capacity: .unlimited)

  @Test("Two pauses hold a dispatch until both tokens are released")
  func pausesCount() {
    let f = Fixture()
    let home = f.dispatch("home")
    let first = home.pause()
    let second = home.pause()
    f.add("a", to: home)
    f.expect([])
    first.release()
    #expect(home.isPaused)
    #expect(home.explain("a") == .paused(by: "home"))
    f.expect([])
    second.release()
    #expect(!home.isPaused)
    f.expect(["present a @home"])
    f.verify()
  }

  @Test("resume() ends every pause of the whole dispatch, however many were taken")
  func resumeEndsWholePauses() {
    let f = Fixture()
    let home = f.dispatch("home")
    let token = home.pause()
    home.pause()
    f.add("a", to: home)
    home.resume()
    #expect(token.isReleased)
    #expect(home.pauses.isEmpty)
    f.expect(["present a @home"])
    f.verify()
  }

  @Test("resume() leaves the pauses of a lane or a category held")
  func resumeLeavesScopedPauses() {
    let f = Fixture()
    let home = f.dispatch("home")
    let quiet = home.pause(lane: toast)
    home.pause()
    f.add("toast-1", to: home, lane: toast)
    home.resume()
    f.expect([])
    #expect(!quiet.isReleased)
    #expect(home.pauses.map(\.scope) == [.lane("toast")])
    quiet.release()
    f.expect(["present toast-1 @home"])
    f.verify()
  }

  @Test("A lane pause holds that lane's alerts and lets the other lanes go on")
  func lanePause() {
    let f = Fixture()
    let home = f.dispatch("home")
    let quiet = home.pause(lane: toast)
    f.add("toast-1", to: home, lane: toast)
    f.add("modal", to: home)
    f.expect(["present modal @home"])
    #expect(home.explain("toast-1") == .scopePaused(.lane("toast"), by: "home"))
    #expect(home.explain("toast-1").description == "lane 'toast' paused by 'home'")
    #expect(!home.isPaused)
    quiet.release()
    f.expect(["present toast-1 @home"])
    f.verify()
  }

  @Test("A category pause holds that category's alerts, in every lane, below the dispatch too")
  func categoryPause() {
    let f = Fixture()
    let home = f.dispatch("home")
    let child = f.dispatch("child", parent: home)
    home.activeChild = child
    let promos = home.pause(category: "promotion")
    let promo = f.track(child.add(AlertRequest(id: "promo", category: "promotion")))
    f.add("other", to: child, priority: .low)
    f.expect(["present other @child"])
    #expect(promo.state == .queued)
    #expect(child.explain("promo") == .scopePaused(.category("promotion"), by: "home"))
    promos.release()
    f.expect(["hide other @child", "present promo @child"])
    f.verify()
  }

  @Test("A request that ignores pauses goes up through a paused dispatch, lane and category")
  func ignoresPause() {
    let f = Fixture()
    let home = f.dispatch("home")
    home.pause()
    _ = home.pause(lane: .modal)
    _ = home.pause(category: "security")
    f.add("blocked", to: home)
    f.track(
      home.add(
        AlertRequest(id: "security", priority: .low, category: "security", ignoresPause: true)))
    f.expect(["present security @home"])
    #expect(home.explain("blocked") == .paused(by: "home"))
    f.verify()
  }

  @Test("A suspended alert a lane pause holds does not come back until its token is released")
  func suspendedAlertWaits() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("a", to: home)
    f.expect(["present a @home"])
    let token = home.pause(lane: .modal)
    f.add("urgent", to: home, priority: .high, timing: AlertTiming())
    f.expect([])
    home.disappear()
    home.appear()
    f.expect(["hide a @home"])
    #expect(home.explain("a") == .scopePaused(.lane("modal"), by: "home"))
    token.release()
    f.expect(["present urgent @home"])
    f.verify()
  }

  @Test("Releasing a token twice is ignored with a diagnostic, and leaves other pauses held")
  func releaseTwice() {
    let f = Fixture()
    let home = f.dispatch("home")
    let first = home.pause()
    home.pause()
    first.release()
    first.release()
    #expect(home.isPaused)
    #expect(
      f.diagnostics == [
        "release() of a pause (all) of 'home' that was already released; ignored"
      ])
    f.verify()
  }

  @Test("Releasing a token that resume() ended is ignored, and the diagnostic says so")
  func releaseAfterResume() {
    let f = Fixture()
    let home = f.dispatch("home")
    let token = home.pause()
    home.resume()
    token.release()
    #expect(
      f.diagnostics == [
        "release() of a pause (all) of 'home' that was already released (by resume()); ignored"
      ])
    f.verify()
  }

  @Test("A lane pause naming a lane the domain has not seen holds it anyway, with a diagnostic")
  func unknownLane() {
    let f = Fixture()
    let home = f.dispatch("home")
    let token = home.pause(lane: AlertLane("tost"))
    #expect(
      f.diagnostics == [
        "pause(lane: 'tost') on 'home': no alert of its domain uses lane 'tost' yet; its alerts are held when they come"
      ])
    #expect(home.pauses.map(\.scope) == [.lane("tost")])
    #expect(!token.isReleased)
    f.verify()
  }

  @Test("A pause taken and released inside a completion handler waits for the pass, in order")
  func pauseDuringAPass() {
    let f = Fixture()
    let home = f.dispatch("home")
    let first = f.add("first", to: home)
    f.add("second", to: home)
    var token: AlertPauseToken?
    first.onEnd { _ in token = home.pause() }
    f.expect(["present first @home"])
    first.didDismiss(result: .closed)
    f.expect(["end first: dismissed(closed)"])
    #expect(home.isPaused)
    token?.release()
    f.expect(["present second @home"])
    f.verify()
  }
}
