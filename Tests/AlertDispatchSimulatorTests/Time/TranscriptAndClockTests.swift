import AlertDispatchKit
import AlertDispatchSimulator
import Testing

@MainActor
@Suite("Transcript and clock", .timeLimit(.minutes(1)))
struct TranscriptAndClockTests {
  @Test("The Simulator documentation's example holds")
  func documentedExample() {
    let sim = Simulator()
    let home = sim.screen("home")
    let nav = sim.window.setRoot(sim.navigation("nav", root: home))
    home.dispatch.add(AlertRequest(id: "a"))
    nav.push(sim.screen("detail"), animated: true)
    sim.advance(by: sim.transitionDuration)
    #expect(
      sim.transcript.mismatch([
        "viewWillAppear @nav", "viewWillAppear @home", "viewDidAppear @nav", "viewDidAppear @home",
        "present a @home",
        "viewWillDisappear @home", "hide a @home", "viewWillAppear @detail",
        "viewDidDisappear @home", "viewDidAppear @detail",
      ]) == nil)
  }

  @Test("A simulator's transcript stamps each line with its virtual time; take and clear drop both")
  func timedLines() {
    let sim = Simulator()
    let home = sim.screen("home")
    let nav = sim.window.setRoot(sim.navigation("nav", root: home))
    home.dispatch.add(AlertRequest(id: "a"))
    _ = sim.transcript.take()
    nav.push(sim.screen("detail"), animated: true)
    sim.advance(by: .milliseconds(350))
    #expect(
      sim.transcript.timedLines == [
        "0s      viewWillDisappear @home", "0s      hide a @home", "0s      viewWillAppear @detail",
        "0.35s   viewDidDisappear @home", "0.35s   viewDidAppear @detail",
      ])
    #expect(sim.transcript.times.count == sim.transcript.lines.count)
    sim.transcript.clear()
    #expect(sim.transcript.times.isEmpty && sim.transcript.timedLines.isEmpty)
    let plain = Transcript()
    plain.record("a line")
    #expect(plain.timedLines == ["a line"] && plain.times.isEmpty)
  }

  @Test("A mismatch reads as a line-by-line diff")
  func readableDiff() {
    let f = SimFixture()
    let home = f.window.setRoot(f.sim.screen("home"))
    f.add("a", to: home)
    let diff = f.sim.transcript.mismatch([
      "viewWillAppear @home", "viewDidAppear @home", "present b @home",
    ])
    #expect(
      diff == """
        transcript mismatch (- expected, + actual):
          viewWillAppear @home
          viewDidAppear @home
        + present a @home
        - present b @home
        """)
    f.sim.transcript.clear()
    f.verify()
  }

  @Test("Time moves only when told: a transition does not end by itself")
  func clockMovesOnlyWhenTold() {
    let f = SimFixture()
    let nav = f.window.setRoot(f.sim.navigation("nav", root: f.sim.screen("home")))
    nav.push(f.sim.screen("detail"))
    f.sim.transcript.clear()
    #expect(f.sim.now == .zero)
    #expect(f.sim.clock.nextDeadline == AlertInstant(offset: .milliseconds(350)))
    #expect(f.window.isTransitioning)
    f.sim.transitionDuration = .seconds(1)  // applies to the next transition only
    f.advance(0.35)
    f.expect(["viewDidDisappear @home", "viewDidAppear @detail"])
    nav.pop()
    f.advance(0.999)
    f.expect(["viewWillDisappear @detail", "viewWillAppear @home"])
    f.advance(0.001)
    f.expect(["viewDidDisappear @detail", "viewDidAppear @home"])
    #expect(f.sim.clock.pendingTimerCount == 0)
    f.verify()
  }

  @Test("The virtual clock fires earliest deadline first, then in the order scheduled")
  func virtualClockOrder() {
    let clock = VirtualClock()
    var fired: [Int] = []
    var expected: [(deadline: Int, index: Int)] = []
    var timers: [any AlertTimer] = []
    // 600 timers over 50 deadlines (many share one), a third of them cancelled, some of the
    // rest scheduling a timer at their own instant, which fires in the same advance.
    var state: UInt64 = 7
    for index in 0..<600 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let deadline = Int((state >> 33) % 50)
      let instant = AlertInstant(offset: .milliseconds(deadline))
      timers.append(
        clock.schedule(at: instant) {
          fired.append(index)
          if index % 7 == 0 {
            _ = clock.schedule(at: instant) { fired.append(10_000 + index) }
          }
        })
      if index % 3 == 0 {
        timers[index].cancel()
      } else {
        expected.append((deadline, index))
      }
    }
    #expect(clock.pendingTimerCount == expected.count)
    let first = expected.min { ($0.deadline, $0.index) < ($1.deadline, $1.index) }
    #expect(clock.nextDeadline == first.map { AlertInstant(offset: .milliseconds($0.deadline)) })
    clock.advance(by: .milliseconds(49))
    // The timers scheduled by others at their instant fire after every timer already due then
    // (they were scheduled later), before any later deadline.
    var order: [Int] = []
    for deadline in 0..<50 {
      let due = expected.filter { $0.deadline == deadline }.map(\.index)
      order += due + due.filter { $0 % 7 == 0 }.map { 10_000 + $0 }
    }
    #expect(fired == order)
    #expect(clock.pendingTimerCount == 0)
    #expect(clock.nextDeadline == nil)
  }
}
