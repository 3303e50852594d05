// An ordered workflow of home-page steps. Each step goes up when the one before it
// has ended (dependencies); the flow is paused while a splash screen is up and resumes after;
// a step is started out of order on demand.
import AlertDispatchKit
import AlertDispatchSimulator

/// A workflow of steps over AlertDispatch: steps in order, pause / resume, start on demand.
@MainActor
final class WorkFlow {
  let dispatch: AlertDispatch
  private var last: AlertID?
  private var steps: [AlertID: AlertHandle] = [:]

  init(on dispatch: AlertDispatch) { self.dispatch = dispatch }

  /// Adds a step that goes up after the previous one has ended.
  func add(_ id: AlertID) {
    steps[id] = dispatch.add(AlertRequest(id: id, after: last.map { [$0] } ?? []))
    last = id
  }

  func pause() { dispatch.pause() }
  func resume() { dispatch.resume() }

  /// Starts a waiting step now: it is withdrawn from the flow and added again ahead of it.
  func start(_ id: AlertID) {
    steps[id]?.cancel()
    steps[id] = dispatch.add(AlertRequest(id: id, priority: .high))
  }
}

@MainActor
func run() {
  let sim = Simulator(windowName: "main")
  let home = sim.window.setRoot(sim.screen("home"))
  let trace = AlertTrace()
  trace.attach(to: home.dispatch)
  let flow = WorkFlow(on: home.dispatch)

  func at(_ seconds: Int, _ what: String, _ action: () -> Void) {
    sim.clock.advance(to: AlertInstant(offset: .seconds(seconds)))
    trace.mark(what, at: sim.now)
    print("\(sim.now)  \(what)")
    action()
  }

  at(0, "the splash screen is up: pause the flow, add privacy → notifications → what's new") {
    home.present(sim.screen("splash"), style: .pageSheet, animated: false)
    flow.pause()
    for step: AlertID in ["privacy", "notifications", "whats-new"] { flow.add(step) }
  }
  print("    privacy: \(home.dispatch.explain("privacy"))")
  print("    notifications: \(home.dispatch.explain("notifications"))")
  at(2, "the splash screen goes: resume the flow") {
    home.dismiss(animated: false)
    flow.resume()
  }
  at(3, "tap Agree on privacy") { sim.presenter.tap("privacy", "Agree") }
  at(4, "the user opens what's new from the menu: start it now") { flow.start("whats-new") }
  at(5, "tap OK on what's new") { sim.presenter.tap("whats-new", "OK") }
  at(6, "tap Allow on notifications") { sim.presenter.tap("notifications", "Allow") }
  print()
  print(trace.timeline(until: sim.now, width: 48))
}

MainActor.assumeIsolated { run() }
