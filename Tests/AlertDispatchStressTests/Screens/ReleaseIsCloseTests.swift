import AlertDispatchKit
import AlertDispatchSimulator
import Dispatch
import Testing

/// Releasing a dispatch closes it: its events finish, its alerts end as events and start their
/// lanes' gaps, and their completions see the tree as it is.
@MainActor
@Suite("Leaks: a release is a close", .timeLimit(.minutes(1)))
struct ReleaseIsCloseTests {
  init() {
    AlertDispatch.diagnosticHandler = { _ in }
  }

  @Test("Releasing a dispatch ends the loops over its events, and a stream the app keeps")
  func releaseFinishesEvents() async {
    var dispatch: AlertDispatch? = AlertDispatch(name: "x", clock: VirtualClock())
    let iterated = dispatch?.events
    let kept = dispatch?.events
    let loop = Task { @MainActor in
      var seen: [String] = []
      for await event in iterated! { seen.append(event.description) }
      return seen
    }
    dispatch?.add(AlertRequest(id: "a"))
    dispatch = nil
    // With no presenter, the alert is refused; the release ends it and the domain drains.
    let events = [
      "0s added a [modal] @x",
      "0s refused(no presenter for dispatch 'x' or its ancestors) a [modal] @x",
      "0s ended(cancelled(owner closed)) a [modal] @x", "0s drained @x",
    ]
    // Ends without being cancelled: the release finished the stream. (Should it not, the time
    // limit cancels the test, and with it the loop, rather than leaving the run waiting.)
    let looped = await withTaskCancellationHandler {
      await loop.value
    } onCancel: {
      loop.cancel()
    }
    #expect(looped == events)
    var seen: [String] = []
    for await event in kept! { seen.append(event.description) }
    #expect(seen == events)
  }

  @Test("A completion handler of an alert whose dispatch was released sees the tree as it is")
  func orphanCompletionSeesTheTree() throws {
    let clock = VirtualClock()
    let presenter = RecordingPresenter(clock: clock)
    var root: AlertDispatch? = AlertDispatch(name: "root", clock: clock, presenter: presenter)
    let child = AlertDispatch(name: "child", clock: clock, presenter: presenter)
    try child.setParent(root)
    root?.activeChildProvider = { [weak child] in child }
    child.add(AlertRequest(id: "c", lane: AlertLane("toast", capacity: .unlimited)))
    var seen: AlertExplanation?
    root?.add(AlertRequest(id: "r")) { _ in seen = child.explain("c") }
    root = nil
    #expect(seen == .showing)
    #expect(child.explain("c") == .showing)
  }

  @Test("Releasing a dispatch closes it: its alerts' ends are events, and start their lane's gap")
  func releaseIsClose() throws {
    let clock = VirtualClock()
    let root = AlertDispatch(
      name: "root", clock: clock, presenter: RecordingPresenter(clock: clock))
    var ended: [String] = []
    root.observe { event in
      if case .ended(let outcome) = event.kind { ended.append("\(event.alertID!): \(outcome)") }
    }
    let lane = AlertLane("banner", minimumGap: .seconds(1))
    do {
      let child = AlertDispatch(name: "child", clock: clock)
      try child.setParent(root)
      root.activeChildProvider = { [weak child] in child }
      child.add(AlertRequest(id: "shown", lane: lane))
      child.add(AlertRequest(id: "queued", lane: lane))
    }
    #expect(ended == ["shown: cancelled(owner closed)", "queued: cancelled(owner closed)"])
    root.add(AlertRequest(id: "next", lane: lane))
    #expect(root.explain("next") == .gap(until: clock.now + .seconds(1)))
  }
}
