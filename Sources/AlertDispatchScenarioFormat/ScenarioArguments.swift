/// The words after a statement's keyword, read one at a time; a missing or extra word is a
/// problem that quotes the statement's usage.
struct ScenarioArguments {
  private(set) var words: ArraySlice<ScenarioWord>
  let usage: String

  init(_ words: [ScenarioWord], usage: String) {
    self.words = words[...]
    self.usage = usage
  }

  var isEmpty: Bool { words.isEmpty }

  var peek: ScenarioWord? { words.first }

  /// The next word; `what` names it in the usage (`SCREEN`, `TIME`).
  mutating func word(_ what: String) throws(ScenarioProblem) -> ScenarioWord {
    guard let word = words.popFirst() else {
      throw ScenarioProblem("missing argument \(what); usage: \(usage)")
    }
    return word
  }

  /// The next word as text, quoted or not.
  mutating func text(_ what: String) throws(ScenarioProblem) -> String {
    try word(what).text
  }

  /// The next word as a name: unquoted letters, digits, `-`, `_` and `.`.
  mutating func name(_ what: String) throws(ScenarioProblem) -> String {
    let word = try word(what)
    try ScenarioArguments.checkName(word)
    return word.text
  }

  /// The next word as a duration.
  mutating func duration(_ what: String) throws(ScenarioProblem) -> Duration {
    try ScenarioArguments.duration(try word(what))
  }

  /// Consumes the next word if it is the keyword `flag`.
  mutating func flag(_ flag: String) -> Bool {
    guard let first = words.first, !first.isQuoted, first.text == flag else { return false }
    words.removeFirst()
    return true
  }

  /// Consumes the last word if it is the keyword `flag` (`animated` after a list of names).
  mutating func trailingFlag(_ flag: String) -> Bool {
    guard let last = words.last, !last.isQuoted, last.text == flag else { return false }
    words.removeLast()
    return true
  }

  /// Every word left.
  mutating func rest() -> [ScenarioWord] {
    defer { words = [] }
    return Array(words)
  }

  /// Every word left, at least one, joined by single spaces (a quoted word stands alone).
  mutating func sentence(_ what: String) throws(ScenarioProblem) -> String {
    guard !words.isEmpty else { throw ScenarioProblem("missing argument \(what); usage: \(usage)") }
    let words = rest()
    if words.count == 1 { return words[0].text }
    return words.map(\.description).joined(separator: " ")
  }

  /// Fails when words are left over.
  func end() throws(ScenarioProblem) {
    if let extra = words.first {
      throw ScenarioProblem("unexpected '\(extra)'; usage: \(usage)")
    }
  }

  static func checkName(_ word: ScenarioWord) throws(ScenarioProblem) {
    let allowed = word.text.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }
    guard !word.isQuoted, allowed, !word.text.isEmpty else {
      throw ScenarioProblem(
        "bad name '\(word.text)': a name is letters, digits, '-', '_' and '.', without quotes")
    }
  }

  /// `150ms`, `1.5s`, `2m`, `1h`, `1d`: a non-negative decimal number and a unit, to the nanosecond.
  static func duration(_ word: ScenarioWord) throws(ScenarioProblem) -> Duration {
    let units: [(String, Int64)] = [
      ("ms", 1_000_000), ("s", 1_000_000_000), ("m", 60_000_000_000), ("h", 3_600_000_000_000),
      ("d", 86_400_000_000_000),
    ]
    let problem = ScenarioProblem(
      "bad duration '\(word.text)': write a number and a unit, such as 150ms, 1.5s, 2m, 1h or 1d")
    guard !word.isQuoted, let (unit, scale) = units.first(where: { word.text.hasSuffix($0.0) })
    else { throw problem }
    let number = word.text.dropLast(unit.count)
    let parts = number.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
      parts[0].count <= 6, let whole = Int64(parts[0]), whole >= 0, parts[0].first != "+"
    else { throw problem }
    var nanoseconds = whole * scale
    if parts.count == 2 {
      let fraction = parts[1]
      guard fraction.count <= 9, let digits = Int64(fraction), digits >= 0,
        fraction.first != "+"
      else { throw problem }
      var divisor: Int64 = 1
      for _ in 0..<fraction.count { divisor *= 10 }
      if scale % divisor == 0 {
        nanoseconds += digits * (scale / divisor)
      } else {
        guard digits % (divisor / scale) == 0 else { throw problem }
        nanoseconds += digits / (divisor / scale)
      }
    }
    return .nanoseconds(nanoseconds)
  }
}
