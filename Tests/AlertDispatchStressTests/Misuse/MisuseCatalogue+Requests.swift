import AlertDispatchKit
import AlertDispatchSimulator
import Foundation
import Testing

/// Bad requests: invalid timings, lanes, caps and dependencies, and adds a dispatch refuses.
extension MisuseCatalogue {
  // MARK: Requests

  @MainActor
  static func invalid(
    _ bench: MisuseBench, _ request: AlertRequest, _ message: String,
    before: [AlertRequest] = []
  ) -> [String] {
    let home = bench.dispatch("home")
    for earlier in before { home.add(earlier) }
    let alert = home.add(request)
    #expect(alert.endedOutcome == .cancelled(.invalidRequest(message)))
    return bench.diagnostics
  }

  static let requestCases: [MisuseCase] = [
    MisuseCase(
      id: 9, input: "A negative delay", diagnostic: "alert 'bad' refused: delay is negative (-1s)"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", timing: AlertTiming(delay: .seconds(-1))),
        "delay is negative (-1s)")
    },
    MisuseCase(
      id: 10, input: "A readiness deadline of zero",
      diagnostic: "alert 'bad' refused: readiness deadline must be positive, got 0s"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", timing: AlertTiming(readinessDeadline: .zero)),
        "readiness deadline must be positive, got 0s")
    },
    MisuseCase(
      id: 11, input: "A negative expiry",
      diagnostic: "alert 'bad' refused: expiry must be positive, got -0.005s"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", timing: AlertTiming(expiry: .milliseconds(-5))),
        "expiry must be positive, got -0.005s")
    },
    MisuseCase(
      id: 12, input: "A negative auto-dismiss duration",
      diagnostic: "alert 'bad' refused: auto-dismiss must be positive, got -2s"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", timing: AlertTiming(autoDismiss: .seconds(-2))),
        "auto-dismiss must be positive, got -2s")
    },
    MisuseCase(
      id: 13, input: "A lane with capacity 0",
      diagnostic:
        "alert 'bad' refused: lane 'z' has capacity 0; a lane's capacity must be at least 1"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", lane: AlertLane("z", capacity: .limited(0))),
        "lane 'z' has capacity 0; a lane's capacity must be at least 1")
    },
    MisuseCase(
      id: 14, input: "A lane with a negative minimum gap",
      diagnostic: "alert 'bad' refused: lane 'g' has a negative minimum gap (-1s)"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", lane: AlertLane("g", minimumGap: .seconds(-1))),
        "lane 'g' has a negative minimum gap (-1s)")
    },
    MisuseCase(
      id: 15, input: "A lane that disagrees with the domain's lane of the same name",
      diagnostic:
        "alert 'bad' refused: lane 'toast' is capacity 1, gap 0s in this domain; this request says capacity unlimited, gap 0s"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", lane: AlertLane("toast", capacity: .unlimited)),
        "lane 'toast' is capacity 1, gap 0s in this domain; this request says capacity unlimited, gap 0s",
        before: [AlertRequest(id: "first", lane: AlertLane("toast"))])
    },
    MisuseCase(
      id: 16, input: "A frequency cap with a limit of 0",
      diagnostic: "alert 'bad' refused: frequency cap limit must be at least 1, got 0"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", cap: FrequencyCap(0, per: .launch)),
        "frequency cap limit must be at least 1, got 0")
    },
    MisuseCase(
      id: 17, input: "A frequency cap key in the categories' namespace",
      diagnostic:
        "alert 'bad' refused: frequency cap key 'category:promo' starts with 'category:', which is reserved for category budgets"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", cap: .onceEver(key: "category:promo")),
        "frequency cap key 'category:promo' starts with 'category:', which is reserved for category budgets"
      )
    },
    MisuseCase(
      id: 18, input: "A dependency on itself", diagnostic: "alert 'me' refused: dependency cycle"
    ) { bench in
      let me = bench.dispatch("home").add(AlertRequest(id: "me", after: ["me"]))
      #expect(me.endedOutcome == .cancelled(.dependencyCycle(["me", "me"])))
      return bench.diagnostics
    },
    MisuseCase(
      id: 19, input: "A dependency cycle", diagnostic: "alert 'c' refused: dependency cycle"
    ) { bench in
      let home = bench.dispatch("home")
      home.pause()
      let a = home.add(AlertRequest(id: "a", after: ["c"]))
      home.add(AlertRequest(id: "b", after: ["a"]))
      let c = home.add(AlertRequest(id: "c", after: ["b"]))
      #expect(c.endedOutcome == .cancelled(.dependencyCycle(["c", "b", "a", "c"])))
      home.resume()
      #expect(a.state == .showing)
      return bench.diagnostics
    },
    MisuseCase(id: 20, input: "A dependency on an id nothing has", diagnostic: nil) { bench in
      let b = bench.dispatch("home").add(AlertRequest(id: "b", after: ["never-added"]))
      #expect(b.state == .showing)
      return bench.diagnostics
    },
    MisuseCase(id: 21, input: "An id the domain already has (keep existing)", diagnostic: nil) {
      bench in
      let home = bench.dispatch("home")
      let first = home.add(AlertRequest(id: "rate"))
      let second = home.add(AlertRequest(id: "rate"))
      #expect(second.endedOutcome == .cancelled(.duplicate(of: "rate")))
      #expect(first.state == .showing)
      return bench.diagnostics
    },
    MisuseCase(id: 22, input: "`add` on a closed dispatch", diagnostic: nil) { bench in
      let home = bench.dispatch("home")
      home.close()
      let late = home.add(AlertRequest(id: "late"))
      #expect(late.endedOutcome == .cancelled(.ownerClosed))
      return bench.diagnostics
    },
    MisuseCase(
      id: 44, input: "An id whose alert is being dismissed (keep existing)", diagnostic: nil
    ) { bench in
      bench.presenter.dismissDuration = .milliseconds(200)
      let home = bench.dispatch("home")
      let first = home.add(AlertRequest(id: "rate"))
      first.cancel()
      let second = home.add(AlertRequest(id: "rate"))
      #expect(first.state == .dismissing && second.state == .queued)
      bench.clock.advance(by: .milliseconds(200))
      #expect(first.endedOutcome == .cancelled(.cancelledByApp) && second.state == .showing)
      return bench.diagnostics
    },
    MisuseCase(
      id: 45, input: "A request that waits for room (`preemption: .wait`) with style cover",
      diagnostic: nil
    ) { bench in
      let home = bench.dispatch("home")
      let low = home.add(AlertRequest(id: "low", priority: .low))
      let waiting = home.add(
        AlertRequest(id: "saved", priority: .high, preemption: .wait, style: .cover))
      #expect(low.state == .showing && waiting.state == .queued)
      #expect(home.explain("saved") == .waitingForRoom(["low"]))
      return bench.diagnostics
    },
  ]
}
