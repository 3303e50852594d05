import Testing

/// Every example prints exactly its expected transcript, and alertsim prints each scenario's
/// expected timeline (Expected/NAME.txt).
@Suite("Example outputs", .timeLimit(.minutes(1)))
struct ExampleOutputTests {
  @Test(
    "Each example executable prints its expected output",
    arguments: [
      "push-permissions", "home-popups", "tab-domains", "onboarding-flow", "observable-presenter",
      "record-and-replay",
    ])
  func example(_ name: String) async throws {
    let output = try Products.run(name)
    #expect(output.status == 0, "\(name) exited with \(output.status): \(output.stderr)")
    try await Products.expect(output.stdout, matches: name)
  }

  @Test("alertsim prints each scenario's expected timeline", arguments: Products.scenarios)
  func scenario(_ name: String) async throws {
    let output = try Products.run("alertsim", ["Examples/Scenarios/\(name).scenario"])
    #expect(output.status == 0, "\(name) failed: \(output.stderr)")
    #expect(output.stderr.isEmpty)
    try await Products.expect(output.stdout, matches: "alertsim-\(name)")
  }

  @Test("Every story has a scenario file")
  func stories() {
    #expect(
      Products.scenarios == [
        "chat-banners", "home-popups", "onboarding-flow", "push-permissions", "sign-out",
        "tab-domains",
      ])
  }
}
