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

  /// Plays `steps` random calls on a tree of three tabs under a root whose active child the app
  /// names or a provider answers, with a presenter that may animate alerts in and out (its
  /// animations end on timers of the clock, at the instants of the library's own), and, with
  /// `joins`, a sheet with alerts of its own that joins the domain and leaves it; returns the
  /// recorder's export and whether it dropped events.
  func play(seed: UInt64, steps: Int, window: AlertRecorder.Window, joins: Bool = false) throws
    -> (String, Bool)
  {
    var random = SplitMix(state: seed)
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    if random.next(2) == 0 { presenter.presentDuration = .milliseconds(100) }
    if random.next(2) == 0 { presenter.dismissDuration = .milliseconds(150) }
    let root = AlertDispatch(name: "root", clock: clock, presenter: presenter)
    let tabs = (0..<3).map { _ in AlertDispatch(name: "tab", clock: clock) }
    for tab in tabs { try tab.setParent(root) }
    root.activeChild = tabs[0]
    // A sheet outside the domain, with alerts of its own, that joins it now and then.
    let sheet = AlertDispatch(name: "sheet", clock: clock, presenter: presenter)
    let selection = TabSelection(tabs[0])
    let recorder = AlertRecorder(attachedTo: root, window: window)
    let lanes = [AlertLane.modal, AlertLane("toast", capacity: .limited(2))]
    var handles: [AlertHandle] = []
    var pauses: [AlertPauseToken] = []
    for step in 0..<steps {
      let alive = handles.filter { !$0.state.isEnded }
      // Without joins, the sheet never joins the domain (12 and 13 stand for the provider).
      let operation = random.next(15)
      switch joins || operation < 12 ? operation : 14 {
      case 12:
        if sheet.parent == nil {
          try sheet.setParent(tabs[random.next(3)])
        } else {
          try sheet.setParent(nil)
        }
      case 13:
        sheet.add(AlertRequest(id: AlertID("s\(step)"), priority: .high))
      case 14:
        if random.next(3) == 0 {
          if root.activeChildProvider == nil {
            root.activeChildProvider = { selection.tab }
          } else {
            root.activeChildProvider = nil
          }
        } else {
          selection.tab = tabs[random.next(3)]
        }
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

/// The tab an app's provider answers, changed without telling the domain.
@MainActor
final class TabSelection {
  var tab: AlertDispatch

  init(_ tab: AlertDispatch) {
    self.tab = tab
  }
}

extension RandomSessionTests {
  @Test("a random session kept in a window exports a scenario that reads back", arguments: 1...60)
  func windowedSessionReadsBack(seed: Int) throws {
    let (text, dropped) = try play(seed: UInt64(seed), steps: 200, window: .events(80))
    #expect(dropped)
    #expect(!text.hasPrefix("# this recording does not read back"), "\(text)")
    let scenario = try Scenario.parse(text, file: "seed-\(seed).scenario")
    #expect(scenario.expectationCount > 0)
  }

  /// A snapshot rebuilds the domain with ordinary calls: not every state comes back exactly.
  @Test("random sessions kept in a window replay from their snapshot more often than not")
  func windowedSessionsMostlyReplay() throws {
    var passed = 0
    for seed in 1...60 {
      let (text, _) = try play(seed: UInt64(seed), steps: 200, window: .events(80))
      if try ScenarioRunner.replay(text, file: "seed-\(seed).scenario").passed { passed += 1 }
    }
    #expect(passed >= 30, "\(passed) of 60 replayed")
  }

  /// A dispatch that joins the domain is rebuilt as it is when it joins, in a new place in line:
  /// most sessions still replay, and those that do not fail loudly.
  @Test("random sessions with a sheet that joins and leaves mostly replay")
  func sessionsWithJoinsMostlyReplay() throws {
    var passed = 0
    for seed in 1...40 {
      let (text, _) = try play(
        seed: UInt64(seed), steps: 200, window: .events(100_000), joins: true)
      if try ScenarioRunner.replay(text, file: "seed-\(seed).scenario").passed { passed += 1 }
    }
    #expect(passed >= 36, "\(passed) of 40 replayed")
  }
}

extension Array {
  /// An element chosen with the session's generator.
  func randomElement(_ random: inout SplitMix) -> Element? {
    isEmpty ? nil : self[random.next(count)]
  }
}
