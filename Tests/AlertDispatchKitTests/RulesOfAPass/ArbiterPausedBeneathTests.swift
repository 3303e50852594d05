import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// A covered alert hidden with its coverer, held by a pause when their screen comes back, over
/// snapshots: the snapshot leaves a held alert out of those that come back beneath the coverer
/// (`DispatchNode.hiddenBeneath`, by `ActiveChain.pause(holding:)`), and the arbiter holds its
/// own candidate by rule 3. PausedBeneathCovererTests shows the transcripts.
@MainActor
@Suite("The arbiter: a paused alert hidden beneath its coverer", .timeLimit(.minutes(1)))
struct ArbiterPausedBeneathTests {
  private static let now = AlertInstant(offset: .seconds(10))
  private static let sheet = AlertRef(id: "sheet", sequence: 1)
  private static let urgent = AlertRef(id: "urgent", sequence: 2)

  @Test("Over a hand-made snapshot: the coverer comes back alone and the held alert waits, paused")
  func handMadeSnapshot() throws {
    var coverer = PassInput.Candidate(alert: Self.urgent, priority: 1000, isSuspended: true)
    coverer.upStamp = 2
    var held = PassInput.Candidate(alert: Self.sheet, priority: 500, isSuspended: true)
    held.upStamp = 1
    held.placement = .paused(by: "home", scope: .category("promo"))
    let lane = PassInput.Lane(capacity: 1, candidates: [coverer, held])
    let plan = try Arbiter.plan(PassInput(now: Self.now, lanes: [lane]))
    #expect(plan.decisions == [.restore(Self.urgent)])
    #expect(
      Arbiter.reason(for: held, in: lane, at: Self.now)
        == .scopePaused(.category("promo"), by: "home"))
    // Without the pause, the snapshot would list it beneath its coverer, and it would come back
    // beneath it.
    coverer.beneath = [PassInput.Beneath(alert: Self.sheet, upStamp: 1, coverer: Self.urgent)]
    held.placement = .onChain
    let free = try Arbiter.plan(
      PassInput(now: Self.now, lanes: [PassInput.Lane(capacity: 1, candidates: [coverer, held])]))
    #expect(
      free.decisions == [
        .restore(Self.sheet), .cover(Self.sheet, by: Self.urgent), .restore(Self.urgent),
      ]
    )
  }

  /// The root's own snapshot, read before the pass that the screen's return asks for runs (a
  /// coalesced root waits for the end of the turn; setting it back to immediate runs it).
  @Test("The root's snapshot lists no held alert beneath its coverer, and names its pause")
  func rootSnapshot() {
    let f = Fixture()
    let home = f.dispatch("home")
    let sheet = f.track(home.add(AlertRequest(id: "sheet", category: "promo")))
    f.track(home.add(AlertRequest(id: "urgent", priority: .critical, style: .cover)))
    home.disappear()
    f.expect([
      "present sheet @home", "present urgent @home", "hide sheet @home", "hide urgent @home",
    ])
    let quiet = home.pause(category: "promo")
    home.passScheduling = .coalesced
    home.appear()
    let chain = ActiveChain(root: home.node)
    let (plan, snapshot) = home.node.planPass(over: chain, at: f.clock.now)
    // The lane holds one alert: the snapshot reads the first of its line, the coverer, which
    // brings back nothing beneath it.
    let candidates = snapshot.input.lanes[0].candidates
    #expect(candidates.map(\.alert.id) == ["urgent"])
    #expect(candidates.map(\.beneath) == [[]])
    #expect(chain.placement(of: sheet) == .paused(by: "home", scope: .category("promo")))
    #expect(plan.decisions.map(\.description) == ["restore urgent"])
    home.passScheduling = .immediate
    f.expect(["restore urgent @home"])
    quiet.release()
    f.verify()
  }
}
