import AlertDispatchStressKit
import Foundation
import Testing

/// Every input of the fuzzer's seed corpus and every crash it found replays clean.
@MainActor
@Suite("Fuzz corpus", .timeLimit(.minutes(1)))
struct FuzzCorpusTests {
  static let root = PackageRoot.url.appendingPathComponent("Fuzz")

  /// The inputs in `Fuzz/<folder>`, by name; a folder that is missing throws, so that a test
  /// over it fails rather than replaying nothing.
  static func inputs(_ folder: String) throws -> [URL] {
    let directory = root.appendingPathComponent(folder)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    return names.sorted().filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.map {
      directory.appendingPathComponent($0)
    }
  }

  @Test("The seed corpus is there and replays clean")
  func corpus() throws {
    let inputs = try FuzzCorpusTests.inputs("corpus")
    // Inputs are only ever added: fewer than the eight seeds means the folder was lost.
    #expect(inputs.count >= 8, "Fuzz/corpus holds \(inputs.count) inputs")
    for input in inputs {
      let result = FuzzInput.run([UInt8](try Data(contentsOf: input)))
      #expect(result.violations == [], "\(input.lastPathComponent)")
    }
  }

  @Test("Every crash the fuzzer found is there and replays clean")
  func regressions() throws {
    let inputs = try FuzzCorpusTests.inputs("regressions")
    // Inputs are only ever added: fewer than the two it had means the folder was lost.
    #expect(inputs.count >= 2, "Fuzz/regressions holds \(inputs.count) inputs")
    for input in inputs {
      let result = FuzzInput.run([UInt8](try Data(contentsOf: input)))
      #expect(result.violations == [], "\(input.lastPathComponent)")
    }
  }
}
