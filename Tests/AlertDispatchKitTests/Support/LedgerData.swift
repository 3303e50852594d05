import Foundation

/// The ledger data both persistent ledgers write (a header line, then records `a`, `b` and `c`,
/// one per line), and the damage the tests do to it.
enum LedgerData {
  /// Cuts of `whole` and what survives each: the keys still read, and the record count a
  /// damage message names (`nil` where a cut at a line's end leaves clean data). A cut inside a
  /// line loses that line's record and is damage: a copy is kept.
  static func cuts(of whole: Data) -> [(cut: Int, keys: [String], kept: String?)] {
    let lines = whole.split(separator: UInt8(ascii: "\n"))
    let headerLength = lines[0].count + 1
    let secondLineEnd = headerLength + lines[1].count + 1 + lines[2].count
    return [
      (whole.count - 1, ["a", "b", "c"], nil),
      (whole.count - 5, ["a", "b"], "2 records"),
      (secondLineEnd, ["a", "b"], nil),
      (secondLineEnd - 3, ["a"], "1 record"),
      (10, [], "0 records"),
      (0, [], "0 records"),
    ]
  }

  /// `whole` with the first `length` bytes of record `b`'s line replaced by `garbage`.
  static func damagingRecordB(_ whole: Data, length: Int, with garbage: [UInt8]) -> Data {
    var bytes = whole
    let lines = bytes.split(separator: UInt8(ascii: "\n"))
    let start = bytes.startIndex + lines[0].count + 1 + lines[1].count + 1
    bytes.replaceSubrange(start..<(start + length), with: garbage)
    return bytes
  }
}
