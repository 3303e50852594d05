import AlertDispatchKit
import AlertDispatchSimulator
import Testing

/// Only the root of a domain counts caps and budgets: a frequency policy set below it becomes
/// the root's when the root has none, and is reported at once, naming the dispatch and the root,
/// when the root has another.
@MainActor
@Suite("Frequency caps: the policy belongs on the root", .timeLimit(.minutes(1)))
struct PolicyOnTheRootTests {
  func unused(_ name: String, root: String) -> String {
    "frequencyPolicy of '\(name)' is not used: only the root of a domain counts caps and budgets, and '\(root)', the root of its domain, has another; set it on '\(root)'"
  }

  /// A root whose diagnostics only the root it joins hears, so that each is counted once.
  func unobservedRoot(_ name: String, _ f: Fixture) -> AlertDispatch {
    let dispatch = AlertDispatch(name: name, clock: f.clock)
    f.watch(dispatch)
    return dispatch
  }

  @Test("A policy set below a root that has none becomes the root's, and counts the shows")
  func policyBelowARootWithNoneIsHonoured() {
    let f = Fixture()
    let window = f.dispatch("window")
    let home = f.dispatch("home", parent: window)
    window.activeChild = home
    let ledger = InMemoryFrequencyLedger()
    let policy = FrequencyPolicy(ledger: ledger)
    home.frequencyPolicy = policy
    #expect(window.frequencyPolicy === policy)
    f.track(home.add(AlertRequest(id: "bonus", cap: .onceEver())))
    #expect(ledger.allRecords.map(\.key) == ["bonus"])
    #expect(f.diagnostics == [], "honoured: nothing to report, no in-memory policy")
  }

  @Test("A policy set below a root that has another is reported at once, and not used")
  func policyBelowARootWithAnotherIsReported() {
    let f = Fixture()
    let window = f.dispatch("window")
    let windowLedger = InMemoryFrequencyLedger()
    window.frequencyPolicy = FrequencyPolicy(ledger: windowLedger)
    let home = f.dispatch("home", parent: window)
    window.activeChild = home
    let homeLedger = InMemoryFrequencyLedger()
    home.frequencyPolicy = FrequencyPolicy(ledger: homeLedger)
    #expect(f.diagnostics == [unused("home", root: "window")])
    f.track(home.add(AlertRequest(id: "bonus", cap: .onceEver())))
    #expect(homeLedger.allRecords.isEmpty)
    #expect(windowLedger.allRecords.map(\.key) == ["bonus"])
  }

  @Test("A root that joins a domain whose root has another policy is reported when it joins")
  func rootThatJoinsIsReported() {
    let f = Fixture()
    let window = f.dispatch("window")
    window.frequencyPolicy = FrequencyPolicy()
    let sheet = unobservedRoot("sheet", f)
    sheet.frequencyPolicy = FrequencyPolicy()
    #expect(f.diagnostics == [], "a root's policy is used")
    try! sheet.setParent(window)
    #expect(f.diagnostics == [unused("sheet", root: "window")])
  }

  @Test("A root that joins a domain whose root has no policy hands its policy to that root")
  func rootThatJoinsARootWithNoneHandsItOver() {
    let f = Fixture()
    let window = f.dispatch("window")
    let nav = unobservedRoot("nav", f)
    let policy = FrequencyPolicy()
    nav.frequencyPolicy = policy
    try! nav.setParent(window)
    #expect(window.frequencyPolicy === policy)
    #expect(f.diagnostics == [])
  }

  @Test("A join reports every dispatch of the joining subtree whose policy goes unused")
  func joiningSubtreeIsReported() {
    let f = Fixture()
    let window = f.dispatch("window")
    window.frequencyPolicy = FrequencyPolicy()
    let nav = unobservedRoot("nav", f)
    let policy = FrequencyPolicy()
    nav.frequencyPolicy = policy
    let detail = f.dispatch("detail", parent: nav)
    detail.frequencyPolicy = policy  // the root's own: used
    #expect(f.diagnostics == [])
    try! nav.setParent(window)
    #expect(f.diagnostics == [unused("nav", root: "window"), unused("detail", root: "window")])
  }

  @Test("Setting the root's policy reports the descendants that hold another")
  func settingTheRootsPolicyReportsOthers() {
    let f = Fixture()
    let window = f.dispatch("window")
    let home = f.dispatch("home", parent: window)
    home.frequencyPolicy = FrequencyPolicy()  // taken by the window
    #expect(f.diagnostics == [])
    window.frequencyPolicy = FrequencyPolicy()
    #expect(f.diagnostics == [unused("home", root: "window")])
  }

  @Test("The root's own policy set on its descendants too is used, and not reported")
  func sharedPolicyIsNotReported() {
    let f = Fixture()
    let window = f.dispatch("window")
    let policy = FrequencyPolicy()
    window.frequencyPolicy = policy
    let home = f.dispatch("home", parent: window)
    home.frequencyPolicy = policy
    let sheet = unobservedRoot("sheet", f)
    sheet.frequencyPolicy = policy
    try! sheet.setParent(window)
    #expect(f.diagnostics == [])
  }

  @Test("A dispatch that leaves its domain uses its own policy again, without a word")
  func leavingMakesThePolicyUsed() {
    let f = Fixture()
    let window = f.dispatch("window")
    window.frequencyPolicy = FrequencyPolicy()
    let home = f.dispatch("home", parent: window)
    let ledger = InMemoryFrequencyLedger()
    home.frequencyPolicy = FrequencyPolicy(ledger: ledger)
    try! home.setParent(nil)
    home.presenter = f.presenter
    f.diagnostics = []
    f.track(home.add(AlertRequest(id: "bonus", cap: .onceEver())))
    #expect(ledger.allRecords.map(\.key) == ["bonus"])
  }
}
