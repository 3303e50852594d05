/// A mistake in a scenario file, found before anything runs: where it is and what is wrong.
///
/// Its description is `FILE:LINE: message`, the form compilers use, so editors can jump to it:
///
/// ```swift
/// do {
///   let lines = try ScenarioFormat.parse(text, file: "story.scenario")
/// } catch {
///   print(error)  // story.scenario:12: unknown screen 'setings'
/// }
/// ```
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file name given to ``ScenarioFormat/parse(_:file:)``.
  public var file: String
  /// The 1-based line of the mistake.
  public var line: Int
  /// What is wrong, in a sentence without the location.
  public var message: String

  /// Creates an error.
  public init(file: String, line: Int, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  /// `FILE:LINE: message`.
  public var description: String { "\(file):\(line): \(message)" }
}
