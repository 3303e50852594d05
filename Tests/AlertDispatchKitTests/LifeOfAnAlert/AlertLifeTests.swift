import Testing

@testable import AlertDispatchKit

/// An alert's stages and their transitions as plain values (DESIGN.md, "The life of an alert"):
/// each move starts only from the stages it names, so a late or repeated event changes nothing.
@Suite("The stages of an alert's life", .timeLimit(.minutes(1)))
struct AlertLifeTests {
  static let outcome = AlertOutcome.dismissed("OK")
  /// The countdowns of an alert that is up with no auto-dismiss and no minimum display time.
  static var up: Countdowns { Countdowns(AlertTiming()) }

  /// Every stage.
  static var stages: [AlertLife] {
    [
      .added(isReady: false), .added(isReady: true), .pending, .queued(Refusals()),
      .presenting(Self.up),
      .showing(Self.up),
      .suspended(Self.up), .dismissing(outcome, isReplaced: false, deadline: nil),
      .dismissing(outcome, isReplaced: true, deadline: nil),
      .ended(outcome, awaitsDismiss: false), .ended(outcome, awaitsDismiss: true),
    ]
  }

  /// The stages from which `move` succeeds, and what each becomes.
  static func moves(
    from stages: [AlertLife] = stages, _ move: (inout AlertLife) -> Bool
  ) -> [AlertLife: AlertLife] {
    var result: [AlertLife: AlertLife] = [:]
    for stage in stages {
      var life = stage
      if move(&life) {
        result[stage] = life
      } else {
        #expect(life == stage, "a refused move from \(stage) changed it to \(life)")
      }
    }
    return result
  }

  @Test("An added alert joins its domain queued if it was ready, pending if not")
  func register() {
    var life = AlertLife.added(isReady: false)
    let queued = life.markReady()
    #expect(!queued && life == .added(isReady: true), "ready before it joined")
    life.register()
    #expect(life == .queued(Refusals()))
    life = .added(isReady: false)
    life.register()
    #expect(life == .pending)
    #expect(life.state == .pending && AlertLife.added(isReady: true).state == .pending)
    #expect(!AlertLife.added(isReady: true).isRegistered && life.isRegistered)
  }

  @Test("markReady() moves only a pending alert, to queued")
  func markReady() {
    let registered =
      Self.stages.filter(\.isRegistered) + [.ended(Self.outcome, awaitsDismiss: false)]
    let moves = Self.moves(from: registered) { $0.markReady() }
    #expect(moves == [.pending: .queued(Refusals())])
  }

  @Test("The presenter is called for a queued alert only; a refusal queues it again")
  func presentAndRefuse() {
    let present = Self.moves { $0.present(Self.up) }
    let refused = Refusals(count: 1, retryAt: AlertInstant(offset: .seconds(1)), reason: "busy")
    let refuse = Self.moves { $0.refuse(refused) }
    let finish = Self.moves { $0.finishPresenting() }
    #expect(present == [.queued(Refusals()): .presenting(Self.up)])
    #expect(
      refuse == [.presenting(Self.up): .queued(refused), .queued(Refusals()): .queued(refused)])
    #expect(finish == [.presenting(Self.up): .showing(Self.up)])
  }

  @Test("Only an alert on screen and not closing is hidden; only a hidden one comes back")
  func suspendAndRestore() {
    let suspend = Self.moves { $0.suspend(at: AlertInstant(offset: .zero)) }
    let restore = Self.moves { $0.restore() }
    #expect(
      suspend == [
        .presenting(Self.up): .suspended(Self.up), .showing(Self.up): .suspended(Self.up),
      ])
    #expect(restore == [.suspended(Self.up): .showing(Self.up)])
  }

  @Test("A dismissal starts on screen, remembers its outcome, and a replacement marks it")
  func dismissal() {
    let dismissing = AlertLife.dismissing(Self.outcome, isReplaced: false, deadline: nil)
    let begin = Self.moves { $0.beginDismissal(Self.outcome) }
    #expect(begin == [.presenting(Self.up): dismissing, .showing(Self.up): dismissing])
    var life = dismissing
    #expect(life.dismissalOutcome == Self.outcome && !life.isReplaced)
    life.giveUpID()
    #expect(life.isReplaced && life.state == .dismissing && life.hasGoneUp)
    var queued = AlertLife.queued(Refusals())
    queued.giveUpID()
    #expect(queued == .queued(Refusals()), "a waiting alert that is replaced ends instead")
  }

  @Test("An alert ends once; the presenter's dismiss after a close it was asked for is absorbed")
  func end() {
    for stage in Self.stages {
      var life = stage
      let ended = life.end(.cancelled(.cancelledByApp))
      #expect(ended == !stage.state.isEnded, "end from \(stage)")
      #expect(life.state.isEnded && !life.hasGoneUp && !life.isRegistered)
    }
    var closing = AlertLife.dismissing(Self.outcome, isReplaced: false, deadline: nil)
    _ = closing.end(Self.outcome)
    let first = closing.absorbDismiss()
    let second = closing.absorbDismiss()
    #expect(first, "the presenter was asked: its dismiss is expected")
    #expect(!second, "a second dismiss is not")
    var hidden = AlertLife.suspended(Self.up)
    _ = hidden.end(Self.outcome, presenterAsked: true)
    let absorbed = hidden.absorbDismiss()
    #expect(absorbed)
    var waiting = AlertLife.queued(Refusals())
    _ = waiting.end(Self.outcome)
    let unasked = waiting.absorbDismiss()
    #expect(!unasked, "nobody was asked to close a waiting alert")
  }

  @Test("An alert has gone up from its presentation until it ends")
  func hasGoneUp() {
    let up = Self.stages.filter(\.hasGoneUp)
    #expect(
      up == [
        .presenting(Self.up), .showing(Self.up), .suspended(Self.up),
        .dismissing(Self.outcome, isReplaced: false, deadline: nil),
        .dismissing(Self.outcome, isReplaced: true, deadline: nil),
      ])
  }
}
