import AlertDispatchKit
import AlertDispatchRecorder
import AlertDispatchSimulator
import Testing

/// A generator of numbers that is the same for a seed on every platform.
struct SplitMix {
  var state: UInt64

  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}

@MainActor
@Suite("Random sessions replay as they happened", .timeLimit(.minutes(1)))
struct RandomSessionTests {
  init() {
    AlertDispatch.diagnosticHandler = { _ in }
  }

  /// Plays `steps` random calls on a tree of three tabs under a root, with a presenter that
  /// may animate alerts in and out (its animations end on timers of the clock, at the instants
  /// of the library's own), and returns the recorder's export and whether it dropped events.
  func play(seed: UInt64, steps: Int, window: AlertRecorder.Window) throws -> (String, Bool) {
    var random = SplitMix(state: seed)
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    if random.next(2) == 0 { presenter.presentDuration = .milliseconds(100) }
    if random.next(2) == 0 { presenter.dismissDuration = .milliseconds(150) }
    let root = AlertDispatch(name: "root", clock: clock, presenter: presenter)
    let tabs = (0..<3).map { _ in AlertDispatch(name: "tab", clock: clock) }
    for tab in tabs { try tab.setParent(root) }
    root.activeChild = tabs[0]
    let recorder = AlertRecorder(attachedTo: root, window: window)
    let lanes = [AlertLane.modal, AlertLane("toast", capacity: .limited(2))]
    var handles: [AlertHandle] = []
    var pauses: [AlertPauseToken] = []
    for step in 0..<steps {
      let alive = handles.filter { !$0.state.isEnded }
      switch random.next(12) {
      case 0, 1, 2:
        var timing = AlertTiming()
        if random.next(4) == 0 { timing.autoDismiss = .milliseconds(300 * (1 + random.next(4))) }
        if random.next(5) == 0 { timing.delay = .milliseconds(200) }
        let pending = random.next(4) == 0
        if pending { timing.readinessDeadline = .seconds(2) }
        let request = AlertRequest(
          id: AlertID("a\(step)"), priority: AlertPriority(250 * (1 + random.next(3))),
          lane: lanes[random.next(2)], readiness: pending ? .pending : .ready, timing: timing)
        handles.append(tabs[random.next(3)].add(request))
      case 3:
        alive.randomElement(&random)?.markReady()
      case 4:
        alive.randomElement(&random)?.cancel()
      case 5:
        if let alert = presenter.onScreenIDs.randomElement(&random) { presenter.tap(alert, "OK") }
      case 6:
        root.activeChild = tabs[random.next(3)]
      case 7:
        let tab = tabs[random.next(3)]
        if tab.isVisible { tab.disappear() } else { tab.appear() }
      case 8:
        if pauses.isEmpty || random.next(2) == 0 {
          pauses.append(tabs[random.next(3)].pause())
        } else {
          pauses.removeFirst().release()
        }
      case 9:
        root.cancelAlerts(.priority(atOrBelow: .low), includingSubtree: true)
      case 10:
        alive.randomElement(&random)?.close(result: "Done")
      default:
        clock.advance(by: .milliseconds(50 * (1 + random.next(10))))
      }
    }
    clock.advance(by: .seconds(3))
    return (recorder.export(), recorder.droppedEvents)
  }

  @Test("a random session replays, kept whole", arguments: 1...60)
  func wholeSessionReplays(seed: Int) throws {
    let (text, _) = try play(seed: UInt64(seed), steps: 200, window: .events(100_000))
    let result = try ScenarioRunner.replay(text, file: "seed-\(seed).scenario")
    #expect(result.passed, "\(report(result))\n\(text)")
  }
}

extension Array {
  /// An element chosen with the session's generator.
  func randomElement(_ random: inout SplitMix) -> Element? {
    isEmpty ? nil : self[random.next(count)]
  }
}
