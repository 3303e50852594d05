import AlertDispatchSimulator

/// A line diff of two outputs (`-` expected, `+` actual), or `nil` when they are equal.
@MainActor
func lineDiff(expected: String, actual: String) -> String? {
  func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
  return Transcript.diff(expected: lines(expected), actual: lines(actual))
}
