import AlertDispatchKit
import AlertDispatchStressKit
import Testing

/// The stress tool's check of minimum display times, over small episodes: each keeps the rule,
/// and the check sees the take-down it judges.
@MainActor
@Suite("Stress check: minimum display time", .timeLimit(.minutes(1)))
struct MinimumDisplayCheckTests {
  /// A low alert with a minimum of 2 s (duration index 4) on the main window.
  static let held = AlertSpec(owner: .window(0), priority: 0, minimumDisplay: 4)

  @Test("A preemption that waits for the minimum runs clean")
  func preemption() {
    let result = StressRunner.run(
      StressEpisode(operations: [
        .root(window: 0, screen: .fresh(.plain)),
        .add(Self.held),
        .advance(milliseconds: 500),
        .add(AlertSpec(owner: .window(0), priority: 3)),
        .advance(milliseconds: 2_000),
      ]))
    #expect(result.violations == [])
  }

  @Test("A cancel that waits for the minimum runs clean, and is checked")
  func cancel() {
    let result = StressRunner.run(
      StressEpisode(operations: [
        .root(window: 0, screen: .fresh(.plain)),
        .add(Self.held),
        .advance(milliseconds: 500),
        .cancel(alert: 0),
        .advance(milliseconds: 2_000),
      ]))
    #expect(result.violations == [])
    #expect(result.minimumChecked == 1)
  }

  @Test("A batch cancel of an alert up inside its minimum leaves it up until then, and is checked")
  func batchCancel() {
    let result = StressRunner.run(
      StressEpisode(operations: [
        .root(window: 0, screen: .fresh(.plain)),
        .add(Self.held),
        .cancelAll(.window(0), selection: 0, subtree: true),
        .advance(milliseconds: 2_000),
      ]))
    #expect(result.violations == [])
    #expect(result.minimumChecked == 1)
  }
}
