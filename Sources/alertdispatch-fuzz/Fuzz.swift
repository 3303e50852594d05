import AlertDispatchStressKit
import Foundation

// alertdispatch-fuzz: the stress decoder behind libFuzzer. Built with `-D FUZZING` and
// `-sanitize=fuzzer` (Scripts/fuzz.sh), it fuzzes; built normally, it replays inputs.

/// Runs one input; a violation is a crash, so libFuzzer keeps the input.
@MainActor
func check(_ bytes: [UInt8]) {
  let result = FuzzInput.run(bytes)
  guard result.violations.isEmpty else {
    var report = result.violations.map { "violation: \($0)\n" }.joined()
    report += "\(FuzzInput.episode(bytes))\n"
    FileHandle.standardError.write(Data(report.utf8))
    fatalError("alertdispatch-fuzz: \(result.violations.count) violations")
  }
}

#if FUZZING
  /// libFuzzer's entry point: one input.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    MainActor.assumeIsolated { check(bytes) }
    return 0
  }

  @_silgen_name("LLVMFuzzerRunDriver")
  func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  /// SwiftPM links an executable's `main` to this type, so it hands the command line to
  /// libFuzzer's driver.
  @main
  struct Fuzz {
    static func main() {
      var argc = CommandLine.argc
      var argv = CommandLine.unsafeArgv
      exit(runDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
    }
  }
#else
  /// Without libFuzzer: replays input files (or every file of the directories given), and
  /// writes seed corpora.
  @main
  struct Fuzz {
    static let usage = """
      usage: alertdispatch-fuzz FILE|DIRECTORY …     replay inputs; status 1 if one fails
             alertdispatch-fuzz --print FILE          print an input's episode and scenario
             alertdispatch-fuzz --shrink FILE         shrink a failing input's episode and print it
             alertdispatch-fuzz --make-corpus DIR N   write N seeded inputs of 256 bytes
      To fuzz, run Scripts/fuzz.sh SECONDS.
      """

    static func main() {
      let arguments = Array(CommandLine.arguments.dropFirst())
      MainActor.assumeIsolated {
        switch arguments.first {
        case "--print" where arguments.count == 2: printInput(arguments[1])
        case "--shrink" where arguments.count == 2: shrinkInput(arguments[1])
        case "--make-corpus" where arguments.count == 3:
          makeCorpus(arguments[1], count: Int(arguments[2]) ?? 0)
        case nil, "--help", "-h": print(usage)
        default: exit(replay(arguments) ? 0 : 1)
        }
      }
    }

    @MainActor
    static func replay(_ paths: [String]) -> Bool {
      var passed = true
      for file in paths.flatMap(files) {
        let result = FuzzInput.run(read(file))
        if result.violations.isEmpty {
          print("\(file): ok (\(result.operations) operations, \(result.alerts) alerts)")
        } else {
          passed = false
          print("\(file): \(result.violations.count) violations")
          for violation in result.violations { print("  \(violation)") }
        }
      }
      return passed
    }

    @MainActor
    static func printInput(_ file: String) {
      let episode = FuzzInput.episode(read(file))
      print(episode)
      print(StressRunner.scenario(for: episode, title: "alertdispatch-fuzz \(file)"))
    }

    @MainActor
    static func shrinkInput(_ file: String) {
      let episode = FuzzInput.episode(read(file))
      guard let first = StressRunner.run(episode).violations.first else {
        return print("\(file): no violation")
      }
      let minimal = Shrinker.shrink(episode, keeping: first.signature)
      print(minimal)
      print(StressRunner.scenario(for: minimal, title: "alertdispatch-fuzz \(file), shrunk"))
    }

    static func makeCorpus(_ directory: String, count: Int) {
      try? FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
      for index in 0..<count {
        var bytes = SeededBytes(seed: SplitMix64.derive(0xF022, UInt64(index)))
        let data = Data((0..<256).map { _ in bytes.byte() })
        _ = FileManager.default.createFile(atPath: "\(directory)/seed-\(index)", contents: data)
      }
    }

    static func files(_ path: String) -> [String] {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        isDirectory.boolValue
      else { return [path] }
      let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      return names.sorted().filter { !$0.hasPrefix(".") }.map { "\(path)/\($0)" }
    }

    static func read(_ file: String) -> [UInt8] {
      guard let data = FileManager.default.contents(atPath: file) else {
        FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
        exit(2)
      }
      return [UInt8](data)
    }
  }
#endif
