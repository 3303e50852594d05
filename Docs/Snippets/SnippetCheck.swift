import Foundation
import Testing

/// Keeps the articles honest: every Swift code block in the DocC catalog is either a snippet
/// from this folder (so it compiles and runs as a test) or says it compiles on Apple platforms
/// only.
@Suite("Snippets: articles use compiled code", .timeLimit(.minutes(1)))
struct SnippetCheck {
  static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()

  static func snippets() throws -> [String: String] {
    var result: [String: String] = [:]
    let folder = docs.appendingPathComponent("Snippets")
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    where name.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      var current: (name: String, lines: [String])?
      for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("// snippet: ") {
          current = (String(trimmed.dropFirst("// snippet: ".count)), [])
        } else if trimmed == "// end-snippet", let snippet = current {
          result[snippet.name] = dedent(snippet.lines)
          current = nil
        } else if current != nil {
          current!.lines.append(line)
        }
      }
    }
    return result
  }

  static func dedent(_ lines: [String]) -> String {
    let indent =
      lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return lines.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
  }

  static func codeBlocks() throws -> [(file: String, code: String)] {
    var result: [(String, String)] = []
    let catalog = docs.appendingPathComponent("AlertDispatch.docc")
    for name in try FileManager.default.contentsOfDirectory(atPath: catalog.path).sorted()
    where name.hasSuffix(".md") {
      let text = try String(contentsOf: catalog.appendingPathComponent(name), encoding: .utf8)
      var block: [String]?
      for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        if block == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
          block = []
        } else if block != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
          result.append((name, dedent(block!)))
          block = nil
        } else if block != nil {
          block!.append(line)
        }
      }
    }
    return result
  }

  @Test("Every Swift block in the catalog is a compiled snippet or marked Apple-only")
  func articlesUseSnippets() throws {
    let snippets = Set(try Self.snippets().values)
    let blocks = try Self.codeBlocks()
    #expect(!blocks.isEmpty)
    for (file, code) in blocks {
      if code.hasPrefix("// Apple platforms only") { continue }
      #expect(
        snippets.contains(code),
        "\(file): this code block is not a snippet from Docs/Snippets:\n\(code)")
    }
  }
}
