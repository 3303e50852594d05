import AlertDispatchKit
import AlertDispatchScenarioFormat
import AlertDispatchSimulator
import Testing

/// Scenarios on bare dispatches (`dispatch`), driven by the app's own calls, with the scripted
/// presenter of a replay or the simulator's.
@MainActor
@Suite("Scenarios on bare dispatch trees", .timeLimit(.minutes(1)))
struct DispatchTreeScenarioTests {
  init() {
    AlertDispatch.diagnosticHandler = { _ in }
  }

  func run(_ text: String) throws -> ScenarioResult {
    ScenarioRunner.run(try Scenario.parse(text, file: "t.scenario"))
  }

  @Test("the active child decides which bare dispatch's alert goes up")
  func activeChildMovesTheChain() throws {
    let result = try run(
      """
      dispatch app
      dispatch feed parent app
      dispatch chat parent app
      alert f on feed
      alert c on chat
      at 0s
        active app feed
        expect showing f
      at 1s
        active app chat
        expect showing c
        expect state f suspended
      at 2s
        disappear chat
        expect showing nothing
        appear chat
        dismiss c Done
        expect outcome c dismissed(Done)
        expect transcript
          present f @feed
          hide f @feed
          present c @chat
          hide c @chat
          restore c @chat
          end c: dismissed(Done)
        end
      """)
    #expect(result.passed, "\(result.failures.map(\.description).joined(separator: "\n"))")
  }

  @Test("a provider's new answer counts from the next pass, and set-parent joins a domain")
  func providerAnswersSilently() throws {
    let result = try run(
      """
      dispatch app
      dispatch a parent app
      dispatch b parent app
      dispatch loose
      alert x on a
      alert y on b
      alert z on loose later
      at 0s
        set-provider app a
        expect showing x
        provider app b
        expect showing x
        arbitrate app
        expect showing y
      at 1s
        add z
        set-parent loose app
        expect showing y
        expect state z suspended
        set-parent loose none
        expect showing y z
      """)
    #expect(result.passed, "\(result.failures.map(\.description).joined(separator: "\n"))")
  }

  @Test("the scripted presenter answers as told and completes nothing on its own")
  func scriptedPresenterAnswersAsTold() throws {
    let result = try run(
      """
      presenter scripted
      dispatch home
      alert a on home
      alert b on home later autodismiss 1s
      at 0s
        expect state a showing
        cancel a
        expect state a dismissing
        answer b refuse "no host"
        answer b presenting
        dismiss a
        add b
        expect state b queued
      at 100ms
        expect state b presenting
        finish-presenting b
        expect state b showing
      at 1100ms
        expect state b dismissing
        dismiss b
        expect transcript
          present a @home
          dismiss a @home
          end a: cancelled(cancelled by app)
          refuse b @home: no host
          present b @home
          dismiss b @home
          end b: dismissed(auto-dismissed)
        end
      """)
    #expect(result.passed, "\(result.failures.map(\.description).joined(separator: "\n"))")
  }
}

extension DispatchTreeScenarioTests {
  @Test("a block before the timers of its instant runs before they fire")
  func beforeTimersBlockRunsFirst() throws {
    let result = try run(
      """
      presenter scripted
      dispatch home
      alert a on home autodismiss 1s
      alert b on home later priority high
      at 1s before-timers
        add b
        expect state a suspended
      at 1s
        expect state a suspended
        expect transcript
          present a @home
          hide a @home
          present b @home
        end
      """)
    #expect(result.passed, "\(result.failures.map(\.description).joined(separator: "\n"))")
    let late = try run(
      """
      presenter scripted
      dispatch home
      alert a on home autodismiss 1s
      alert b on home later priority high
      at 1s
        add b
        expect state a dismissing
      """)
    #expect(late.passed, "\(late.failures.map(\.description).joined(separator: "\n"))")
  }

  @Test("a block after some of the timers of its instant runs between them")
  func afterTimersBlockRunsBetweenTimers() throws {
    let result = try run(
      """
      presenter scripted
      lane toast capacity unlimited
      dispatch home
      alert a on home autodismiss 1s
      alert t on home lane toast autodismiss 1s
      at 1s after-timers 1
        expect state a dismissing
        expect state t showing
        expect transcript
          present a @home
          present t @home
          dismiss a @home
        end
      at 1s
        expect state t dismissing
        expect transcript
          dismiss t @home
        end
      """)
    #expect(result.passed, "\(result.failures.map(\.description).joined(separator: "\n"))")
  }

  @Test("calls together run before the pass they ask for, as calls from a completion handler do")
  func togetherCallsShareOnePass() throws {
    func transcript(together: Bool) throws -> ScenarioResult {
      let calls = ["dismiss a OK", "add low", "add high"]
      let block =
        together
        ? "  together\n" + calls.map { "    \($0)\n" }.joined() + "  end\n"
        : calls.map { "  \($0)\n" }.joined()
      return try run(
        """
        presenter scripted
        dispatch home
        alert a on home
        alert low on home priority low later
        alert high on home priority high later
        at 1s
        \(block)\
          expect transcript
            present a @home
            end a: dismissed(OK)
            present high @home
          end
        """)
    }
    let joined = try transcript(together: true)
    #expect(joined.passed, "\(joined.failures.map(\.description).joined(separator: "\n"))")
    // One by one, each runs its pass: the low alert goes up, then the high one hides it.
    let apart = try transcript(together: false)
    #expect(!apart.passed)
    #expect(
      apart.failures.first?.description.contains("+ present low @home\n+ hide low @home") == true,
      "\(apart.failures.map(\.description))")
  }
}
