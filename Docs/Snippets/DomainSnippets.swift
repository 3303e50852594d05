import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Snippets: domains, lanes, time", .timeLimit(.minutes(1)))
struct DomainSnippets {
  @Test func tabDomain() throws {
    let presenter = RecordingPresenter()
    // snippet: tab-domain
    let tabBar = AlertDispatch(name: "tabs", presenter: presenter)
    let feed = AlertDispatch(name: "feed")
    let profile = AlertDispatch(name: "profile")
    try feed.setParent(tabBar)
    try profile.setParent(tabBar)
    tabBar.activeChild = feed

    tabBar.add(AlertRequest(id: "whats-new", priority: .high))  // a tab-level alert
    feed.add(AlertRequest(id: "feed-tip", priority: .low))  // waits: outranked by whats-new
    profile.add(AlertRequest(id: "verify-email"))  // offstage until its tab is selected

    tabBar.activeChild = profile  // the user selected the profile tab
    // end-snippet
    #expect(tabBar.explain("feed-tip") == .offstage("feed"))
    #expect(tabBar.explain("verify-email") == .outranked(by: ["whats-new"]))
    #expect(presenter.transcript.lines == ["present whats-new @tabs"])
  }

  @Test func lanes() {
    let presenter = RecordingPresenter()
    let home = AlertDispatch(name: "home", presenter: presenter)
    // snippet: lanes
    let toast = AlertLane("toast", capacity: .unlimited)
    let banner = AlertLane("banner", capacity: .limited(1), minimumGap: .milliseconds(150))

    home.add(AlertRequest(id: "error", priority: .critical))  // the modal lane
    home.add(AlertRequest(id: "copied", lane: toast))  // shows beside it
    home.add(AlertRequest(id: "offline", lane: banner))
    home.add(AlertRequest(id: "back-online", lane: banner))  // 150 ms after offline ends
    // end-snippet
    #expect(
      presenter.transcript.lines == [
        "present error @home", "present copied @home", "present offline @home",
      ])
  }

  @Test func showNext() {
    let presenter = RecordingPresenter()
    let home = AlertDispatch(name: "home", presenter: presenter)
    // snippet: show-next
    let chat = AlertLane("chat", order: .newestFirst)

    home.add(AlertRequest(id: "rate-us"))  // up
    home.add(AlertRequest(id: "whats-new"))  // waits
    home.add(AlertRequest(id: "upload-failed", placement: .next))  // next after rate-us
    home.add(AlertRequest(id: "anna", lane: chat))  // up beside rate-us
    home.add(AlertRequest(id: "ben", lane: chat))  // waits
    home.add(AlertRequest(id: "cleo", lane: chat))  // next after anna, ahead of ben
    // end-snippet
    home.alert(withID: "rate-us")?.didDismiss(result: "OK")
    home.alert(withID: "anna")?.didDismiss(result: "OK")
    #expect(
      presenter.transcript.lines == [
        "present rate-us @home", "present anna @home", "present upload-failed @home",
        "present cleo @home",
      ])
  }

  @Test func preemption() {
    let presenter = RecordingPresenter()
    let home = AlertDispatch(name: "home", presenter: presenter)
    // snippet: preemption
    home.add(AlertRequest(id: "promo", priority: .low, interruption: .cancel))
    home.add(AlertRequest(id: "form", priority: .normal, interruption: .never))
    home.add(AlertRequest(id: "crash-report", priority: .critical, style: .cover))
    // promo went up first and was cancelled ("preempted by form"), form went up and cannot be
    // interrupted, so crash-report waits until form ends.
    // end-snippet
    #expect(home.explain("crash-report") == .outranked(by: ["form"]))
  }

  @Test func dependencies() {
    let presenter = RecordingPresenter()
    let home = AlertDispatch(name: "home", presenter: presenter)
    // snippet: dependencies
    home.add(AlertRequest(id: "login-bonus"))
    home.add(AlertRequest(id: "daily-task", after: ["login-bonus"]))
    home.add(AlertRequest(id: "rate-us", priority: .low, after: ["daily-task", "not-added"]))
    // daily-task waits for login-bonus to end (dismissed or cancelled); "not-added" names no
    // alert of the domain, so it does not block.
    // end-snippet
    #expect(home.explain("daily-task") == .waitingForDependencies(["login-bonus"]))
    #expect(home.explain("rate-us") == .waitingForDependencies(["daily-task"]))
  }

  @Test func dependencyNotAddedYet() {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    let home = AlertDispatch(name: "home", clock: clock, presenter: presenter)
    // snippet: dependency-not-added-yet
    home.add(
      AlertRequest(
        id: "push-permission", after: ["onboarding"], waitsForUnadded: true,
        timing: AlertTiming(readinessDeadline: .seconds(5))))
    // Nothing goes up: push-permission waits for onboarding, which other code adds later.
    home.add(AlertRequest(id: "onboarding"))
    // onboarding goes up; push-permission follows once it ends. Had onboarding not been added
    // within 5 seconds, push-permission would have stopped waiting for it.
    // end-snippet
    #expect(presenter.onScreenIDs == ["onboarding"])
    clock.advance(by: .seconds(10))
    #expect(presenter.onScreenIDs == ["onboarding"])
    #expect(home.explain("push-permission") == .waitingForDependencies(["onboarding"]))
  }

  @Test func readyContent() {
    var titles: [String] = []
    let home = AlertDispatch(name: "home")
    home.presenter = ClosurePresenter(present: { alert in
      titles.append(alert.content.title)
      return .presented
    })
    // snippet: ready-content
    let offer = home.add(
      AlertRequest(
        id: "offer", readiness: .pending,
        timing: AlertTiming(readinessDeadline: .seconds(5))))
    // … the network answers with the offer …
    offer.markReady(content: AlertContent(title: "50% off today", buttons: ["Later", "Show me"]))
    // The presenter reads `offer.content` when it puts the alert up: "50% off today".
    // end-snippet
    #expect(titles == ["50% off today"])
  }

  @Test func time() {
    // snippet: time
    let clock = VirtualClock()
    let home = AlertDispatch(name: "home", clock: clock, presenter: RecordingPresenter())
    let toast = home.add(
      AlertRequest(
        id: "saved", lane: AlertLane("toast"),
        timing: AlertTiming(delay: .milliseconds(500), autoDismiss: .seconds(2))))
    let promo = home.add(
      AlertRequest(
        id: "promo", readiness: .pending,
        timing: AlertTiming(readinessDeadline: .seconds(3), expiry: .seconds(30))))
    clock.advance(by: .seconds(3))
    // toast went up at 0.5 s and was auto-dismissed at 2.5 s;
    // promo was never marked ready: it ended as "readiness timed out" at 3 s.
    // end-snippet
    #expect(toast.endedOutcome == .dismissed(.autoDismissed))
    #expect(promo.endedOutcome == .cancelled(.readinessTimedOut))
  }

  @Test func explainAndEvents() {
    let home = AlertDispatch(name: "home", clock: VirtualClock(), presenter: RecordingPresenter())
    var log: [String] = []
    // snippet: observe
    home.observe { event in
      log.append(event.description)  // "0s shown update [modal] @home"
    }
    home.add(AlertRequest(id: "update", priority: .high))
    home.add(AlertRequest(id: "tip"))
    print(home.explain("tip"))  // "outranked by update"
    // end-snippet
    #expect(log.contains("0s shown update [modal] @home"))
    #expect(home.explain("tip").description == "outranked by update")
  }
}
