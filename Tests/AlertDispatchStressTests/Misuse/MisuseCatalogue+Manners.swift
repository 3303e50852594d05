import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// A newcomer's manners: requests that go next in line, lanes ordered newest first, requests
/// that show now or drop.
extension MisuseCatalogue {
  // MARK: A newcomer's manners

  static let mannerCases: [MisuseCase] = [
    MisuseCase(
      id: 50, input: "A lane whose order disagrees with the domain's lane of the same name",
      diagnostic:
        "alert 'bad' refused: lane 'toast' is capacity 1, gap 0s, order first-added in this domain; this request says capacity 1, gap 0s, order newest-first"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", lane: AlertLane("toast", order: .newestFirst)),
        "lane 'toast' is capacity 1, gap 0s, order first-added in this domain; this request says capacity 1, gap 0s, order newest-first",
        before: [AlertRequest(id: "first", lane: AlertLane("toast"))])
    },
    MisuseCase(
      id: 51, input: "A request placed next (`placement: .next`) in a newest-first lane",
      diagnostic: nil
    ) { bench in
      let home = bench.dispatch("home")
      let stack = AlertLane("stack", order: .newestFirst)
      let front = home.add(AlertRequest(id: "front", lane: stack))
      home.add(AlertRequest(id: "older", lane: stack))
      home.add(AlertRequest(id: "next", lane: stack, placement: .next))
      home.add(AlertRequest(id: "newest", lane: stack))
      #expect(home.explain("newest") == .outranked(by: ["front"]))
      front.didDismiss(result: "OK")
      #expect(home.alert(withID: "newest")?.state == .showing)
      #expect(home.alert(withID: "next")?.state == .queued)
      return bench.diagnostics
    },
  ]
}

extension MisuseCatalogue {
  static let showNowCases: [MisuseCase] = [
    MisuseCase(
      id: 52, input: "A request that shows now or drops and is pending", diagnostic: nil
    ) { bench in
      let home = bench.dispatch("home")
      let front = home.add(AlertRequest(id: "front"))
      let hint = home.add(AlertRequest(id: "hint", readiness: .pending, showNowOrDrop: true))
      #expect(hint.state == .pending)
      front.didDismiss(result: "OK")
      hint.markReady()
      #expect(hint.state == .showing)
      return bench.diagnostics
    },
    MisuseCase(
      id: 53, input: "A request that shows now or drops and waits for room (`preemption: .wait`)",
      diagnostic: nil
    ) { bench in
      let home = bench.dispatch("home")
      home.add(AlertRequest(id: "tip", priority: .low))
      let saved = home.add(
        AlertRequest(id: "saved", priority: .high, preemption: .wait, showNowOrDrop: true))
      #expect(saved.endedOutcome == .cancelled(.notShownAtOnce))
      return bench.diagnostics
    },
    MisuseCase(
      id: 54, input: "A request that shows now or drops with a delay", diagnostic: nil
    ) { bench in
      let home = bench.dispatch("home")
      let late = home.add(
        AlertRequest(
          id: "late", timing: AlertTiming(delay: .milliseconds(100)), showNowOrDrop: true))
      #expect(late.endedOutcome == .cancelled(.notShownAtOnce))
      return bench.diagnostics
    },
    MisuseCase(
      id: 55, input: "A lane whose `maximumWaiting` is below 1",
      diagnostic:
        "alert 'bad' refused: lane 'toast' lets at most 0 alerts wait; a lane's maximumWaiting must be at least 1"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", lane: AlertLane("toast", maximumWaiting: 0)),
        "lane 'toast' lets at most 0 alerts wait; a lane's maximumWaiting must be at least 1")
    },
    MisuseCase(
      id: 56, input: "A lane whose waiting limit disagrees with the domain's lane of the same name",
      diagnostic:
        "alert 'bad' refused: lane 'toast' is capacity 1, gap 0s, at most 2 waiting, refuse-newcomer in this domain; this request says capacity 1, gap 0s, at most 2 waiting, drop-oldest"
    ) { bench in
      invalid(
        bench,
        AlertRequest(
          id: "bad", lane: AlertLane("toast", maximumWaiting: 2, overflow: .dropOldest)),
        "lane 'toast' is capacity 1, gap 0s, at most 2 waiting, refuse-newcomer in this domain; this request says capacity 1, gap 0s, at most 2 waiting, drop-oldest",
        before: [AlertRequest(id: "first", lane: AlertLane("toast", maximumWaiting: 2))])
    },
  ]
}
