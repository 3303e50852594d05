import Testing

@testable import AlertDispatchKit

/// The real-time clock. Nothing here sleeps: timers are scheduled at deadlines already past (or a
/// few milliseconds ahead) and awaited through a stream their actions write to. The time limit
/// only guards against a timer that never fires: an action waits for the main actor, which the
/// other tests keep busy for seconds, and for a few minutes under AddressSanitizer (the whole
/// suite's main-actor work comes first, which can take more than 3 minutes).
@MainActor
@Suite("System clock", .timeLimit(.minutes(10)))
struct SystemClockTests {
  @Test("now never goes backwards")
  func monotonic() {
    let clock = SystemAlertClock()
    var previous = clock.now
    #expect(previous >= .zero)
    var backwards: [(AlertInstant, AlertInstant)] = []
    for _ in 0..<10_000 {
      let next = clock.now
      if next < previous { backwards.append((previous, next)) }
      previous = next
    }
    #expect(backwards.isEmpty, "\(backwards.prefix(3))")
    #expect(previous > .zero, "time passes over ten thousand reads")
  }

  @Test("now is the time since this clock was created: a new clock starts near zero")
  func origin() {
    let older = SystemAlertClock()
    let newer = SystemAlertClock()
    #expect(newer.now.offset < .seconds(60))
    let newerNow = newer.now
    let olderNow = older.now
    #expect(olderNow >= newerNow, "the older clock read later is ahead of the newer one")
  }

  @Test("shared is one clock, the one a dispatch uses by default, and not a new clock")
  func shared() {
    let shared = SystemAlertClock.shared
    #expect(SystemAlertClock.shared === shared)
    #expect(SystemAlertClock() !== shared)
    #expect(AlertDispatch(name: "default").clock === shared)
  }

  @Test("A timer whose deadline has passed fires soon, once, but never inside schedule")
  func pastDeadlineFires() async {
    let clock = SystemAlertClock()
    let (stream, sink) = AsyncStream.makeStream(of: String.self)
    var fired: [String] = []
    _ = clock.schedule(at: .zero) {
      fired.append("origin")
      sink.yield("origin")
    }
    let now = clock.now
    _ = clock.schedule(at: now) {
      fired.append("now")
      sink.yield("now")
    }
    #expect(fired == [], "schedule never calls the action itself")
    #expect(Set(await firstValues(2, of: stream)) == ["origin", "now"])
    // One more timer gives a second call of either action time to happen: none does.
    _ = clock.schedule(at: clock.now) { sink.yield("later") }
    #expect(await firstValues(1, of: stream) == ["later"])
    #expect(fired.sorted() == ["now", "origin"])
  }

  @Test("A timer fires at or after its deadline, not before")
  func notBeforeDeadline() async {
    let clock = SystemAlertClock()
    let (stream, sink) = AsyncStream.makeStream(of: String.self)
    let deadline = clock.now + .milliseconds(20)
    var firedAt: AlertInstant?
    _ = clock.schedule(at: deadline) {
      firedAt = clock.now
      sink.yield("fired")
    }
    #expect(await firstValues(1, of: stream) == ["fired"])
    #expect(
      firedAt.map { $0 >= deadline } == true,
      "fired at \(String(describing: firedAt)), due \(deadline)")
  }

  @Test("A cancelled timer never fires, and the clock lets go of its action")
  func cancelledTimer() async {
    let clock = SystemAlertClock()
    let (stream, sink) = AsyncStream.makeStream(of: String.self)
    var fired: [String] = []
    do {
      // Due now: it would fire at the next turn of the main actor if it were not cancelled.
      let due = ReleaseSignal("due") { sink.yield("released due") }
      let dueTimer = clock.schedule(at: .zero) { fired.append(due.name) }
      // Due in an hour: cancelling it must end its wait, not leave it sleeping.
      let distant = ReleaseSignal("distant") { sink.yield("released distant") }
      let distantTimer = clock.schedule(at: clock.now + .seconds(3600)) {
        fired.append(distant.name)
      }
      // A control due now, not cancelled: it does fire.
      let control = ReleaseSignal("control") { sink.yield("released control") }
      _ = clock.schedule(at: .zero) {
        fired.append(control.name)
        sink.yield("fired control")
      }
      dueTimer.cancel()
      distantTimer.cancel()
      distantTimer.cancel()
    }
    let seen = await firstValues(4, of: stream)
    #expect(
      Set(seen) == ["released due", "released distant", "fired control", "released control"])
    let firedControl = seen.firstIndex(of: "fired control") ?? seen.count
    #expect(firedControl < (seen.firstIndex(of: "released control") ?? -1))
    #expect(fired == ["control"])
  }

  /// Each timer is a task of its own that sleeps on the global executor, whose threads wake the
  /// sleepers in any order: before the clock called the due actions in order from whichever
  /// task woke first, about one run of this test in seven delivered some of the 200 actions out
  /// of order (more under load), as early as the second one.
  @Test("Actions due at the same instant are called in the order they were scheduled")
  func sameInstantOrder() async {
    let clock = SystemAlertClock()
    let (stream, sink) = AsyncStream.makeStream(of: String.self)
    let count = 200
    for index in 0..<count { _ = clock.schedule(at: .zero) { sink.yield("\(index)") } }
    let seen = await firstValues(count, of: stream)
    #expect(Set(seen).count == count, "every action is called once")
    #expect(seen == (0..<count).map { "\($0)" })
  }

  @Test("Actions are called earliest deadline first, and cancelled ones never")
  func deadlineOrder() async {
    let clock = SystemAlertClock()
    // Deadlines already past, in any order: whichever task wakes first calls them all.
    let span = max(clock.now.offset / Duration.nanoseconds(1), 1)
    var random = TestGenerator(state: 11)
    let (stream, sink) = AsyncStream.makeStream(of: String.self)
    var kept: [(deadline: AlertInstant, index: Int)] = []
    for index in 0..<300 {
      let deadline = AlertInstant(offset: .nanoseconds(random.next(Int(span))))
      let timer = clock.schedule(at: deadline) { sink.yield("\(index)") }
      if index % 3 == 0 { timer.cancel() } else { kept.append((deadline, index)) }
    }
    let seen = await firstValues(kept.count, of: stream)
    let expected = kept.sorted { ($0.deadline, $0.index) < ($1.deadline, $1.index) }
    #expect(seen == expected.map { "\($0.index)" })
    #expect(clock.counts.pending == 0)
  }

  @Test("Cancelled timers do not pile up in the clock")
  func cancelledDoNotPileUp() async {
    let clock = SystemAlertClock()
    let far = clock.now + .seconds(3_600)
    let timers = (0..<1_000).map { _ in clock.schedule(at: far) {} }
    for timer in timers.dropFirst(100) { timer.cancel() }
    #expect(clock.counts.pending == 100)
    // The heap was rebuilt from the pending actions while they were cancelled.
    #expect(clock.counts.deadlines <= 2 * 100 + 64)
    let (stream, sink) = AsyncStream.makeStream(of: String.self)
    _ = clock.schedule(at: .zero) { sink.yield("due") }
    #expect(await firstValues(1, of: stream) == ["due"])
    for timer in timers.prefix(100) { timer.cancel() }
    #expect(clock.counts.pending == 0)
  }
}
