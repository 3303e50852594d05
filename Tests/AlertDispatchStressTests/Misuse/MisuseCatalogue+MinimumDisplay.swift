import AlertDispatchKit
import AlertDispatchSimulator
import Testing

extension MisuseCatalogue {
  // MARK: Minimum display time

  static let minimumDisplayCases: [MisuseCase] = [
    MisuseCase(
      id: 57, input: "A negative minimum display time",
      diagnostic: "alert 'bad' refused: minimum display time is negative (-1s)"
    ) { bench in
      invalid(
        bench, AlertRequest(id: "bad", timing: AlertTiming(minimumDisplay: .seconds(-1))),
        "minimum display time is negative (-1s)")
    },
    MisuseCase(
      id: 58,
      input:
        "`cancel()` or `close(result:)` while an earlier one waits for the minimum display time",
      diagnostic:
        "close(result:) on alert 'a' that already closes as cancelled(cancelled by app) once its minimum display time ends; ignored"
    ) { bench in
      let a = bench.dispatch("home").add(
        AlertRequest(id: "a", timing: AlertTiming(minimumDisplay: .seconds(2))))
      a.cancel()
      a.close(result: "OK")
      bench.clock.advance(by: .seconds(2))
      #expect(a.endedOutcome == .cancelled(.cancelledByApp))
      return bench.diagnostics
    },
    MisuseCase(
      id: 59, input: "An auto-dismiss shorter than the minimum display time", diagnostic: nil
    ) { bench in
      let toast = bench.dispatch("home").add(
        AlertRequest(
          id: "toast",
          timing: AlertTiming(autoDismiss: .seconds(1), minimumDisplay: .seconds(3))))
      bench.clock.advance(by: .milliseconds(2999))
      #expect(toast.state == .showing)
      bench.clock.advance(by: .milliseconds(1))
      #expect(toast.endedOutcome == .dismissed(.autoDismissed))
      return bench.diagnostics
    },
    MisuseCase(
      id: 60, input: "A minimum display time on an alert with an expiry", diagnostic: nil
    ) { bench in
      let home = bench.dispatch("home")
      home.add(AlertRequest(id: "first", timing: AlertTiming(minimumDisplay: .seconds(5))))
      let late = home.add(
        AlertRequest(
          id: "late", priority: .high,
          timing: AlertTiming(expiry: .seconds(1), minimumDisplay: .seconds(5))))
      bench.clock.advance(by: .seconds(1))
      #expect(late.endedOutcome == .cancelled(.expired))
      return bench.diagnostics
    },
  ]
}
