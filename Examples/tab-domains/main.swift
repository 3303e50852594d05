// Navigation → tabs → child screens, linked into one domain. The tab bar's own alert
// and the tabs' alerts are arbitrated together; a tab switch suspends the old tab's alert and
// restores the new tab's; pushing a screen over the tabs takes them all off the chain.
import AlertDispatchKit
import AlertDispatchSimulator

@MainActor
func run() {
  let sim = Simulator(windowName: "main")
  let feed = sim.screen("feed")
  let messages = sim.screen("messages")
  let me = sim.screen("me")
  let tabbar = sim.tabs("tabbar", [feed, messages, me])
  let stack = sim.window.setRoot(sim.navigation("stack", root: tabbar))
  sim.link(stack)  // stack → tabbar → the selected tab: one domain
  let trace = AlertTrace()
  trace.attach(to: stack.dispatch)

  func at(_ seconds: Int, _ what: String, _ action: () -> Void = {}) {
    sim.clock.advance(to: AlertInstant(offset: .seconds(seconds)))
    trace.mark(what, at: sim.now)
    action()
  }
  func explain(_ id: AlertID) {
    print("  \(id): \(stack.dispatch.explain(id))")
  }

  tabbar.dispatch.add(AlertRequest(id: "new-version", priority: .high))
  feed.dispatch.add(AlertRequest(id: "feed-tip"))
  messages.dispatch.add(AlertRequest(id: "unread"))
  me.dispatch.add(AlertRequest(id: "profile-tip", after: ["unread"]))
  print("0s  the tab bar's alert and the feed's compete in one domain:")
  explain("new-version")
  explain("feed-tip")

  at(1, "select messages") { tabbar.select(messages) }
  print("1s  select messages: the tab bar's alert stays over every tab")
  explain("new-version")
  at(2, "tap Later") { sim.presenter.tap("new-version", "Later") }
  at(3, "select feed") { tabbar.select(feed) }
  print("3s  select feed: unread is suspended, the feed's tip goes up")
  explain("unread")
  at(4, "select messages") { tabbar.select(messages) }
  at(5, "push detail") { stack.push(sim.screen("detail"), animated: true) }
  print("5s  push detail: the whole tab bar is off the chain")
  explain("unread")
  at(6, "pop") { stack.pop(animated: true) }
  at(7, "select me") { tabbar.select(me) }
  print("7s  select me: the profile tip waits for an alert of another tab")
  explain("profile-tip")
  at(8, "select messages, tap OK, select me") {
    tabbar.select(messages)
    sim.presenter.tap("unread", "OK")
    tabbar.select(me)
  }
  at(9, "tap OK, select feed") {
    sim.presenter.tap("profile-tip", "OK")
    tabbar.select(feed)
  }
  at(10, "tap OK") { sim.presenter.tap("feed-tip", "OK") }
  print()
  print(trace.timeline(until: sim.now, width: 40))
}

MainActor.assumeIsolated { run() }
