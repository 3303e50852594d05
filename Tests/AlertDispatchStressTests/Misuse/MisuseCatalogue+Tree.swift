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
  ]
}
