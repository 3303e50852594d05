import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// Random calls on six dispatches that mix active children, providers, parents, visibility,
/// pause and time: after every call, every root's invariants hold (with checks on, every pass
/// also compares a reused chain with one built afresh), and no waiting alert is explained as
/// eligible.
@MainActor
@Suite("Active child: random calls", .timeLimit(.minutes(1)))
struct ActiveChildRandomTests {
  @Test("Invariants and explanations hold after every call", arguments: Array(1...12))
  func world(seed: Int) {
    let f = Fixture()
    var random = TestGenerator(state: UInt64(seed) &* 7919)
    var nodes: [AlertDispatch] = (0..<6).map { f.dispatch("n\($0)") }
    var handles: [AlertHandle] = []
    var counter = 0
    var log: [String] = []
    let side = AlertLane("side", capacity: .limited(1))
    for step in 0..<400 {
      let pick = nodes[random.next(nodes.count)]
      let other = nodes[random.next(nodes.count)]
      switch random.next(13) {
      case 0, 1:
        counter += 1
        let priority = [AlertPriority.low, .normal, .high][random.next(3)]
        let lane = random.next(3) == 0 ? side : AlertLane.modal
        let timing = random.next(5) == 0 ? AlertTiming(delay: .seconds(1)) : AlertTiming()
        handles.append(
          f.add(AlertID("a\(counter)"), to: pick, priority: priority, lane: lane, timing: timing))
        log.append("add a\(counter) \(pick.name)")
      case 2:
        let ids = f.presenter.onScreenIDs
        if !ids.isEmpty {
          let id = ids[random.next(ids.count)]
          f.presenter.tap(id, "OK")
          log.append("tap \(id)")
        }
      case 3:
        pick.appear()
        log.append("appear \(pick.name)")
      case 4:
        pick.disappear()
        log.append("disappear \(pick.name)")
      case 5:
        pick.pause()
        log.append("pause \(pick.name)")
      case 6:
        pick.resume()
        log.append("resume \(pick.name)")
      case 7, 8:
        let child =
          random.next(4) == 0
          ? nil
          : (pick.children.isEmpty || random.next(3) == 0
            ? other : pick.children[random.next(pick.children.count)])
        pick.activeChild = child
        log.append("\(pick.name).activeChild = \(child?.name ?? "nil")")
      case 9:
        if random.next(2) == 0 {
          pick.activeChildProvider = { other }
          log.append("\(pick.name).provider = \(other.name)")
        } else {
          pick.activeChildProvider = nil
          log.append("\(pick.name).provider = nil")
        }
      case 10:
        let parent: AlertDispatch? = random.next(4) == 0 ? nil : other
        if (try? pick.setParent(parent)) != nil {
          log.append("\(pick.name).setParent(\(parent?.name ?? "nil"))")
        }
      case 11:
        f.clock.advance(by: .seconds(1))
        log.append("advance")
      default:
        if random.next(6) == 0 {
          pick.close()
          log.append("close \(pick.name)")
          let index = nodes.firstIndex { $0 === pick }!
          nodes[index] = f.dispatch("m\(step)")
        }
      }
      _ = f.take()
      let recent = log.suffix(12).joined(separator: "\n")
      var seen: Set<ObjectIdentifier> = []
      for node in nodes {
        let root = node.root
        guard seen.insert(ObjectIdentifier(root)).inserted else { continue }
        let violations = root.invariantViolations + root.checkInvariants()
        if !violations.isEmpty {
          Issue.record("seed \(seed) step \(step): \(violations)\n\(recent)")
          return
        }
        root.invariantViolations = []
      }
      for handle in handles where handle.state == .queued || handle.state == .suspended {
        guard let dispatch = handle.dispatch, dispatch.alert(withID: handle.id) === handle else {
          continue
        }
        let explanation = dispatch.explain(handle.id)
        if explanation == .eligible || explanation == .outranked(by: []) {
          Issue.record(
            "seed \(seed) step \(step): \(handle.id) \(handle.state) explained \(explanation)\n\(recent)"
          )
          return
        }
      }
    }
    f.verify()
  }
}
