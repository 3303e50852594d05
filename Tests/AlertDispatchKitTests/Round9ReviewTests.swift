import AlertDispatchSimulator
import Testing

@testable import AlertDispatchKit

/// Review of a53fac8..c869dc9: calls made while nothing runs run their body without building an
/// `Engine.Action`, and are queued as before while an action or a pass runs; the id table takes
/// its new entry owned; `Domain.release(_:)` removes a slot without waiters without copying its
/// list.
@MainActor
@Suite("Round 9 review: direct calls, queued calls, owned entries, released ids")
struct Round9ReviewTests {
  /// Every kind of call made from a presenter waits, and the calls run in the order made:
  /// plain calls (add, dismiss) and closure calls (cancel) share one queue.
  @Test("Calls a presenter makes wait and run in the order made, plain and closure calls alike")
  func presenterCallsRunInOrder() {
    let f = Fixture()
    let transcript = f.transcript
    // Set after the presenter is made, which captures them: held in an object.
    final class Refs {
      var home: AlertDispatch!
      var c: AlertHandle!
      var added: [AlertHandle] = []
    }
    let refs = Refs()
    let presenter = ClosurePresenter(present: { alert in
      transcript.record("present \(alert.id)")
      guard alert.id == "a" else { return .presented }
      let b = refs.home.add(AlertRequest(id: "b", priority: .high))
      refs.added.append(b)
      transcript.record("b \(b.state), known \(refs.home.alert(withID: "b") != nil)")
      refs.c.cancel()
      alert.dismiss(result: "x")
      transcript.record("a \(alert.state)")
      // Runs after the cancel of "c": not a duplicate.
      let again = refs.home.add(AlertRequest(id: "c"))
      refs.added.append(again)
      transcript.record("c again \(again.state)")
      return .presented
    })
    refs.home = AlertDispatch(name: "home", clock: f.clock, presenter: presenter)
    f.presenter.observeOutcomes(of: refs.home)
    refs.home.pause()
    refs.c = f.track(refs.home.add(AlertRequest(id: "c")))
    let a = f.track(refs.home.add(AlertRequest(id: "a", priority: .critical)))
    refs.home.resume()
    for handle in refs.added { f.track(handle) }
    f.expect([
      "present a", "b pending, known false", "a presenting", "c again pending",
      "end c: cancelled(cancelled by app)", "end a: dismissed(x)", "present b",
    ])
    #expect(a.endedOutcome == .dismissed("x"))
    #expect(refs.added.map(\.state) == [.showing, .queued])
    // Nothing runs now: a call runs at once.
    let d = f.track(refs.home.add(AlertRequest(id: "d")))
    #expect(d.state == .queued)
    refs.added[0].dismiss(result: "y")
    f.expect(["end b: dismissed(y)", "present c"])
    #expect(d.state == .queued)
    f.verify()
  }

  /// A call made while a direct call's body runs (here a completion handler called as the add
  /// ends its alert as a duplicate) waits for the body, then runs before the pass.
  @Test("A handler called inside a direct add queues its calls; they run before the pass")
  func handlerInsideDirectAdd() {
    let f = Fixture()
    let home = f.dispatch("home")
    f.add("rate", to: home)
    var seen: [String] = []
    var follow: AlertHandle?
    let duplicate = f.track(
      home.add(AlertRequest(id: "rate")) { _ in
        let handle = home.add(AlertRequest(id: "follow", priority: .critical))
        follow = handle
        seen.append("follow \(handle.state), known \(home.alert(withID: "follow") != nil)")
        home.alert(withID: "rate")?.dismiss(result: "from handler")
        seen.append("rate \(home.alert(withID: "rate")?.state.description ?? "gone")")
      })
    #expect(duplicate.endedOutcome == .cancelled(.duplicate(of: "rate")))
    #expect(seen == ["follow pending, known false", "rate showing"])
    f.track(follow!)
    f.expect([
      "present rate @home", "end rate: cancelled(duplicate of rate)",
      "end rate: dismissed(from handler)", "present follow @home",
    ])
    #expect(follow!.state == .showing)
    f.verify()
  }

  /// Appear, disappear, activeChild and markReady made from a completion handler (during a
  /// dismiss's body) each wait, and each is carried out with the arguments given.
  @Test("Screen and readiness calls from a handler wait and keep their arguments")
  func screenCallsFromHandler() {
    let f = Fixture()
    let root = f.dispatch("root")
    let tab1 = f.dispatch("tab1", parent: root)
    let tab2 = f.dispatch("tab2", parent: root, visible: false)
    root.activeChild = tab1
    f.add("t1", to: tab1, priority: .low)
    f.add("t2", to: tab2, priority: .high)
    let late = f.add("late", to: root, priority: .critical, readiness: .pending)
    var seen: [String] = []
    f.track(
      root.add(AlertRequest(id: "first", priority: .critical)) { _ in
        tab1.disappear()
        tab2.appear()
        root.activeChild = tab2
        late.markReady()
        seen.append(
          "active \(root.activeChild?.name ?? "none"), tab2 \(tab2.isVisible), tab1 \(tab1.isVisible), late \(late.state)"
        )
      })
    // "first" covers "t1", which is hidden.
    f.expect(["present t1 @tab1", "hide t1 @tab1", "present first @root"])
    f.presenter.tap("first", "OK")
    #expect(seen == ["active tab1, tab2 false, tab1 true, late pending"])
    #expect(root.activeChild === tab2)
    #expect(tab2.isVisible && !tab1.isVisible)
    f.expect(["tap first OK", "end first: dismissed(OK)", "present late @root"])
    f.presenter.tap("late", "OK")
    f.expect(["tap late OK", "end late: dismissed(OK)", "present t2 @tab2"])
    // Switching back from outside runs at once.
    root.activeChild = tab1
    tab2.disappear()
    tab1.appear()
    f.expect(["hide t2 @tab2", "restore t1 @tab1"])
    f.verify()
  }

  /// `release(_:)` drops the slot of an id nobody waits for, and keeps the slot (and its
  /// waiters) of an id others wait for until they leave it.
  @Test("An ended id is forgotten unless others wait for it")
  func releasedIDs() {
    let f = Fixture()
    let home = f.dispatch("home")
    var trace: [String] = []
    func note(_ step: String) {
      let domain = home.node.domain
      let held = domain.holders.alerts.map(\.id)
      let awaited = domain.waiting.slots.compactMap(\.key)
      let keys = Set(held + awaited).map { key in
        "\(key)\(domain.alert(withID: key) == nil ? "" : "+")\(domain.waiters(for: key).map { "<\($0.takeUnretainedValue().id)" }.joined())"
      }
      trace.append("\(step): \(keys.sorted().joined(separator: " "))")
    }
    let a = f.add("a", to: home)
    note("a up")
    a.dismiss(result: .closed)
    note("a ended")
    #expect(home.explain("a") == .notFound)
    // Re-added after its end: a new alert, not a duplicate.
    let a2 = f.add("a", to: home)
    #expect(a2.state == .showing)
    let b = f.add("b", to: home, after: ["a"])
    let c = f.add("c", to: home, after: ["a", "b"])
    note("b, c wait")
    a2.dismiss(result: .closed)
    note("a2 ended")
    #expect(b.state == .showing)
    let a3 = f.add("a", to: home)
    note("a3 added")
    b.dismiss(result: .closed)
    note("b ended")
    home.alert(withID: "a")?.dismiss(result: .closed)
    home.alert(withID: "c")?.dismiss(result: .closed)
    note("all ended")
    #expect(a3.state.isEnded && c.state.isEnded)
    #expect(home.node.domain.holders.count == 0 && home.node.domain.waiting.count == 0)
    #expect(
      trace == [
        "a up: a+", "a ended: ", "b, c wait: a+<b<c b+<c c+", "a2 ended: a<b<c b+<c c+",
        "a3 added: a+<b<c b+<c c+", "b ended: a+<c b<c c+", "all ended: ",
      ])
    f.verify(allEnded: true)
  }

  /// The found path of `insert(_:entry:)` must free the entry it did not store, once; the new
  /// slot must hold it (and its caller's copy stay valid).
  @Test("The id table stores or frees an owned entry exactly once")
  func ownedEntries() {
    final class Box {
      let value: Int
      init(_ value: Int) { self.value = value }
    }
    struct Entry {
      var box: Box?
    }
    weak var stored: Box?
    weak var refused: Box?
    weak var kept: Box?
    do {
      var table = IDTable(empty: Entry())
      do {
        let box = Box(1)
        stored = box
        let (slot, inserted) = table.insert("a", entry: Entry(box: box))
        #expect(inserted)
        #expect(table.slots[slot].entry.box === box)
      }
      #expect(stored != nil)
      do {
        let box = Box(2)
        refused = box
        let (slot, inserted) = table.insert("a", entry: Entry(box: box))
        #expect(!inserted)
        #expect(table.slots[slot].entry.box?.value == 1)
      }
      #expect(refused == nil)
      // A caller that keeps its own copy of the entry.
      let entry = Entry(box: Box(3))
      kept = entry.box
      _ = table.insert("b", entry: entry)
      _ = table.insert("b", entry: entry)
      #expect(entry.box?.value == 3)
      // Enough ids to grow the table several times.
      for index in 0..<100 { _ = table.insert(AlertID("n\(index)"), entry: Entry(box: Box(index))) }
      _ = table.slotInserting("empty")
      #expect(table.count == 103)
      #expect(table.slot(of: "a").map { table.slots[$0].entry.box?.value } == 1)
      table.remove(at: table.slot(of: "b")!)
      #expect(kept != nil)
      withExtendedLifetime(entry) {}
      table.remove(at: table.slot(of: "a")!)
      #expect(stored == nil)
    }
    #expect(kept == nil)
  }

  /// Roots marked dirty by one action run their passes in the order they were marked: the
  /// engine's list of dirty roots is first in, first out (this round takes its one root with
  /// `removeLast`, which must not change the order when there are more).
  @Test("Roots made dirty by one action run their passes in the order they were made dirty")
  func dirtyRootsInOrder() {
    let f = Fixture()
    let first = f.dispatch("first")
    let second = f.dispatch("second")
    let third = f.dispatch("third")
    // One action whose three adds wait in line, then run, marking each root dirty in turn.
    Engine.shared.perform {
      f.track(second.add(AlertRequest(id: "b")))
      f.track(third.add(AlertRequest(id: "c")))
      f.track(first.add(AlertRequest(id: "a")))
    }
    f.expect(["present b @second", "present c @third", "present a @first"])
    f.verify()
  }
}
