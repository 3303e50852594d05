import AlertDispatchKit
import AlertDispatchSimulator
import AlertDispatchStressKit
import Foundation
import Testing

/// Episodes the stress tool found and shrank. Each ran into a violation once; each must now run
/// clean, with every check of the stress driver (invariants after every operation, exactly-once
/// outcomes, presenter agreement, explanations, leaks).
@MainActor
@Suite("Stress regressions", .timeLimit(.minutes(1)))
struct StressRegressionTests {
  nonisolated static let episodes: [(String, StressEpisode)] = [
    (
      // An alert the app dismissed stayed in the recording presenter, and held it: a leak.
      "seed 2, episode 16: the app dismisses a showing alert",
      StressEpisode(operations: [
        .root(window: 3, screen: .fresh(.plain)),
        .add(AlertSpec(owner: .screen(97))),
        .dismiss(alert: 231),
      ])
    ),
    (
      // A window's alert went up after its dependency's id named nothing in its domain; then
      // the dispatch holding that id joined the window's domain.
      "seed 2, episode 101: a dependency joins the domain after its dependent went up",
      StressEpisode(operations: [
        .root(window: 0, screen: .fresh(.plain)),
        .add(AlertSpec(owner: .raw(95))),
        .readd(alert: 224),
        .add(AlertSpec(owner: .window(26))),
        .add(AlertSpec(owner: .window(246))),
        .add(AlertSpec(owner: .window(123))),
        .add(AlertSpec(owner: .screen(108))),
        .tap(alert: 92, button: 3),
        .add(AlertSpec(owner: .window(254), priority: 44, dependencies: [224, 239])),
        .setParent(raw: 167, parent: .window(52)),
      ])
    ),
    (
      "seed 2, episode 364: a dependency joins a screen's domain after its dependent went up",
      StressEpisode(operations: [
        .root(window: 0, screen: .fresh(.plain)),
        .add(AlertSpec(owner: .window(117))),
        .add(AlertSpec(owner: .window(203))),
        .add(AlertSpec(owner: .screen(221))),
        .add(AlertSpec(owner: .screen(138))),
        .add(AlertSpec(owner: .screen(245))),
        .add(AlertSpec(owner: .raw(212))),
        .add(AlertSpec(owner: .screen(37))),
        .add(AlertSpec(owner: .screen(31), priority: 15, dependencies: [23, 226])),
        .setParent(raw: 50, parent: .screen(61)),
      ])
    ),
    (
      // Two domains each had an alert animating out in the modal lane; joined, both were in
      // front of a lane of capacity 1 until their animations ended.
      "seed 2, episode 488: two domains with an alert being dismissed each are joined",
      StressEpisode(
        dismissTime: 4,
        operations: [
          .root(window: 0, screen: .fresh(.plain)),
          .link(.window(0)),
          .add(AlertSpec(owner: .screen(192), priority: 84, interruption: 41)),
          .readd(alert: 189),
          .add(AlertSpec(owner: .raw(51))),
          .cancel(alert: 62),
          .add(AlertSpec(owner: .window(66))),
          .setParent(raw: 174, parent: .window(224)),
        ])
    ),
    (
      // The user tapped an alert; while it animated out the window went to the background and
      // back, and the presenter was asked to restore it.
      "seed 2, episode 566: background and foreground while a tapped alert animates out",
      StressEpisode(
        dismissTime: 4,
        operations: [
          .root(window: 0, screen: .fresh(.tabs(25))),
          .add(AlertSpec(owner: .screen(205))),
          .add(AlertSpec(owner: .screen(61))),
          .add(AlertSpec(owner: .window(205))),
          .add(AlertSpec(owner: .raw(235))),
          .tap(alert: 78, button: 3),
          .background(window: 64),
          .foreground(window: 48),
        ])
    ),
    (
      // Shrunk by hand from seed 23, episode 763 (89 operations): while the end of the episode
      // closed every dispatch, a completion handler added an alert to a raw dispatch that the
      // launch had not created yet; the driver left that one open.
      "seed 23, episode 763: a completion handler adds to a dispatch while everything closes",
      StressEpisode(operations: [
        .add(AlertSpec(owner: .raw(0))),
        .relaunch,
        .add(
          AlertSpec(owner: .raw(2), reaction: StressReaction(when: 0, action: .readd(alert: 0)))),
      ])
    ),
    (
      // Found by alertdispatch-fuzz in ten minutes; the input is in Fuzz/regressions.
      "fuzz, replaced alert reclaims its id: a domain rebuild while a replaced alert animates out",
      StressEpisode(
        dismissTime: 3,
        operations: [
          .root(window: 0, screen: .fresh(.plain)),
          .link(.window(0)),
          .add(AlertSpec(owner: .window(64), replaces: true)),
          .add(AlertSpec(owner: .screen(114))),
          .readd(alert: 204),
          .add(AlertSpec(owner: .screen(208))),
          .add(AlertSpec(owner: .screen(208))),
          .add(AlertSpec(owner: .screen(99))),
          .present(over: 140, modal: .fresh(.plain), fullScreen: true, animated: false),
          .add(AlertSpec(owner: .window(117), priority: 8, dependencies: [104, 154])),
        ])
    ),
    (
      // Found by alertdispatch-fuzz in the second ten minutes (the input is in
      // Fuzz/regressions), shrunk by hand. In one pass a capped alert ended, the completion of
      // another capped alert added it again, and its dependent went up; the add ran after the
      // pass, yet the checker took its creation for the moment it joined the domain.
      "fuzz, readded dependency: a completion re-adds a dependency during the pass its dependent goes up",
      StressEpisode(operations: [
        .root(window: 0, screen: .fresh(.plain)),
        .root(window: 3, screen: .fresh(.plain)),
        .refuse(true),
        .add(AlertSpec(owner: .screen(1), lane: 1, cap: 2)),
        .add(AlertSpec(owner: .screen(0), lane: 1, cap: 2)),
        .add(
          AlertSpec(
            owner: .screen(0), lane: 1, cap: 2,
            reaction: StressReaction(when: 0, action: .readd(alert: 1)))),
        .add(AlertSpec(owner: .screen(0), lane: 1, dependencies: [1])),
        .refuse(false),
        .advance(milliseconds: 1_000),
      ])
    ),
    (
      // A pass ended without planning again after an alert stepped back from a lane over
      // capacity (two domains joined); an alert it covered was left in front beside another.
      "seed 22, episode 292: a join makes an alert that covers another step back",
      StressEpisode(operations: [
        .root(window: 210, screen: .fresh(.plain)),
        .add(AlertSpec(owner: .screen(161), priority: 132)),
        .add(AlertSpec(owner: .screen(163), covers: true)),
        .add(AlertSpec(owner: .window(165), priority: 196)),
        .link(.window(117)),
      ])
    ),
    (
      // An alert in a navigation stack covered the window's alert; closing the stack detached
      // the screen (and its alert) into a domain of its own, while the window's alert still
      // counted as covered by it. Another window alert went up beside it, and when the cover
      // ended, two alerts were in front of a lane of capacity 1.
      "seed 704, episode 726: the alert covering another leaves the domain",
      StressEpisode(operations: [
        .root(window: 0, screen: .fresh(.plain)),
        .link(.window(0)),
        .add(AlertSpec(owner: .window(246))),
        .add(AlertSpec(owner: .window(217))),
        .root(window: 101, screen: .fresh(.navigation)),
        .add(AlertSpec(owner: .screen(250), priority: 184, covers: true)),
        .close(.screen(67)),
        .add(AlertSpec(owner: .screen(180))),
        .tap(alert: 250, button: 0),
      ])
    ),
  ]

  @Test("Each shrunk episode runs clean", arguments: episodes.indices)
  func episode(_ index: Int) {
    let (name, episode) = StressRegressionTests.episodes[index]
    let result = StressRunner.run(episode)
    #expect(result.violations == [], "\(name)")
  }

  static let scenarios = PackageRoot.url.appendingPathComponent("Stress/regressions")

  /// `seed 2, episode 16: …` → `seed-2-episode-16.scenario`.
  static func fileName(_ name: String) -> String {
    let head = name.prefix { $0 != ":" }
    return head.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: " ", with: "-")
      + ".scenario"
  }

  /// Each episode's scenario file is in Stress/regressions, as the emitter writes it today, and
  /// the scenario runner replays it clean. `STRESS_WRITE_SCENARIOS=1 swift test` rewrites them.
  @Test("Each regression's scenario file is current and replays clean", arguments: episodes.indices)
  func scenario(_ index: Int) throws {
    let (name, episode) = StressRegressionTests.episodes[index]
    let file = StressRegressionTests.scenarios.appendingPathComponent(
      StressRegressionTests.fileName(name))
    let text = StressRunner.scenario(for: episode, title: "stress regression: \(name)")
    if ProcessInfo.processInfo.environment["STRESS_WRITE_SCENARIOS"] == "1" {
      try FileManager.default.createDirectory(
        at: StressRegressionTests.scenarios, withIntermediateDirectories: true)
      try text.write(to: file, atomically: true, encoding: .utf8)
    }
    let stored = try String(contentsOf: file, encoding: .utf8)
    #expect(
      stored == text, "\(file.lastPathComponent) is stale: rerun with STRESS_WRITE_SCENARIOS=1")
    let result = ScenarioRunner.run(try Scenario.parse(stored, file: file.lastPathComponent))
    #expect(result.passed, "\(result.failures.map(\.description).joined(separator: "\n"))")
  }
}
