/// Reads and writes scenario files: the text format of `alertsim` and the simulator's
/// `ScenarioRunner`, described in the *Scenario files* article.
///
/// An app can read and write scenarios with this module alone, without the simulator: a
/// recorder builds ``ScenarioStatement`` values and writes them, and the simulator runs what
/// ``parse(_:file:)`` reads.
///
/// ```swift
/// let text = try ScenarioFormat.write([
///   .screens(["home"]),
///   .alert(ScenarioAlert(name: "rate-us", owner: "home")),
///   .at(.seconds(1)),
///   .expectation(.showing(["rate-us"])),
/// ])
/// let lines = try ScenarioFormat.parse(text, file: "recorded.scenario")
/// ```
public enum ScenarioFormat {
  /// Reads a scenario's statements, checking every name and value as the simulator needs
  /// them.
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - file: The name to report errors against, usually the path.
  /// - Returns: The statements in file order, with their lines and words.
  /// - Throws: A ``ScenarioError`` at the first mistake: an unknown statement, a bad duration,
  ///   an unknown or duplicate name, a missing argument, a time that goes backwards.
  public static func parse(_ text: String, file: String) throws(ScenarioError) -> [ScenarioLine] {
    var parser = ScenarioParser(file: file, text: text)
    return try parser.parse()
  }

  /// Writes statements as a scenario file that ``parse(_:file:)`` reads back as the same
  /// statements, one statement a line (an `expect transcript` takes its lines and `end`), the
  /// timeline indented under each `at`.
  ///
  /// The text is read back before it is returned, so what this function returns always reads
  /// back as `statements`. Complexity: linear in the length of the text.
  ///
  /// - Parameters:
  ///   - statements: The statements, setup first, as a file would have them.
  ///   - file: The name errors are reported against.
  /// - Throws: A ``ScenarioError`` naming the line of the written text when the statements
  ///   would not read back as themselves: a name that is not a name, a name used before it is
  ///   declared, a negative duration, a setup statement after an `at`, text with a line break.
  public static func write(_ statements: [ScenarioStatement], file: String = "written scenario")
    throws(ScenarioError) -> String
  {
    let text = ScenarioWriter.text(statements)
    let read = try parse(text, file: file).map(\.statement)
    let count = min(read.count, statements.count)
    let differs = (0..<count).first { read[$0] != statements[$0] }
    if let index = differs ?? (read.count == statements.count ? nil : count) {
      let statement = statements[min(index, statements.count - 1)]
      throw ScenarioError(
        file: file, line: ScenarioWriter.lineNumber(of: index, in: statements),
        message: "'\(ScenarioWriter.line(statement))' does not read back as the statement written"
      )
    }
    return text
  }

  /// The text of one statement, without checking that it reads back: what ``write(_:file:)``
  /// writes for it, without indentation. For comments that quote a statement, and for
  /// messages.
  public static func line(_ statement: ScenarioStatement) -> String {
    ScenarioWriter.line(statement)
  }

  /// Reads a duration as scenario files write it (`150ms`, `1.5s`, `2m`, `24h`, `1d`), or
  /// `nil` when it is malformed.
  public static func duration(_ text: String) -> Duration? {
    try? ScenarioArguments.duration(ScenarioWord(text: text, isQuoted: false))
  }

  /// Writes a duration as scenario files do: whole milliseconds when it is (`1500ms`), or the
  /// shortest unit that says it exactly; `nil` when no file can write it (a negative one).
  public static func format(_ duration: Duration) -> String? {
    ScenarioWriter.duration(duration)
  }
}
