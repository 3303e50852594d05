import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// A newcomer's manners: requests that go next in line, lanes ordered newest first.
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
      front.dismiss(result: "OK")
      #expect(home.alert(withID: "newest")?.state == .showing)
      #expect(home.alert(withID: "next")?.state == .queued)
      return bench.diagnostics
    },
  ]
}
