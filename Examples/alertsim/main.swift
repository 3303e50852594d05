// alertsim: runs a scenario file on the lifecycle simulator and prints its timeline.
// Exit status: 0 when every expectation holds, 1 when one fails, 2 for a malformed file or
// bad arguments.
import AlertDispatchKit
import AlertDispatchSimulator
import Foundation

let usage = """
  usage: alertsim FILE [--transcript] [--svg OUT.svg] [--explain ALERT@TIME]

  Runs the scenario in FILE on the simulator's virtual clock (instantly, the same way every
  time), prints its timeline and checks its expectations.

    --transcript          also print the whole transcript, each line with its time
    --svg OUT.svg         also write the timeline as an SVG picture to OUT.svg
    --explain ALERT@TIME  print why ALERT was (or was not) on screen at TIME, such as
                          promo@1.5s, instead of the timeline
    -h, --help            print this help

  Exit status: 0 when every expectation holds, 1 when one fails, 2 when the file is
  malformed (reported as FILE:LINE: message) or the arguments are wrong.
  The format is documented in Docs/AlertDispatch.docc/ScenarioFiles.md.
  """

struct Options {
  var file: String?
  var transcript = false
  var svg: String?
  var explain: (alert: String, time: String)?
}

func fail(_ message: String, status: Int32 = 2) -> Never {
  FileHandle.standardError.write(Data("\(message)\n".utf8))
  exit(status)
}

func parseOptions(_ arguments: [String]) -> Options {
  var options = Options()
  var rest = arguments[...]
  while let argument = rest.popFirst() {
    switch argument {
    case "-h", "--help":
      print(usage)
      exit(0)
    case "--transcript":
      options.transcript = true
    case "--svg":
      guard let path = rest.popFirst() else { fail("alertsim: --svg needs a file name\n\(usage)") }
      options.svg = path
    case "--explain":
      guard let value = rest.popFirst(), let at = value.lastIndex(of: "@") else {
        fail("alertsim: --explain needs ALERT@TIME, such as promo@1.5s\n\(usage)")
      }
      options.explain = (String(value[..<at]), String(value[value.index(after: at)...]))
    default:
      if argument.hasPrefix("-") || options.file != nil {
        fail("alertsim: unexpected argument '\(argument)'\n\(usage)")
      }
      options.file = argument
    }
  }
  return options
}

@MainActor
func main() -> Int32 {
  let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
  guard let file = options.file else { fail("alertsim: no scenario file given\n\(usage)") }
  guard let data = FileManager.default.contents(atPath: file),
    let text = String(data: data, encoding: .utf8)
  else { fail("alertsim: cannot read '\(file)'") }
  let scenario: Scenario
  do {
    scenario = try Scenario.parse(text, file: file)
  } catch {
    fail(error.description)
  }
  // Diagnostics are transcript lines already.
  AlertDispatch.diagnosticHandler = { _ in }

  if let (alert, time) = options.explain {
    guard scenario.alertNames.contains(alert) else {
      fail("alertsim: no alert named '\(alert)' in \(file)")
    }
    guard let duration = Scenario.duration(time) else {
      fail("alertsim: bad time '\(time)' in --explain: write a duration such as 1.5s")
    }
    print(
      "\(alert) at \(AlertInstant(offset: duration)): "
        + ScenarioRunner.explain(alert, at: duration, in: scenario))
    return 0
  }

  let result = ScenarioRunner.run(scenario)
  print(result.timeline())
  if options.transcript {
    print("\ntranscript:")
    print(result.timedTranscript)
  }
  if let path = options.svg {
    do {
      try result.svg().write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
      fail("alertsim: cannot write '\(path)': \(error.localizedDescription)")
    }
    print("\nwrote \(path)")
  }
  // A recording's replay diverges first where a transcript line differs: said first.
  for failure in (result.firstDivergence.map { [$0] } ?? []) + result.failures {
    FileHandle.standardError.write(Data("\(failure)\n".utf8))
  }
  print("\n\(result.summary)")
  return result.passed ? 0 : 1
}

exit(MainActor.assumeIsolated { main() })
