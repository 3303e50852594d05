import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// The package hook a recorder attaches to a root: what it hears, and when.
@MainActor
@Suite("Observability: a root's input hook", .timeLimit(.minutes(1)))
struct InputHookTests {
  init() {
    AlertDispatch.diagnosticHandler = { _ in }
  }

  /// Each input the hook heard, written short, with its instant.
  final class Heard {
    var lines: [String] = []
  }

  func hook(_ heard: Heard) -> AlertInputHook {
    { input, instant in
      let line: String? =
        switch input {
        case .add(let alert, let dispatch): "add \(alert.id) to \(dispatch.name)"
        case .appear(let dispatch): "appear \(dispatch.name)"
        case .disappear(let dispatch): "disappear \(dispatch.name)"
        case .presented(let alert, let answer): "presented \(alert.id): \(answer)"
        case .hidden(let alert): "hidden \(alert.id)"
        case .restored(let alert): "restored \(alert.id)"
        case .cancel(let alert): "cancel \(alert.id)"
        case .dismissed(let alert): "dismissed \(alert.id)"
        case .didDismiss(let alert, let result): "didDismiss \(alert.id) \(result)"
        case .setParent(let dispatch, let parent):
          "setParent \(dispatch.name) \(parent?.name ?? "nil")"
        default: nil
        }
      if let line { heard.lines.append("\(instant) \(line)") }
    }
  }

  @Test("the hook hears each input and presenter call when it takes effect, at the root's instant")
  func hookHearsInputsInOrder() throws {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    let root = AlertDispatch(name: "root", clock: clock, presenter: presenter)
    let heard = Heard()
    root.inputHook = hook(heard)
    let child = AlertDispatch(name: "child", clock: clock)
    child.add(AlertRequest(id: "early"))
    try child.setParent(root)
    root.activeChild = child
    clock.advance(by: .seconds(1))
    let late = child.add(AlertRequest(id: "late", priority: .high))
    clock.advance(by: .seconds(1))
    child.disappear()
    late.cancel()
    #expect(
      heard.lines == [
        "0s setParent child root",
        "0s presented early: presented",
        "1s add late to child",
        "1s hidden early",
        "1s presented late: presented",
        "2s disappear child",
        "2s hidden late",
        "2s cancel late",
        "2s dismissed late",
      ])
    // A hidden alert ends as it is taken down: the presenter's report comes after its end, when
    // nothing is left to decide, and is not an input.
    #expect(late.endedOutcome == .cancelled(.cancelledByApp))
  }

  @Test("a root's hook hears the calls of its domain only, while the dispatch is in it")
  func hookHearsItsDomainOnly() throws {
    let root = AlertDispatch(name: "root")
    let child = AlertDispatch(name: "child")
    var heard: [String] = []
    root.inputHook = { input, _ in
      if case .add(let handle, let dispatch) = input {
        heard.append("\(handle.id) @\(dispatch.name)")
      }
    }
    child.add(AlertRequest(id: "alone"))
    try child.setParent(root)
    child.add(AlertRequest(id: "joined"))
    try child.setParent(nil)
    child.add(AlertRequest(id: "left"))
    #expect(heard == ["joined @child"])
  }
}
