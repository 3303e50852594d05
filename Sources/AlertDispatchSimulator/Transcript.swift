public import AlertDispatchKit

/// An ordered record of what happened, asserted whole in tests (like TCA's exhaustive
/// `TestStore`): every presenter call, every outcome, every screen callback.
///
/// ```swift
/// #expect(transcript.mismatch(["present a @home", "end a: dismissed(OK)"]) == nil)
/// print(transcript.timedLines.joined(separator: "\n"))  // "0.35s   present a @home", …
/// ```
///
/// A transcript made with a clock (the ``Simulator``'s is) stamps each line with the time it
/// was recorded at, for ``timedLines``; the assertions compare the lines alone.
@MainActor
public final class Transcript {
  /// The lines recorded so far.
  public private(set) var lines: [String] = []
  /// When each of ``lines`` was recorded, on ``clock``; empty for a transcript without one.
  public private(set) var times: [AlertInstant] = []
  /// The clock whose time stamps each line, if any.
  public let clock: (any AlertClock)?
  /// How many of ``lines``, from the first, a test has asserted (see ``expect(_:_:)``).
  public internal(set) var assertedCount = 0
  /// Called when the transcript is released with lines no test asserted, with a message that
  /// lists them, ready to paste (see ``unassertedLinesFailure()``); `nil` for nothing.
  public var onUnassertedLines: (@MainActor (String) -> Void)?

  /// Creates an empty transcript; with a `clock`, each line is stamped with its time.
  public init(clock: (any AlertClock)? = nil) {
    self.clock = clock
  }

  isolated deinit {
    if let onUnassertedLines, let failure = unassertedLinesFailure() { onUnassertedLines(failure) }
  }

  /// Appends a line.
  public func record(_ line: String) {
    lines.append(line)
    if let clock { times.append(clock.now) }
  }

  /// Removes every line (to assert the next part of a story on its own).
  public func clear() {
    lines.removeAll()
    times.removeAll()
    assertedCount = 0
  }

  /// Returns the lines recorded since the last call and clears them.
  public func take() -> [String] {
    defer { clear() }
    return lines
  }

  /// The lines with the time of each in front, `1.3s    end a: dismissed(OK)`, as a scenario
  /// result's ``ScenarioResult/timedTranscript`` shows them; the lines alone without a clock.
  public var timedLines: [String] {
    clock == nil ? lines : Transcript.timed(lines, at: times)
  }

  /// `lines`, each with its time from `times` in front, padded to a column.
  static func timed(_ lines: [String], at times: [AlertInstant]) -> [String] {
    zip(times, lines).map { time, line in
      let stamp = time.description
      return stamp + String(repeating: " ", count: max(1, 8 - stamp.count)) + line
    }
  }

  /// `nil` when the lines are exactly `expected`; otherwise a readable line-by-line diff, with
  /// `-` for an expected line that is missing and `+` for a line that was not expected.
  /// Every line counts as asserted once it matches.
  public func mismatch(_ expected: [String]) -> String? {
    let diff = Transcript.diff(expected: expected, actual: lines)
    if diff == nil { assertedCount = lines.count }
    return diff
  }

  /// A line-by-line diff of two transcripts, or `nil` when they are equal.
  public static func diff(expected: [String], actual: [String]) -> String? {
    guard expected != actual else { return nil }
    // Longest common subsequence, so that one missing line does not mark the rest as changed.
    let n = expected.count
    let m = actual.count
    var table = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        table[i][j] =
          expected[i] == actual[j]
          ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var output = ["transcript mismatch (- expected, + actual):"]
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n && j < m && expected[i] == actual[j] {
        output.append("  \(expected[i])")
        i += 1
        j += 1
      } else if j < m && (i == n || table[i][j + 1] >= table[i + 1][j]) {
        output.append("+ \(actual[j])")
        j += 1
      } else {
        output.append("- \(expected[i])")
        i += 1
      }
    }
    return output.joined(separator: "\n")
  }
}
