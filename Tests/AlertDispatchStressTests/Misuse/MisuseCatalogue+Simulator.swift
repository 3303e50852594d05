import AlertDispatchKit
import AlertDispatchSimulator
import Foundation
import Testing

/// What UIKit refuses, as the simulator refuses it.
extension MisuseCatalogue {
  // MARK: The simulator (what UIKit refuses)

  @MainActor
  static func simulator(_ body: (Simulator) -> Void) -> [String] {
    let sim = Simulator()
    body(sim)
    return sim.transcript.lines.filter { $0.hasPrefix("ignored") || $0.contains("not on screen") }
  }

  static let simulatorCases: [MisuseCase] = [
    MisuseCase(
      id: 35, input: "Popping a navigation stack that holds only its root",
      diagnostic: "ignored pop @nav: only the root screen is on the stack"
    ) { _ in
      simulator { sim in
        let nav = sim.window.setRoot(sim.navigation("nav", root: sim.screen("home")))
        nav.pop()
      }
    },
    MisuseCase(
      id: 36, input: "Pushing while a transition runs",
      diagnostic: "ignored push b @nav: a transition is running"
    ) { _ in
      simulator { sim in
        let nav = sim.window.setRoot(sim.navigation("nav", root: sim.screen("home")))
        nav.push(sim.screen("a"), animated: true)
        nav.push(sim.screen("b"), animated: true)
        sim.advance(by: sim.transitionDuration)
        #expect(nav.stack.map(\.name) == ["home", "a"])
      }
    },
    MisuseCase(
      id: 37, input: "Pushing a screen that was closed",
      diagnostic: "ignored push a @nav: a is closed"
    ) { _ in
      simulator { sim in
        let nav = sim.window.setRoot(sim.navigation("nav", root: sim.screen("home")))
        let a = sim.screen("a")
        nav.push(a, animated: false)
        nav.pop(animated: false)
        nav.push(a, animated: false)
      }
    },
    MisuseCase(
      id: 38, input: "Selecting a tab that does not exist",
      diagnostic: "ignored select 5 @tabs: there is no tab 5"
    ) { _ in
      simulator { sim in
        let tabs = sim.window.setRoot(sim.tabs("tabs", [sim.screen("feed"), sim.screen("me")]))
        tabs.select(5)
        #expect(tabs.selectedIndex == 0)
      }
    },
    MisuseCase(
      id: 39, input: "Presenting from a screen that is not in a window",
      diagnostic: "ignored present modal @loose: loose is not in a window"
    ) { _ in
      simulator { sim in
        sim.screen("loose").present(sim.screen("modal"))
      }
    },
    MisuseCase(
      id: 40, input: "Tapping an alert that is not on screen",
      diagnostic: "tap ghost OK: not on screen"
    ) { _ in
      simulator { sim in
        sim.window.setRoot(sim.screen("home"))
        sim.presenter.tap("ghost", "OK")
      }
    },
    MisuseCase(
      id: 41, input: "`activeChild` set to a dispatch that is not a child",
      diagnostic: "activeChild of 'root' set to 'stranger', which is not its child; ignored"
    ) { bench in
      let root = bench.dispatch("root")
      let child = bench.dispatch("child")
      try child.setParent(root)
      let stranger = bench.dispatch("stranger")
      root.activeChild = child
      root.activeChild = stranger
      #expect(root.activeChild === child)
      let a = child.add(AlertRequest(id: "a"))
      #expect(a.state == .showing)
      return bench.diagnostics
    },
    MisuseCase(
      id: 42, input: "`setParent(_:)` with a dispatch whose `close()` waits in line",
      diagnostic: "setParent(box) on 'child': 'box' was closed while the call waited; ignored"
    ) { bench in
      let host = bench.dispatch("host")
      let box = bench.dispatch("box")
      let child = bench.dispatch("child")
      // During a pass both calls wait: the join was accepted when it was made (the box was not
      // closed yet), and finds the box closed when it runs.
      host.presenter = ClosurePresenter(present: { _ in
        box.close()
        #expect(throws: Never.self) { try child.setParent(box) }
        return .presented
      })
      let a = host.add(AlertRequest(id: "a"))
      #expect(a.state == .showing)
      #expect(child.parent == nil && box.children.isEmpty)
      // The invariant checks would report a closed dispatch with a child.
      for root in [host, box, child] {
        #expect(root.checkInvariants() == [])
        #expect(root.invariantViolations == [])
      }
      let late = child.add(AlertRequest(id: "late"))
      #expect(late.state == .showing)
      return bench.diagnostics
    },
    MisuseCase(
      id: 43, input: "`close(result:)` on an alert that is queued",
      diagnostic:
        "close(result:) on alert 'b' that is queued, not on screen; ignored (use cancel())"
    ) { bench in
      let home = bench.dispatch("home")
      home.add(AlertRequest(id: "a"))
      let b = home.add(AlertRequest(id: "b"))
      b.close(result: "Later")
      #expect(b.state == .queued)
      return bench.diagnostics
    },
    MisuseCase(
      id: 46, input: "`cancelAlerts(.lane(_:))` naming a lane no alert of the domain uses",
      diagnostic:
        "cancelAlerts(lane 'tost') on 'home': no alert of its domain uses lane 'tost'; nothing cancelled"
    ) { bench in
      let home = bench.dispatch("home")
      let a = home.add(AlertRequest(id: "a", lane: AlertLane("toast", capacity: .unlimited)))
      #expect(home.cancelAlerts(.lane(AlertLane("tost"))).isEmpty)
      #expect(a.state == .showing)
      return bench.diagnostics
    },
  ]
}
