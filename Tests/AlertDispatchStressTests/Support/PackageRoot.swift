import Foundation

/// The package's root directory, found from this file's path
/// (`Tests/AlertDispatchStressTests/Support/PackageRoot.swift`).
enum PackageRoot {
  static let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
}
