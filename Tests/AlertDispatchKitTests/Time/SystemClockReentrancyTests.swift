import Testing

@testable import AlertDispatchKit

/// The system clock while its actions schedule and cancel timers (the heap is pushed to,
/// and rebuilt by a compaction, while due actions are being called), and whether it lets go of
/// itself and of its actions. The time limit only guards against a hang (see the note on
/// `SystemClockTests`).
@MainActor
@Suite("System clock: reentrancy", .timeLimit(.minutes(10)))
struct SystemClockReentrancyTests {
  /// The timers an action cancels, in a box: the action captures the box, and the test adds
  /// the timers after it.
  final class Timers {
    var all: [any AlertTimer] = []
  }

  @Test("An action cancels most due timers (the heap is rebuilt) and schedules more")
  func cancelAndScheduleFromAction() async {
    let clock = SystemAlertClock()
    let (stream, sink) = AsyncStream.makeStream(of: String.self)
    let timers = Timers()
    var fired: [Int] = []
    // 0 cancels the timers not a multiple of 4 among the 200 due with it (enough to compact the
    // heap while the due actions are being called), cancels itself (already fired: nothing), schedules
    // 1,000 at a deadline already past (due in this same run of due actions, after the others due at zero)
    // and 1,001 an hour ahead, which it cancels at once.
    timers.all.append(
      clock.schedule(at: .zero) {
        fired.append(0)
        for index in 1..<200 where index % 4 != 0 { timers.all[index].cancel() }
        timers.all[0].cancel()
        _ = clock.schedule(at: .zero) {
          fired.append(1_000)
          sink.yield("1000")
        }
        clock.schedule(at: clock.now + .seconds(3_600)) { fired.append(1_001) }.cancel()
        sink.yield("0")
      })
    for index in 1..<200 {
      timers.all.append(
        clock.schedule(at: .zero) {
          fired.append(index)
          sink.yield("\(index)")
        })
    }
    let expected = [0] + Array(stride(from: 4, to: 200, by: 4)) + [1_000]
    let seen = await firstValues(expected.count, of: stream)
    #expect(seen == expected.map { "\($0)" })
    // A control due later than all of them: nothing else fired before it.
    _ = clock.schedule(at: clock.now) { sink.yield("control") }
    #expect(await firstValues(1, of: stream) == ["control"])
    #expect(fired == expected)
    #expect(clock.counts.pending == 0)
    // Only the cancelled 1,001's entry may stay (removed lazily).
    #expect(clock.counts.deadlines <= 1)
  }

  @Test("Cancelling a timer that fired does nothing, and the action is let go once it ran")
  func cancelAfterFiring() async {
    let clock = SystemAlertClock()
    let (stream, sink) = AsyncStream.makeStream(of: String.self)
    var timer: (any AlertTimer)?
    do {
      let signal = ReleaseSignal("fired") { sink.yield("released") }
      timer = clock.schedule(at: .zero) {
        _ = signal
        sink.yield("fired")
      }
    }
    #expect(await firstValues(2, of: stream) == ["fired", "released"])
    timer?.cancel()
    timer?.cancel()
    #expect(clock.counts.pending == 0)
  }

  @Test("A clock whose actions hold it is freed once its timers fired or were cancelled")
  func clockIsFreed() async {
    weak var weakClock: SystemAlertClock?
    let (stream, sink) = AsyncStream.makeStream(of: String.self)
    do {
      let clock = SystemAlertClock()
      weakClock = clock
      _ = clock.schedule(at: .zero) {
        _ = clock.now
        sink.yield("fired")
      }
      let distant = clock.schedule(at: clock.now + .seconds(3_600)) { _ = clock.now }
      distant.cancel()
    }
    #expect(await firstValues(1, of: stream) == ["fired"])
    // The cancelled timer's task ends soon after its cancellation.
    for _ in 0..<1_000 where weakClock != nil { await Task.yield() }
    #expect(weakClock == nil, "the clock outlives its timers")
  }
}
