// A SwiftUI screen drawn as text: the view reads the observable presenter as a body would, and
// each time Observation says what it read has changed, it draws the next frame. Alerts of two
// lanes come and go on the virtual clock: a refusal while no view is attached, a preemption, a
// toast covering another, the screen leaving and coming back, and the user tapping buttons.
import AlertDispatchKit
import AlertDispatchObservation
import AlertDispatchSimulator
import Observation

extension AlertLane {
  /// One toast in front at a time; a cover-style toast goes over the one showing.
  static let toast = AlertLane("toast")
}

/// What SwiftUI would render from the presenter: `.alert` for the modal lane, a toast overlay.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class TextView {
  let presenter: ObservablePresenter
  let clock: VirtualClock
  private var invalidated = true

  init(presenter: ObservablePresenter, clock: VirtualClock) {
    self.presenter = presenter
    self.clock = clock
  }

  /// Draws a frame if what the last one read has changed, as SwiftUI does once per run loop
  /// turn: several changes in one step make one frame.
  func frame() {
    guard invalidated else { return }
    invalidated = false
    let lines = withObservationTracking {
      body()
    } onChange: { [weak self] in
      // Observation calls this on the main actor, in the change's willSet.
      MainActor.assumeIsolated { self?.invalidated = true }
    }
    print("\(clock.now)\tframe")
    for line in lines.isEmpty ? ["(no alert on screen)"] : lines { print("\t  \(line)") }
  }

  private func body() -> [String] {
    [AlertLane.modal, .toast].flatMap { lane in
      presenter.alerts(in: lane).map { alert in
        var line = "[\(alert.lane)] \(alert.content.title)"
        if !alert.content.buttons.isEmpty {
          line += " — buttons: \(alert.content.buttons.joined(separator: ", "))"
        }
        return alert.isCovered ? line + " (covered)" : line
      }
    }
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
func run() {
  let clock = VirtualClock()
  let presenter = ObservablePresenter()
  // The screen is visible before SwiftUI has attached its view: alerts must wait for the view.
  let home = AlertDispatch(name: "home", clock: clock, presenter: presenter)
  let view = TextView(presenter: presenter, clock: clock)
  func log(_ line: String) { print("\(clock.now)\t\(line)") }
  home.observe { event in
    if case .ended(let outcome) = event.kind { log("ended \(event.alertID!): \(outcome)") }
  }
  func add(
    _ id: AlertID, _ title: String, _ buttons: [String] = [], priority: AlertPriority,
    lane: AlertLane = .modal, style: PresentationStyle = .hideOthers, autoDismiss: Duration? = nil
  ) {
    log("add \(id) (\(priority), \(lane))")
    home.add(
      AlertRequest(
        id: id, priority: priority, lane: lane, style: style,
        timing: AlertTiming(autoDismiss: autoDismiss),
        content: AlertContent(title: title, buttons: buttons)))
  }
  func tap(_ lane: AlertLane, _ button: String) {
    guard let alert = presenter[lane: lane] else { return log("nothing to tap in \(lane)") }
    log("tap \(button) on \(alert.id)")
    presenter.close(alert, result: AlertResult(button))
  }
  func advance(to seconds: Int) {
    clock.advance(to: AlertInstant(offset: .seconds(seconds)))
    view.frame()
  }

  add("rate-us", "Enjoying the app?", ["Not now", "Rate"], priority: .low)
  log("rate-us: \(home.explain("rate-us"))")
  view.frame()

  log("the view attaches")
  presenter.attach()
  view.frame()

  advance(to: 1)
  add("saved", "Saved", priority: .normal, lane: .toast, autoDismiss: .seconds(5))
  view.frame()

  advance(to: 2)
  add("update", "Update available", ["Later", "Update"], priority: .high)
  view.frame()

  advance(to: 3)
  add("upload-failed", "Upload failed", ["Retry"], priority: .high, lane: .toast, style: .cover)
  view.frame()

  advance(to: 4)
  log("the screen leaves: disappear, then detach")
  home.disappear()
  presenter.detach()
  view.frame()
  add("tip", "Swipe to archive", ["OK"], priority: .normal)
  log("tip: \(home.explain("tip"))")

  advance(to: 10)
  log("the screen comes back: attach, then appear")
  presenter.attach()
  home.appear()
  view.frame()

  advance(to: 11)
  tap(.modal, "Update")
  view.frame()
  tap(.toast, "Retry")
  view.frame()

  advance(to: 12)
  tap(.modal, "OK")
  view.frame()
  advance(to: 13)
  tap(.modal, "Not now")
  view.frame()
}

if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
  MainActor.assumeIsolated { run() }
} else {
  print("The observable presenter needs Observation: macOS 14, iOS 17, tvOS 17 or watchOS 10.")
}
