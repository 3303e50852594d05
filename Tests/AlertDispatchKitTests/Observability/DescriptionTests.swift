import Testing

@testable import AlertDispatchKit

/// Printing a handle, an event, an explanation or a pass decision never crashes, whichever thread prints it.
@Suite("Descriptions from any thread", .timeLimit(.minutes(1)))
struct DescriptionTests {
  @Test("A handle and an event describe themselves off the main actor, with the handle's state")
  func describedOffTheMainActor() async {
    let (fixture, home, handle, events) = await MainActor.run {
      let f = Fixture()
      let home = f.dispatch("home")
      var events: [AlertEvent] = []
      home.observe { events.append($0) }
      f.add("front", to: home)
      let behind = f.add("behind", to: home)
      return (f, home, behind, events)
    }
    let (text, eventTexts) = await Task.detached {
      ("\(handle)", events.map(\.description))
    }.value
    #expect(text == "behind (queued)")
    #expect(
      eventTexts == [
        "0s added front [modal] @home", "0s shown front [modal] @home",
        "0s added behind [modal] @home",
      ])
    await MainActor.run { handle.cancel() }
    let ended = await Task.detached { "\(handle)" }.value
    #expect(ended == "behind (ended(cancelled(cancelled by app)))")
    await MainActor.run { withExtendedLifetime((fixture, home)) { fixture.verify() } }
  }

  @Test("An explanation and a pass decision describe themselves off the main actor")
  func explanationAndDecisionOffTheMainActor() async {
    let (fixture, home, explanation, onMain) = await MainActor.run {
      let f = Fixture()
      let home = f.dispatch("home")
      f.add("front", to: home)
      f.add("behind", to: home)
      let explanation = home.explain("behind")
      return (f, home, explanation, "\(explanation)")
    }
    let decision = PassDecision.dismiss(
      AlertRef(id: "front", sequence: 1), .cancelled(.cancelledByApp))
    let texts = await Task.detached { ("\(explanation)", "\(decision)") }.value
    #expect(texts.0 == onMain)
    #expect(texts.0 == "outranked by front")
    #expect(texts.1 == "dismiss front as cancelled(cancelled by app)")
    await MainActor.run { withExtendedLifetime((fixture, home)) { fixture.verify() } }
  }
}
