import Foundation
import Testing

/// Runs the package's built executables, as swift-argument-parser's example tests do.
enum Products {
  /// The package's root directory, from this file's path.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Where `swift build` put the executables: the test bundle's directory.
  static let directory: URL? = {
    let candidates = [
      Bundle.main.bundleURL,
      Bundle.main.bundleURL.deletingLastPathComponent(),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      packageRoot.appendingPathComponent(".build/debug"),
    ]
    return candidates.first {
      FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("alertsim").path)
    }
  }()

  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `name` with `arguments` from the package root and collects its output.
  static func run(_ name: String, _ arguments: [String] = []) throws -> Output {
    let directory = try #require(directory, "built products not found; run `swift build` first")
    let process = Process()
    process.executableURL = directory.appendingPathComponent(name)
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    let stderrFile = FileManager.default.temporaryDirectory
      .appendingPathComponent("examples-\(UUID().uuidString).stderr")
    _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: stderrFile) }
    let stdout = Pipe()
    process.standardOutput = stdout
    process.standardError = try FileHandle(forWritingTo: stderrFile)
    try process.run()
    // The read waits for the end of the output: an executable that hangs is killed after 50 s
    // (its output then ends, and the test fails on it), so that it never blocks a thread of
    // the test run for good.
    let id = process.processIdentifier
    let watchdog = DispatchWorkItem { kill(id, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(50), execute: watchdog)
    let data = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    let errors = try Data(contentsOf: stderrFile)
    return Output(
      status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self),
      stderr: String(decoding: errors, as: UTF8.self))
  }

  /// The expected output `Expected/NAME.txt`. With `ALERTDISPATCH_RECORD=1` in the environment,
  /// writes `actual` there instead (to accept a deliberate change).
  @MainActor
  static func expect(
    _ actual: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = packageRoot.appendingPathComponent("Tests/ExamplesTests/Expected/\(name).txt")
    if ProcessInfo.processInfo.environment["ALERTDISPATCH_RECORD"] == "1" {
      try actual.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    if let diff = lineDiff(expected: expected, actual: actual) {
      Issue.record(Comment(rawValue: "\(name):\n\(diff)"), sourceLocation: sourceLocation)
    }
  }

  /// The scenario files in Examples/Scenarios, by name.
  static var scenarios: [String] {
    let directory = packageRoot.appendingPathComponent("Examples/Scenarios")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".scenario") }.map { String($0.dropLast(9)) }.sorted()
  }
}
