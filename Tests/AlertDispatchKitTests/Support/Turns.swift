/// Hands the main actor from one task to another in a fixed order, so that two tasks that run
/// at once interleave their steps the same way every time, without sleeping.
@MainActor
final class Turns {
  /// The turn being taken; turn 0 goes first.
  private var current = 0
  private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]

  /// Returns when turn `turn` comes.
  func wait(for turn: Int) async {
    guard turn != current else { return }
    await withCheckedContinuation { waiting[turn] = $0 }
  }

  /// Ends the current turn and wakes the task waiting for the next.
  func next() {
    current += 1
    waiting.removeValue(forKey: current)?.resume()
  }
}
