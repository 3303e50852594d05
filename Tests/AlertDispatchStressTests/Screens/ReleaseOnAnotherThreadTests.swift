import AlertDispatchKit
import AlertDispatchSimulator
import Dispatch
import Testing

/// A dispatch whose last reference goes on another thread waits for its deinit on the main
/// actor; until then nothing may reach it through the tree, its alerts or `root`.
@MainActor
@Suite("Leaks: a dispatch released on another thread", .timeLimit(.minutes(1)))
struct ReleaseOnAnotherThreadTests {
  init() {
    AlertDispatch.diagnosticHandler = { _ in }
  }

  /// A dispatch whose last reference goes on another thread is deinited later, on the main
  /// actor; in between it is deiniting, and the tree, its children and its alerts still point
  /// to it. Asking for it then must answer `nil`, whether a weak reference to it was formed
  /// before (`askedBefore`) or is formed then (see `FacadeLink`).
  @Test(
    "A dispatch released on another thread reads as gone until its deinit runs",
    arguments: [false, true])
  func releasedOnAnotherThread(askedBefore: Bool) async throws {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    let child = AlertDispatch(name: "child", clock: clock)
    let box = ReleaseBox(AlertDispatch(name: "parent", clock: clock, presenter: presenter))
    let handle = try box.withDispatch { parent in
      try child.setParent(parent)
      let handle = parent.add(AlertRequest(id: "a"))
      if askedBefore {
        #expect(child.parent === parent)
        #expect(handle.dispatch === parent)
        #expect(child.root === parent)
      }
      return handle
    }
    #expect(box.releaseOnAnotherThread())
    #expect(child.parent == nil)
    #expect(handle.dispatch == nil)
    #expect(child.root === child)
    #expect(!handle.state.isEnded)
    // Once the main actor is free, the deinit runs and closes the dispatch.
    for _ in 0..<1_000 where !handle.state.isEnded { await Task.yield() }
    #expect(handle.state == .ended(.cancelled(.ownerClosed)))
    #expect(child.parent == nil)
  }

  /// `root` must not climb past a released dispatch still in the tree, where `parent` answers
  /// `nil`. Released during a pass (the node leaves the tree once the pass ends) and released
  /// on another thread (until its deinit runs).
  @Test("root stops below a released dispatch still in the tree, as parent does")
  func rootStopsBelowReleasedDispatch() throws {
    let clock = VirtualClock()
    let child = AlertDispatch(name: "child", clock: clock)
    var middle: AlertDispatch? = AlertDispatch(name: "middle", clock: clock)
    var seen: (parentIsNil: Bool, root: String)?
    let presenter = ClosurePresenter(present: { _ in
      middle = nil
      seen = (child.parent == nil, child.root.name)
      return .presented
    })
    let top = AlertDispatch(name: "top", clock: clock, presenter: presenter)
    try middle?.setParent(top)
    try middle.map { try child.setParent($0) }
    top.add(AlertRequest(id: "a"))
    #expect(seen?.parentIsNil == true)
    #expect(seen?.root == "child")
    #expect(child.root === child)

    let box = ReleaseBox(AlertDispatch(name: "middle", clock: clock))
    try box.withDispatch { middle in
      try middle.setParent(top)
      try child.setParent(middle)
    }
    #expect(box.releaseOnAnotherThread())
    #expect(child.parent == nil)
    #expect(child.root === child)
  }

  /// A diagnostic about an ended alert, while its dispatch released on another thread waits
  /// for its deinit, must not go to the dispatch's observers as if it were still there.
  @Test("A diagnostic about an alert whose dispatch is being released names no dispatch")
  func diagnosticWhileDispatchIsReleased() throws {
    var dispatches: [String] = []
    let settings = AlertDispatchSettings { dispatches.append($0.dispatch) }
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    let box = withAlertDispatchSettings(settings) {
      ReleaseBox(AlertDispatch(name: "screen", clock: clock, presenter: presenter))
    }
    let handle = try box.withDispatch { $0.add(AlertRequest(id: "a")) }
    handle.cancel()
    #expect(handle.state.isEnded)
    dispatches = []
    #expect(box.releaseOnAnotherThread())
    #expect(handle.dispatch == nil)
    withAlertDispatchSettings(settings) { handle.cancel() }
    #expect(dispatches == ["released"])
  }
}
