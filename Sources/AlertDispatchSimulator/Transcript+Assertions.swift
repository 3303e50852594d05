/// Exhaustive assertions: each ``Transcript/expect(_:_:)`` asserts the lines recorded since the
/// one before it, and a test ends with no line left unasserted.
///
/// The simulator ships in apps' test targets and in the `alertsim` tool, so it does not import
/// Swift Testing: its assertions return a failure message, or `nil`, and the test records it
/// (`#expect(sim.transcript.expect([…]) == nil)`), as ``Transcript/mismatch(_:)`` does.
extension Transcript {
  /// Which lines of a transcript an assertion reads.
  public enum Lines: Sendable, Hashable {
    /// Every line: screen callbacks, presenter calls, outcomes, diagnostics, `ignored` lines.
    case all
    /// The lines about popups only: `present`, `hide`, `restore`, `dismiss`, `refuse`, `tap`,
    /// `end` and `diagnostic`; screen and scene callbacks, `ignored` and `relaunch` lines are
    /// left out.
    case popups

    /// Whether `line` is one of these.
    public func contains(_ line: String) -> Bool {
      switch self {
      case .all:
        return true
      case .popups:
        let word = line.prefix { $0 != " " && $0 != ":" }
        return Lines.popupWords.contains(String(word))
      }
    }

    static let popupWords: Set<String> = [
      "present", "hide", "restore", "dismiss", "refuse", "tap", "end", "diagnostic",
    ]
  }

  /// The lines no assertion has covered yet: those since the last ``expect(_:_:)``, matching
  /// ``mismatch(_:)`` or ``take()``.
  public var unassertedLines: [String] { Array(lines[min(assertedCount, lines.count)...]) }

  /// The lines of ``lines`` that are `kind`, as ``Lines/popups`` keeps only popup lines.
  public func lines(_ kind: Lines) -> [String] { lines.filter(kind.contains) }

  /// Asserts the lines recorded since the previous assertion: `nil` when those of `kind` are
  /// exactly `expected`, else a line-by-line diff followed by the actual lines as a Swift array
  /// literal to paste. Either way they count as asserted, so the next call reads what comes
  /// after them, and the lines `kind` leaves out count as asserted too.
  ///
  /// ```swift
  /// #expect(sim.transcript.expect(["present a @home"], .popups) == nil)
  /// sim.presenter.tap("a", "OK")
  /// #expect(sim.transcript.expect(["tap a OK", "end a: dismissed(OK)"]) == nil)
  /// #expect(sim.transcript.unassertedLinesFailure() == nil)  // nothing left unasserted
  /// ```
  public func expect(_ expected: [String], _ kind: Lines = .all) -> String? {
    let actual = unassertedLines.filter(kind.contains)
    assertedCount = lines.count
    guard let diff = Transcript.diff(expected: expected, actual: actual) else { return nil }
    return diff + "\nactual lines, to paste:\n" + Transcript.swiftLiteral(actual)
  }

  /// `nil` when every line has been asserted; else a message that lists the lines left
  /// unasserted as a Swift array literal to paste into the test's last ``expect(_:_:)``.
  /// ``onUnassertedLines`` receives the same message when the transcript is released.
  public func unassertedLinesFailure() -> String? {
    let left = unassertedLines
    guard !left.isEmpty else { return nil }
    return "\(left.count) transcript line\(left.count == 1 ? " was" : "s were") not asserted:\n"
      + Transcript.swiftLiteral(left)
  }

  /// The lines since the last assertion, of `kind`, as a Swift array literal to paste into a
  /// test: the record mode of a test being written.
  public func recorded(_ kind: Lines = .all) -> String {
    Transcript.swiftLiteral(unassertedLines.filter(kind.contains))
  }

  /// The lines since the last assertion, of `kind`, as a scenario file's `expect transcript`
  /// block, indented for an `at` block, to paste.
  public func recordedScenarioExpectation(_ kind: Lines = .all) -> String {
    let body = unassertedLines.filter(kind.contains).map { "    \($0)" }
    return (["  expect transcript"] + body + ["  end"]).joined(separator: "\n")
  }

  /// `lines` as a Swift array literal, one line each, with quotes and backslashes escaped.
  static func swiftLiteral(_ lines: [String]) -> String {
    guard !lines.isEmpty else { return "[]" }
    let items = lines.map { line in
      var escaped = ""
      for character in line {
        if character == "\\" || character == "\"" { escaped.append("\\") }
        escaped.append(character)
      }
      return "  \"\(escaped)\","
    }
    return (["["] + items + ["]"]).joined(separator: "\n")
  }
}
