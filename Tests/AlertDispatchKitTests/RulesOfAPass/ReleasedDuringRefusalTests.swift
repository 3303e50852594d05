import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// A presenter that releases a dispatch while refusing one of its alerts. The pass goes on
/// with the chain it began with, in which the refused alert still stands first in line, so it
/// holds back the alert behind it until its retry; once the pass ends, the released dispatch
/// leaves the tree, its alerts end, and the next pass puts the other alert up. The invariant
/// checks after the first pass must judge the lane with that chain too: a chain built afresh,
/// without the released dispatch, would report a lane with room.
@MainActor
@Suite("A dispatch released while its alert is refused", .timeLimit(.minutes(1)))
struct ReleasedDuringRefusalTests {
  @Test("The lane waits for the released dispatch to leave, and the other alert goes up then")
  func releasedWhileRefused() {
    let f = Fixture()
    let root = f.dispatch("root")
    var child: AlertDispatch? = f.dispatch("child", parent: root)
    root.activeChild = child
    var shown: [AlertID] = []
    root.presenter = ClosurePresenter(present: { alert in
      if alert.id == "c" {
        child = nil
        return .cannotPresentNow("no host")
      }
      shown.append(alert.id)
      return .presented
    })
    root.pause()
    f.track(root.add(AlertRequest(id: "r", priority: .low)))
    let refused = f.track(child!.add(AlertRequest(id: "c", priority: .high)))
    root.resume()
    #expect(child == nil)
    // The released dispatch's alert ended, and the root's went up in the pass that followed.
    #expect(refused.endedOutcome == .cancelled(.ownerClosed))
    #expect(shown == ["r"])
    #expect(root.alert(withID: "c") == nil)
    f.verify()
  }
}
