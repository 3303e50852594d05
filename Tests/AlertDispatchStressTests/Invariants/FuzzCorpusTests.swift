import AlertDispatchStressKit
import Foundation
import Testing

/// Every input of the fuzzer's seed corpus and every crash it found replays clean.
@MainActor
@Suite("Fuzz corpus")
struct FuzzCorpusTests {
  static let root = PackageRoot.url.appendingPathComponent("Fuzz")

  static func inputs(_ folder: String) -> [URL] {
    let directory = root.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.sorted().filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.map {
      directory.appendingPathComponent($0)
    }
  }

  @Test("The seed corpus is there and replays clean")
  func corpus() throws {
    let inputs = FuzzCorpusTests.inputs("corpus")
    #expect(inputs.count >= 4)
    for input in inputs {
      let result = FuzzInput.run([UInt8](try Data(contentsOf: input)))
      #expect(result.violations == [], "\(input.lastPathComponent)")
    }
  }

  @Test("Every crash the fuzzer found replays clean")
  func regressions() throws {
    for input in FuzzCorpusTests.inputs("regressions") {
      let result = FuzzInput.run([UInt8](try Data(contentsOf: input)))
      #expect(result.violations == [], "\(input.lastPathComponent)")
    }
  }
}
