/// A fuzzer input as a stress episode: the same decoder as the seeded runs, over the fuzzer's
/// bytes. `alertdispatch-fuzz` calls it for every input, and the regression tests call it for
/// every file of `Fuzz/corpus` and `Fuzz/regressions`.
@MainActor
package enum FuzzInput {
  /// The most operations one input decodes to: longer inputs are cut, so that each run stays
  /// fast enough for the fuzzer to try many.
  package static let maxOperations = 300

  /// The episode `bytes` decode to.
  package static func episode(_ bytes: [UInt8]) -> StressEpisode {
    var reader = ByteReader(bytes)
    return OperationDecoder.episode(from: &reader, maxOperations: maxOperations)
  }

  /// Runs the episode `bytes` decode to, with every check of a stress run.
  package static func run(_ bytes: [UInt8]) -> StressRunner.Result {
    StressRunner.run(episode(bytes))
  }
}
