/// An expectation of a scenario that did not hold, or a rule the run broke.
///
/// Its description names the place, what was expected and what happened:
///
/// ```text
/// story.scenario:14: expect showing update
///   expected: update
///   actual:   nothing
/// ```
public struct ScenarioFailure: Hashable, Sendable, CustomStringConvertible {
  /// The scenario's file name.
  public var file: String
  /// The line of the expectation, or `nil` for a check made at the end of the run (the
  /// invariants, outcomes delivered once).
  public var line: Int?
  /// The expectation as written, or what was checked.
  public var statement: String
  /// What was expected.
  public var expected: String
  /// What happened.
  public var actual: String

  /// Creates a failure.
  public init(file: String, line: Int?, statement: String, expected: String, actual: String) {
    self.file = file
    self.line = line
    self.statement = statement
    self.expected = expected
    self.actual = actual
  }

  /// `FILE:LINE: statement`, then the expected and actual values (or a diff) indented.
  public var description: String {
    let place = line.map { "\(file):\($0)" } ?? file
    if expected.contains("\n") || actual.contains("\n") {
      return "\(place): \(statement)\n\(expected)\(actual.isEmpty ? "" : "\n" + actual)"
    }
    return "\(place): \(statement)\n  expected: \(expected)\n  actual:   \(actual)"
  }
}
