/// Where the operation decoder takes its bytes from: a fuzzer's input or a seeded generator.
package protocol ByteSource {
  /// The next byte; 0 once a finite source is exhausted.
  mutating func byte() -> UInt8
  /// Whether a finite source has no bytes left (never, for a generator).
  var isExhausted: Bool { get }
}

/// The bytes of a fuzzer input, read once; zeros after the end.
package struct ByteReader: ByteSource {
  private let bytes: [UInt8]
  private var index = 0

  /// Reads `bytes` from the start.
  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The next byte, or 0 after the end.
  package mutating func byte() -> UInt8 {
    guard index < bytes.count else { return 0 }
    defer { index += 1 }
    return bytes[index]
  }

  /// Whether every byte was read.
  package var isExhausted: Bool { index >= bytes.count }
}

/// SplitMix64: a small, fast, well-mixed generator whose whole state is one seed, so that
/// `--seed S` means the same run on every machine. The system generator is never used.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  package init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A seed derived from `seed` and `stream`, for independent sequences of one run.
  package static func derive(_ seed: UInt64, _ stream: UInt64) -> UInt64 {
    var generator = SplitMix64(seed: seed ^ (stream &* 0xD1B5_4A32_D192_ED03))
    return generator.next()
  }
}

/// An endless source of seeded random bytes.
package struct SeededBytes: ByteSource {
  private var generator: SplitMix64
  private var buffer: UInt64 = 0
  private var left = 0

  /// Bytes fixed by `seed`.
  package init(seed: UInt64) {
    generator = SplitMix64(seed: seed)
  }

  /// The next random byte.
  package mutating func byte() -> UInt8 {
    if left == 0 {
      buffer = generator.next()
      left = 8
    }
    defer {
      buffer >>= 8
      left -= 1
    }
    return UInt8(truncatingIfNeeded: buffer)
  }

  /// Never: a generator does not run out.
  package var isExhausted: Bool { false }
}
