import AlertDispatchKit
import AlertDispatchSimulator
import Foundation
import Testing

/// Misuse of the dispatch tree: parent cycles, closed dispatches, providers that answer a stranger.
extension MisuseCatalogue {
  // MARK: The dispatch tree

  static let treeCases: [MisuseCase] = [
    MisuseCase(
      id: 23, input: "`setParent(_:)` that would make a cycle",
      diagnostic: "parent cycle refused: a -> c -> b -> a"
    ) { bench in
      let a = bench.dispatch("a")
      let b = bench.dispatch("b")
      let c = bench.dispatch("c")
      try b.setParent(a)
      try c.setParent(b)
      do {
        try a.setParent(c)
        Issue.record("no error")
        return []
      } catch {
        #expect(a.parent == nil && c.root === a)
        return ["\(error)"]
      }
    },
    MisuseCase(
      id: 24, input: "`setParent(_:)` with the dispatch itself",
      diagnostic: "parent cycle refused: a -> a"
    ) { bench in
      let a = bench.dispatch("a")
      do {
        try a.setParent(a)
        Issue.record("no error")
        return []
      } catch {
        #expect(a.parent == nil)
        return ["\(error)"]
      }
    },
    MisuseCase(
      id: 25, input: "`setParent(_:)` with a closed dispatch",
      diagnostic: "dispatch 'home' is closed"
    ) { bench in
      let home = bench.dispatch("home")
      home.close()
      let child = bench.dispatch("child")
      do {
        try child.setParent(home)
        Issue.record("no error")
        return []
      } catch {
        #expect(child.parent == nil)
        return ["\(error)"]
      }
    },
    MisuseCase(
      id: 26, input: "`close()` twice",
      diagnostic: "close() on dispatch 'home' that is already closed; ignored"
    ) { bench in
      let home = bench.dispatch("home")
      home.close()
      home.close()
      #expect(home.isClosed)
      return bench.diagnostics
    },
    MisuseCase(
      id: 27, input: "An active-child provider that returns a dispatch that is not its child",
      diagnostic:
        "active-child provider of 'root' returned 'stranger', which is not its child; ignored"
    ) { bench in
      let root = bench.dispatch("root")
      let stranger = bench.dispatch("stranger")
      root.activeChildProvider = { stranger }
      let a = root.add(AlertRequest(id: "a"))
      #expect(a.state == .showing)
      return bench.diagnostics
    },
    MisuseCase(id: 28, input: "A dispatch released without `close()`", diagnostic: nil) { bench in
      var outcome: AlertOutcome?
      weak var released: AlertDispatch?
      do {
        let screen = AlertDispatch(name: "screen", clock: bench.clock, presenter: bench.presenter)
        released = screen
        screen.add(AlertRequest(id: "a")) { outcome = $0 }
      }
      #expect(released == nil)
      #expect(outcome == .cancelled(.ownerClosed))
      #expect(bench.presenter.transcript.lines == ["present a @screen", "dismiss a @released"])
      return bench.diagnostics
    },
    MisuseCase(
      id: 47, input: "`release()` of a pause token a second time",
      diagnostic: "release() of a pause (all) of 'home' that was already released; ignored"
    ) { bench in
      let home = bench.dispatch("home")
      let first = home.pause()
      home.pause()
      first.release()
      first.release()
      let a = home.add(AlertRequest(id: "a"))
      #expect(home.isPaused)
      #expect(a.state == .queued)
      return bench.diagnostics
    },
    MisuseCase(
      id: 48, input: "`release()` of a pause token that `resume()` ended",
      diagnostic:
        "release() of a pause (all) of 'home' that was already released (by resume()); ignored"
    ) { bench in
      let home = bench.dispatch("home")
      let quiet = home.pause(category: "promotion")
      let token = home.pause()
      home.resume()
      token.release()
      #expect(!quiet.isReleased)
      return bench.diagnostics
    },
    MisuseCase(
      id: 49, input: "`pause(lane:)` naming a lane no alert of the domain uses yet",
      diagnostic:
        "pause(lane: 'tost') on 'home': no alert of its domain uses lane 'tost' yet; its alerts are held when they come"
    ) { bench in
      let home = bench.dispatch("home")
      home.add(AlertRequest(id: "a", lane: AlertLane("toast", capacity: .unlimited)))
      _ = home.pause(lane: AlertLane("tost"))
      let later = home.add(AlertRequest(id: "b", lane: AlertLane("tost")))
      #expect(later.state == .queued)
      return bench.diagnostics
    },
  ]
}
