import Foundation

/// A fresh directory for one test's ledger files.
struct TemporaryDirectory {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("alertdispatch-ledger-\(UUID().uuidString)", isDirectory: true)
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  var ledgerURL: URL { url.appendingPathComponent("frequency-ledger.jsonl") }

  /// The names in the directory, sorted.
  var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }

  /// The damaged copies kept next to the ledger.
  var damagedCopies: [URL] {
    names.filter { $0.hasPrefix("frequency-ledger.jsonl.corrupt-") }.map {
      url.appendingPathComponent($0)
    }
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
