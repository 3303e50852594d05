/// Something a stress run found wrong.
package struct StressViolation: Hashable, Sendable, CustomStringConvertible {
  /// Which promise was broken.
  package enum Kind: String, Hashable, Sendable {
    /// One of the invariants, from the core's checker (see the Invariants article).
    case invariant
    /// An alert ended twice, or ended without its completion being called.
    case exactlyOnce = "exactly-once"
    /// An alert was still unfinished after every dispatch closed.
    case unended = "not ended"
    /// The presenter shows an alert the framework thinks is not on screen.
    case presenter
    /// An object was still alive after the episode let go of everything.
    case leak
    /// `explain(_:)` gave an answer that contradicts the alert's state.
    case explain
    /// A misuse was answered in a way other than documented.
    case misuse
    /// A scheduling policy was not kept: a duplicate of an alert being dismissed was cancelled,
    /// or an alert that does not interrupt preempted one.
    case policy
    /// A batch cancel left an alert it returned unfinished, or put one up on its way out.
    case batchCancel = "batch cancel"
    /// An alert went up while a pause of its dispatch (or one above it) held it back.
    case pause
    /// A root reported its domain drained when it was not, or its last alert ended unreported.
    case drained
    /// The reference model decided otherwise.
    case model
    /// A recording of one of the episode's roots, replayed, did not do what was recorded.
    case replay
  }

  /// Which promise was broken.
  package var kind: Kind
  /// What happened, with names.
  package var message: String
  /// The index of the operation after which it was found (the operation count for the
  /// checks at the end of an episode).
  package var step: Int

  /// Creates a violation.
  package init(kind: Kind, message: String, step: Int) {
    self.kind = kind
    self.message = message
    self.step = step
  }

  /// The violation with its names and numbers blanked out: two runs that break the same rule
  /// in the same way have the same signature, which keeps a shrink on the same bug.
  package var signature: String {
    var result = "\(kind.rawValue): "
    var inQuote = false
    var lastWasBlank = false
    for character in message {
      if character == "'" {
        inQuote.toggle()
        if inQuote { result += "'_'" }
        continue
      }
      if inQuote { continue }
      if character.isNumber {
        if !lastWasBlank { result += "#" }
        lastWasBlank = true
        continue
      }
      lastWasBlank = false
      result.append(character)
    }
    return result
  }

  /// `step 12: invariant: home: lane 'modal' has 2 alerts in front, capacity 1`.
  package var description: String {
    "step \(step): \(kind.rawValue): \(message)"
  }
}
