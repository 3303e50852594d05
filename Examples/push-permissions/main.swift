// Two permission prompts that must come one after the other, then the merged
// prompt whose confirm opens the settings only after the alert has fully closed, and only if
// confirm was tapped.
import AlertDispatchKit
import AlertDispatchSimulator

@MainActor
func run() {
  let clock = VirtualClock()
  let presenter = RecordingPresenter(clock: clock)
  presenter.dismissDuration = .milliseconds(300)  // the alert animates out
  let home = AlertDispatch(name: "home", clock: clock, presenter: presenter)
  let trace = AlertTrace()
  trace.attach(to: home)
  func log(_ line: String) { print("\(clock.now)\t\(line)") }
  home.observe { event in
    switch event.kind {
    case .shown: log("shown     \(event.alertID!)")
    case .ended(let outcome): log("ended     \(event.alertID!): \(outcome)")
    default: break
    }
  }

  print("— Part 1: two prompts, queued, one at a time —")
  home.add(
    AlertRequest(
      id: "system-notifications", priority: .high,
      content: AlertContent(title: "Allow notifications?", buttons: ["Not now", "Settings"])))
  home.add(
    AlertRequest(
      id: "in-app-push", priority: .high,
      content: AlertContent(title: "Turn on push in the app?", buttons: ["Later", "Turn on"])))
  clock.advance(by: .seconds(1))
  log("tap       system-notifications: Not now")
  presenter.tap("system-notifications", "Not now")
  clock.advance(by: .seconds(1))
  log("tap       in-app-push: Turn on")
  presenter.tap("in-app-push", "Turn on")
  clock.advance(by: .seconds(1))

  print("— Part 2: one merged prompt; settings open only after it has fully closed —")
  for choice in ["Cancel", "Confirm"] {
    home.add(
      AlertRequest(
        id: "push-merged", priority: .high,
        content: AlertContent(title: "Notifications are off", buttons: ["Cancel", "Confirm"]))
    ) { outcome in
      if outcome == .dismissed("Confirm") {
        trace.mark("open settings", at: clock.now)
        log("open      settings menu (alert fully closed)")
      } else {
        log("stay      on home")
      }
    }
    clock.advance(by: .seconds(1))
    log("tap       push-merged: \(choice)")
    presenter.tap("push-merged", choice)
    clock.advance(by: .seconds(1))
  }
  print()
  print(trace.timeline(until: AlertInstant(offset: .seconds(8)), width: 40))
}

MainActor.assumeIsolated { run() }
