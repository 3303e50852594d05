/// One word of a scenario line: a run of characters without spaces, or a double-quoted string.
public struct ScenarioWord: Hashable, Sendable, CustomStringConvertible {
  /// The word's text, without quotes and with escapes resolved.
  public var text: String
  /// Whether it was written in double quotes (then it is never a keyword or a name).
  public var isQuoted: Bool

  /// Creates a word.
  public init(text: String, isQuoted: Bool) {
    self.text = text
    self.isQuoted = isQuoted
  }

  /// The word as written, quoted again when it was quoted (without escapes).
  public var description: String { isQuoted ? "\"\(text)\"" : text }

  /// Splits a line into words. `#` outside quotes starts a comment; `\"` and `\\` are the
  /// escapes inside quotes.
  public static func split(_ line: Substring) -> Result<[ScenarioWord], SplitError> {
    var words: [ScenarioWord] = []
    var index = line.startIndex
    while index < line.endIndex {
      let character = line[index]
      if character == " " || character == "\t" {
        index = line.index(after: index)
      } else if character == "#" {
        break
      } else if character == "\"" {
        var text = ""
        index = line.index(after: index)
        var closed = false
        while index < line.endIndex {
          let next = line[index]
          index = line.index(after: index)
          if next == "\"" {
            closed = true
            break
          }
          if next == "\\", index < line.endIndex, line[index] == "\"" || line[index] == "\\" {
            text.append(line[index])
            index = line.index(after: index)
          } else {
            text.append(next)
          }
        }
        guard closed else { return .failure(.unterminatedString) }
        words.append(ScenarioWord(text: text, isQuoted: true))
      } else {
        let start = index
        while index < line.endIndex, !" \t#\"".contains(line[index]) {
          index = line.index(after: index)
        }
        words.append(ScenarioWord(text: String(line[start..<index]), isQuoted: false))
      }
    }
    return .success(words)
  }

  /// Why a line could not be split.
  public enum SplitError: Error {
    /// A `"` has no closing `"`.
    case unterminatedString
  }
}
