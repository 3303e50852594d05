import Foundation

/// The scenario files of the repository: examples, documentation snippets, stress regressions
/// and test fixtures.
enum ScenarioFiles {
  /// The package's root directory, from this file's path.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every `.scenario` file under the folders that hold them, relative to the root, sorted.
  static var all: [String] {
    let folders = ["Examples", "Docs", "Stress", "Tests"]
    var found: [String] = []
    for folder in folders {
      let url = packageRoot.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(atPath: url.path) else { continue }
      for case let path as String in walker where path.hasSuffix(".scenario") {
        found.append(folder + "/" + path)
      }
    }
    return found.sorted()
  }

  static func text(_ path: String) throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
  }
}
