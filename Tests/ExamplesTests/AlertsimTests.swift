import Foundation
import Testing

/// alertsim's command line: its exit statuses, options and messages.
@Suite("alertsim", .timeLimit(.minutes(1)))
struct AlertsimTests {
  func temporaryFile(_ name: String, _ text: String) throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("alertsim-\(UUID().uuidString)-\(name)")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  @Test("A passing scenario exits 0")
  func passes() throws {
    let output = try Products.run("alertsim", ["Examples/Scenarios/push-permissions.scenario"])
    #expect(output.status == 0)
    #expect(output.stdout.hasSuffix("\npassed: 32 expectations\n"))
  }

  @Test("A failed expectation exits 1 and says what was expected and what happened")
  func fails() throws {
    let file = try temporaryFile(
      "fail.scenario",
      """
      screen home
      root main home
      alert a on home
      at 1s
        expect showing nothing
      """)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let output = try Products.run("alertsim", [file])
    #expect(output.status == 1)
    #expect(
      output.stderr == "\(file):5: expect showing nothing\n  expected: nothing\n  actual:   a\n")
    #expect(output.stdout.hasSuffix("\nfailed: 1 of 1 expectation\n"))
  }

  @Test("A recording that no longer replays names its first diverging line first")
  func recordingDiverges() throws {
    let file = try temporaryFile(
      "recording.scenario",
      """
      presenter scripted
      dispatch app
      alert a on app later
      at 0ms
        add a
        expect transcript
          present a @app
          end a: dismissed(OK)
        end
      """)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let output = try Products.run("alertsim", [file])
    #expect(output.status == 1)
    #expect(
      output.stderr.hasPrefix(
        "\(file):8: first divergence, at 0s\n  expected: end a: dismissed(OK)\n  actual:   no more lines\n"
      ), "\(output.stderr)")
  }

  @Test("A malformed scenario exits 2 with FILE:LINE: message and runs nothing")
  func malformed() throws {
    let file = try temporaryFile("bad.scenario", "screen home\nat soon\n")
    defer { try? FileManager.default.removeItem(atPath: file) }
    let output = try Products.run("alertsim", [file])
    #expect(output.status == 2)
    #expect(
      output.stderr
        == "\(file):2: bad duration 'soon': write a number and a unit, such as 150ms, 1.5s, 2m, 1h or 1d\n"
    )
    #expect(output.stdout.isEmpty)
  }

  @Test("Bad arguments exit 2 with the usage")
  func badArguments() throws {
    for arguments in [[], ["--frobnicate"], ["missing.scenario"], ["x.scenario", "--svg"]] {
      let output = try Products.run("alertsim", arguments)
      #expect(output.status == 2, "\(arguments)")
      #expect(output.stderr.hasPrefix("alertsim: "), "\(arguments)")
    }
  }

  @Test("--help lists every option")
  func help() throws {
    let output = try Products.run("alertsim", ["--help"])
    #expect(output.status == 0)
    for option in ["--transcript", "--svg OUT.svg", "--explain ALERT@TIME", "Exit status"] {
      #expect(output.stdout.contains(option))
    }
  }

  @Test("--explain says why an alert was waiting at a time")
  func explain() throws {
    let scenario = "Examples/Scenarios/tab-domains.scenario"
    let output = try Products.run("alertsim", [scenario, "--explain", "profile-tip@7.5s"])
    #expect(output.status == 0)
    #expect(output.stdout == "profile-tip at 7.5s: waiting for dependencies: unread\n")
    let unknown = try Products.run("alertsim", [scenario, "--explain", "nobody@1s"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr == "alertsim: no alert named 'nobody' in \(scenario)\n")
  }

  @Test("--transcript prints every line with its time; --svg writes the picture")
  func transcriptAndSVG() throws {
    let svg = FileManager.default.temporaryDirectory
      .appendingPathComponent("alertsim-\(UUID().uuidString).svg").path
    defer { try? FileManager.default.removeItem(atPath: svg) }
    let output = try Products.run(
      "alertsim", ["Examples/Scenarios/onboarding-flow.scenario", "--transcript", "--svg", svg])
    #expect(output.status == 0)
    #expect(output.stdout.contains("\ntranscript:\n0s      viewWillAppear @home\n"))
    #expect(output.stdout.contains("\n6s      end notifications: dismissed(Allow)\n"))
    #expect(output.stdout.contains("\nwrote \(svg)\n"))
    let rows = try svgRows(String(contentsOfFile: svg, encoding: .utf8))
    #expect(
      rows == [
        "privacy", "notifications", "whats-new", "whats-new", "tips", "promo", "security",
      ])
  }
}
