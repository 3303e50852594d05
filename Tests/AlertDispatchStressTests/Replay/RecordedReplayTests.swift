import AlertDispatchStressKit
import Testing

/// Every root a stress episode makes is recorded by an `AlertRecorder`, and each recording,
/// replayed once the episode is over, does what the episode did; the recorder's documented
/// limits are skipped and counted, never silently.
@MainActor
@Suite("Stress episodes replay from their recordings", .timeLimit(.minutes(3)))
struct RecordedReplayTests {
  /// The limits a recording may be skipped for (see the Recording a session article).
  static let limits: Set<String> = [
    "joined with an alert that went up elsewhere"
  ]

  /// Expects `episode` to replay every recording it makes, at least one, as recorded.
  static func expectReplays(
    _ episode: StressEpisode, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let result = replayed(episode)
    #expect(
      result.violations.isEmpty, "\(result.violations)\n\(result.divergingRecording ?? "")",
      sourceLocation: sourceLocation)
    #expect(result.replayed >= 1, "\(result.replaySkips)", sourceLocation: sourceLocation)
  }

  /// Runs `episode` with every root recorded and replayed.
  static func replayed(_ episode: StressEpisode) -> StressRunner.Result {
    StressRunner.checksReplays = true
    defer { StressRunner.checksReplays = false }
    return StressRunner.run(episode)
  }

  /// 200 seeded episodes of 32 to 64 operations, in runs of ten.
  static let seeded = StressSession(seed: 1, steps: 20_000, episodeLength: 32...64)

  @Test(
    "Seeded episodes replay from their recordings, but for counted limits",
    arguments: 0..<20)
  func seededEpisodesReplay(run: Int) async {
    var replayed = 0
    for index in (run * 10)..<(run * 10 + 10) {
      let result = Self.replayed(Self.seeded.episode(index, maxOperations: 64))
      replayed += result.replayed
      #expect(
        Set(result.replaySkips.keys).isSubset(of: Self.limits), "episode \(index): \(result)")
      #expect(result.violations.isEmpty, "episode \(index): \(result.violations)")
      // The other suites' tests on the main actor run between two episodes.
      await Task.yield()
    }
    #expect(replayed >= 20)
  }

  @Test(
    "An alert refused as an invalid request is left out of the recording, which then replays",
    arguments: [
      StressEpisode(operations: [
        .root(window: 0, screen: .fresh(.navigation)),
        .add(AlertSpec(owner: .screen(37), autoDismiss: 7)),
      ]),
      // Added to a closed dispatch, it ends at once without being checked.
      StressEpisode(operations: [
        .close(.window(163)), .add(AlertSpec(owner: .window(63), deadline: 7)),
      ]),
    ])
  func refusedRequestsReplay(_ episode: StressEpisode) {
    Self.expectReplays(episode)
  }

  @Test("An alert waiting for an id that no alert has replays, the id declared never added")
  func awaitedIDWithoutAlertReplays() {
    let result = Self.replayed(
      StressEpisode(operations: [
        .root(window: 3, screen: .fresh(.plain)),
        .add(AlertSpec(owner: .screen(58), dependencies: [143])),
      ]))
    #expect(result.violations.isEmpty, "\(result.violations)")
    #expect(result.replayed >= 1)
  }

  @Test("A root detached from nothing stays recorded, with the alerts added to it after")
  func rootDetachedFromNothingReplays() {
    let result = Self.replayed(
      StressEpisode(operations: [
        .setProvider(raw: 102, child: .screen(158)), .advance(milliseconds: 100),
        .setParent(raw: 195, parent: nil), .refuse(true), .add(AlertSpec(owner: .raw(210))),
      ]))
    #expect(result.violations.isEmpty, "\(result.violations)")
    #expect(result.replayed >= 1)
  }

  @Test("A preempted alert reported gone from inside dismiss keeps the next answer before its add")
  func answerAfterGoneFromDismissReplays() {
    let result = Self.replayed(
      StressEpisode(operations: [
        .close(.window(99)), .root(window: 3, screen: .fresh(.plain)),
        .advance(milliseconds: 150), .add(AlertSpec(owner: .screen(221), interruption: 69)),
        .refuse(true), .add(AlertSpec(owner: .screen(38), priority: 249)),
      ]))
    #expect(result.violations.isEmpty, "\(result.violations)")
    #expect(result.replayed >= 1)
  }

  @Test(
    "A dispatch that joins with alerts that never went up replays, those that ignore pauses too",
    arguments: [
      StressEpisode(operations: [
        .add(AlertSpec(owner: .raw(11), ignoresPause: true)), .advance(milliseconds: 150),
        .setParent(raw: 20, parent: .window(236)),
      ]),
      StressEpisode(operations: [
        .close(.raw(34)), .root(window: 148, screen: .fresh(.navigation)), .relaunch,
        .add(AlertSpec(owner: .raw(205))), .advance(milliseconds: 500),
        .setParent(raw: 112, parent: .screen(169)),
      ]),
    ])
  func joiningWithWaitingAlertsReplays(_ episode: StressEpisode) {
    Self.expectReplays(episode)
  }

  @Test("A root whose passes are coalesced replays, its passes at the ends of the turns")
  func coalescedRootReplays() {
    let result = Self.replayed(
      StressEpisode(operations: [
        .advance(milliseconds: 150),
        .setPassScheduling(.window(196), coalesced: true, atRoot: true),
        .add(AlertSpec(owner: .window(222))), .add(AlertSpec(owner: .window(222), priority: 200)),
        .endTurn, .add(AlertSpec(owner: .window(222))),
      ]))
    #expect(result.violations.isEmpty, "\(result.violations)\n\(result.divergingRecording ?? "")")
    #expect(result.replayed >= 1 && result.replaySkips.isEmpty, "\(result.replaySkips)")
  }

  @Test(
    "A dispatch that joins replays with its alerts added where they were on the device",
    arguments: [
      // An expiry that had begun runs from the add, not from the join.
      StressEpisode(operations: [
        .add(AlertSpec(owner: .raw(65), sharedID: 81, expiry: 2)), .advance(milliseconds: 350),
        .setParent(raw: 41, parent: .raw(168)),
      ]),
      // An alert added before one of the domain is older in line: the lane drops it first.
      StressEpisode(operations: [
        .advance(milliseconds: 150), .background(window: 49),
        .add(AlertSpec(owner: .raw(224), sharedID: 10, lane: 6)),
        .root(window: 221, screen: .fresh(.tabs(3))),
        .add(AlertSpec(owner: .window(0), lane: 6)),
        .setParent(raw: 104, parent: .screen(29)),
        .add(AlertSpec(owner: .screen(134), lane: 6)),
      ]),
      // A show-now alert that waited for a coalesced pass gets its one chance in the join.
      StressEpisode(operations: [
        .root(window: 31, screen: .fresh(.plain)),
        .setPassScheduling(.raw(246), coalesced: true, atRoot: true),
        .add(AlertSpec(owner: .raw(99), showsNowOrDrops: true)), .advance(milliseconds: 50),
        .setParent(raw: 207, parent: .screen(80)),
      ]),
      // One that ignores pauses waits for the join ready, as it was: no readiness deadline.
      StressEpisode(operations: [
        .close(.window(213)), .root(window: 9, screen: .fresh(.plain)),
        .present(over: 100, modal: .fresh(.navigation), fullScreen: false, animated: false),
        .add(AlertSpec(owner: .raw(40), deadline: 4, ignoresPause: true)),
        .advance(milliseconds: 30000), .advance(milliseconds: 350),
        .setParent(raw: 133, parent: .screen(43)), .readd(alert: 86),
      ]),
      // The join retries no refused alert of the domain (hiding the dispatch while its alerts
      // were added, then showing it, did).
      StressEpisode(operations: [
        .add(AlertSpec(owner: .raw(231), pending: true)), .add(AlertSpec(owner: .raw(61))),
        .setParent(raw: 240, parent: .raw(250)), .setProvider(raw: 223, child: .window(156)),
      ]),
      // A child its closed parent left a root comes back with the alert added to it meanwhile.
      StressEpisode(operations: [
        .root(window: 204, screen: .fresh(.navigation)),
        .setParent(raw: 181, parent: .screen(143)),
        .root(window: 12, screen: .fresh(.plain)), .advance(milliseconds: 50),
        .add(AlertSpec(owner: .screen(108))), .add(AlertSpec(owner: .window(0))),
        .add(AlertSpec(owner: .window(64))), .add(AlertSpec(owner: .window(0))),
        .add(AlertSpec(owner: .raw(91))), .setParent(raw: 199, parent: .screen(46)),
        .cancel(alert: 4),
      ]),
    ])
  func joiningDispatchReplaysItsAlertsInPlace(_ episode: StressEpisode) {
    Self.expectReplays(episode)
  }

  @Test(
    "A call a completion handler makes replays together with the call or timer that ended the alert",
    arguments: [
      // The pause a dismissal's completion handler makes runs before the dismissal's pass.
      StressEpisode(operations: [
        .root(window: 53, screen: .fresh(.plain)),
        .add(AlertSpec(owner: .screen(94))), .add(AlertSpec(owner: .screen(107))),
        .present(over: 37, modal: .fresh(.plain), fullScreen: true, animated: false),
        .add(AlertSpec(owner: .raw(165))), .add(AlertSpec(owner: .screen(215))),
        .present(over: 21, modal: .fresh(.plain), fullScreen: false, animated: false),
        .add(AlertSpec(owner: .screen(180))), .add(AlertSpec(owner: .screen(22))),
        .add(AlertSpec(owner: .screen(112))), .add(AlertSpec(owner: .screen(32))),
        .add(AlertSpec(owner: .window(227))),
        .add(
          AlertSpec(
            owner: .screen(35), priority: 195,
            reaction: StressReaction(when: 1, action: .pause(.screen(125))))),
        .add(AlertSpec(owner: .screen(122), sharedID: 13, priority: 74)),
        .add(AlertSpec(owner: .screen(223))), .add(AlertSpec(owner: .screen(241))),
        .advance(milliseconds: 100), .tap(alert: 35, button: 1), .readd(alert: 106),
      ]),
      // An expiry's completion handler closes a screen before the expiry's pass.
      StressEpisode(operations: [
        .root(window: 0, screen: .fresh(.navigation)), .add(AlertSpec(owner: .screen(90))),
        .push(nav: 116, screen: .fresh(.plain), animated: false),
        .root(window: 231, screen: .fresh(.plain)),
        .present(over: 196, modal: .fresh(.plain), fullScreen: false, animated: false),
        .add(
          AlertSpec(
            owner: .screen(126), expiry: 1, delay: 2,
            reaction: StressReaction(when: 2, action: .close(.screen(85))))),
        .pop(nav: 248, animated: false),
      ]),
      // An auto-dismissal's completion handler adds an alert again before the dismissal's pass.
      StressEpisode(operations: [
        .root(window: 0, screen: .fresh(.plain)),
        .present(over: 95, modal: .fresh(.tabs(21)), fullScreen: true, animated: false),
        .add(AlertSpec(owner: .screen(149))),
        .present(over: 21, modal: .fresh(.plain), fullScreen: true, animated: false),
        .present(over: 6, modal: .fresh(.plain), fullScreen: false, animated: false),
        .advance(milliseconds: 350), .dismissModal(screen: 42, animated: false),
        .add(
          AlertSpec(
            owner: .window(73), priority: 213, autoDismiss: 3,
            reaction: StressReaction(when: 1, action: .readd(alert: 20)))),
      ]),
      // A call a completion handler makes during the passes an end of turn runs joins them.
      StressEpisode(operations: [
        .add(AlertSpec(owner: .window(0))), .add(AlertSpec(owner: .window(0))),
        .setPassScheduling(.window(58), coalesced: true, atRoot: true),
        .add(AlertSpec(owner: .window(0), showsNowOrDrops: true)),
        .add(AlertSpec(owner: .window(0), lane: 7)), .advance(milliseconds: 50),
        .add(
          AlertSpec(
            owner: .window(0), lane: 7,
            reaction: StressReaction(when: 0, action: .readd(alert: 2)))),
        .endTurn, .cancel(alert: 119),
      ]),
      // A cancel from a completion handler runs after the presenter's report that ended it.
      StressEpisode(operations: [
        .root(window: 3, screen: .fresh(.plain)),
        .add(AlertSpec(owner: .screen(213))), .add(AlertSpec(owner: .screen(78))),
        .add(AlertSpec(owner: .raw(167))), .add(AlertSpec(owner: .screen(252))),
        .add(AlertSpec(owner: .raw(205))), .add(AlertSpec(owner: .window(127))),
        .add(AlertSpec(owner: .raw(200))), .add(AlertSpec(owner: .window(223))),
        .add(AlertSpec(owner: .window(118))), .add(AlertSpec(owner: .screen(198))),
        .add(AlertSpec(owner: .screen(126))), .add(AlertSpec(owner: .screen(40))),
        .add(AlertSpec(owner: .screen(6), sharedID: 46)), .add(AlertSpec(owner: .screen(190))),
        .add(AlertSpec(owner: .screen(157))), .add(AlertSpec(owner: .screen(34))),
        .add(
          AlertSpec(
            owner: .screen(121), priority: 14,
            reaction: StressReaction(when: 0, action: .cancel(alert: 216)))),
        .advance(milliseconds: 200), .add(AlertSpec(owner: .screen(202))),
        .cancel(alert: 178),
      ]),
    ])
  func completionHandlerCallReplaysTogether(_ episode: StressEpisode) {
    Self.expectReplays(episode)
  }

  @Test(
    "Caps replay with the counts the policy held and those other windows make",
    arguments: [
      // A show another window counts under a shared cap, read by this window's alert.
      StressEpisode(operations: [
        .root(window: 0, screen: .fresh(.navigation)),
        .root(window: 103, screen: .fresh(.navigation)),
        .push(nav: 23, screen: .fresh(.tabs(14)), animated: false),
        .present(over: 132, modal: .fresh(.tabs(4)), fullScreen: false, animated: false),
        .root(window: 138, screen: .fresh(.navigation)),
        .add(AlertSpec(owner: .screen(194), cap: 3)),
        .root(window: 14, screen: .fresh(.plain)),
        .advance(milliseconds: 100), .pop(nav: 241, animated: false),
        .present(over: 246, modal: .fresh(.plain), fullScreen: true, animated: false),
        .add(AlertSpec(owner: .screen(105), cap: 2)),
      ]),
      // A show counted at the instant the recording began, before it: in its ledger.
      StressEpisode(operations: [
        .root(window: 0, screen: .fresh(.plain)), .add(AlertSpec(owner: .screen(246), cap: 2)),
        .root(window: 23, screen: .fresh(.plain)), .add(AlertSpec(owner: .screen(169))),
        .add(AlertSpec(owner: .screen(161), priority: 70, cap: 2)),
      ]),
      // A root with no policy gets the library's default one, in the device's time zone.
      StressEpisode(operations: [
        .add(AlertSpec(owner: .raw(0), lane: 2, cap: 5)), .dismiss(alert: 197),
        .readd(alert: 233),
      ]),
      // A dispatch that left with a capped alert counts nothing in the replay while away.
      StressEpisode(operations: [
        .root(window: 0, screen: .fresh(.plain)), .add(AlertSpec(owner: .raw(218), cap: 2)),
        .advance(milliseconds: 500), .setParent(raw: 203, parent: .screen(9)),
        .refuse(true), .setParent(raw: 71, parent: nil),
        .add(AlertSpec(owner: .window(0), cap: 2)),
      ]),
    ])
  func capsReplay(_ episode: StressEpisode) {
    Self.expectReplays(episode)
  }
}
