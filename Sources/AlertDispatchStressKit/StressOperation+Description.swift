/// Operations print as the Swift expressions that build them, so that a shrunk episode can be
/// pasted into a regression test.
extension StressOperation: CustomStringConvertible {
  /// `.push(nav: 3, screen: .fresh(.plain), animated: true)`.
  package var description: String {
    switch self {
    case .add(let spec): ".add(\(spec))"
    case .readd(let alert): ".readd(alert: \(alert))"
    case .ready(let alert): ".ready(alert: \(alert))"
    case .tap(let alert, let button): ".tap(alert: \(alert), button: \(button))"
    case .cancel(let alert): ".cancel(alert: \(alert))"
    case .cancelAll(let owner, let selection, let subtree):
      ".cancelAll(\(owner), selection: \(selection), subtree: \(subtree))"
    case .dismiss(let alert): ".dismiss(alert: \(alert))"
    case .finishPresenting(let alert): ".finishPresenting(alert: \(alert))"
    case .explain(let alert): ".explain(alert: \(alert))"
    case .root(let window, let screen): ".root(window: \(window), screen: \(screen))"
    case .push(let nav, let screen, let animated):
      ".push(nav: \(nav), screen: \(screen), animated: \(animated))"
    case .pop(let nav, let animated): ".pop(nav: \(nav), animated: \(animated))"
    case .popToRoot(let nav, let animated): ".popToRoot(nav: \(nav), animated: \(animated))"
    case .setStack(let nav, let keep, let add, let animated):
      ".setStack(nav: \(nav), keep: \(keep), add: \(add), animated: \(animated))"
    case .select(let tabs, let tab): ".select(tabs: \(tabs), tab: \(tab))"
    case .present(let over, let modal, let fullScreen, let animated):
      ".present(over: \(over), modal: \(modal), fullScreen: \(fullScreen), animated: \(animated))"
    case .dismissModal(let screen, let animated):
      ".dismissModal(screen: \(screen), animated: \(animated))"
    case .background(let window): ".background(window: \(window))"
    case .foreground(let window): ".foreground(window: \(window))"
    case .link(let owner): ".link(\(owner))"
    case .close(let owner): ".close(\(owner))"
    case .pause(let owner): ".pause(\(owner))"
    case .pauseScoped(let owner, let scope): ".pauseScoped(\(owner), scope: \(scope))"
    case .releasePause(let token): ".releasePause(token: \(token))"
    case .resume(let owner): ".resume(\(owner))"
    case .refuse(let on): ".refuse(\(on))"
    case .advance(let milliseconds): ".advance(milliseconds: \(milliseconds))"
    case .relaunch: ".relaunch"
    case .setParent(let raw, let parent): ".setParent(raw: \(raw), parent: \(optional(parent)))"
    case .setProvider(let raw, let child): ".setProvider(raw: \(raw), child: \(optional(child)))"
    case .setActiveChild(let raw, let child):
      ".setActiveChild(raw: \(raw), child: \(optional(child)))"
    case .setVisible(let raw, let visible): ".setVisible(raw: \(raw), visible: \(visible))"
    case .arbitrate(let owner): ".arbitrate(\(owner))"
    case .setPassScheduling(let owner, let coalesced, let atRoot):
      ".setPassScheduling(\(owner), coalesced: \(coalesced), atRoot: \(atRoot))"
    case .endTurn: ".endTurn"
    case .release(let raw): ".release(raw: \(raw))"
    }
  }
}

private func optional(_ value: (some CustomStringConvertible)?) -> String {
  value.map(\.description) ?? "nil"
}

extension StressOwner: CustomStringConvertible {
  /// `.screen(3)`, `.window(0)`, `.raw(1)`.
  package var description: String {
    switch self {
    case .screen(let index): ".screen(\(index))"
    case .window(let index): ".window(\(index))"
    case .raw(let index): ".raw(\(index))"
    }
  }
}

extension ScreenChoice: CustomStringConvertible {
  /// `.fresh(.plain)`, `.existing(4)`.
  package var description: String {
    switch self {
    case .fresh(let shape): ".fresh(\(shape))"
    case .existing(let index): ".existing(\(index))"
    }
  }
}

extension ScreenShape: CustomStringConvertible {
  /// `.plain`, `.navigation`, `.tabs(5)`.
  package var description: String {
    switch self {
    case .plain: ".plain"
    case .navigation: ".navigation"
    case .tabs(let bits): ".tabs(\(bits))"
    }
  }
}

extension AlertSpec: CustomStringConvertible {
  /// `AlertSpec(owner: .screen(0), priority: 2)`: the fields that differ from the defaults.
  package var description: String {
    let defaults = AlertSpec()
    var fields = ["owner: \(owner)"]
    func add<Value: Equatable>(_ label: String, _ value: Value, _ initial: Value, _ text: String) {
      if value != initial { fields.append("\(label): \(text)") }
    }
    add("sharedID", sharedID, defaults.sharedID, optional(sharedID))
    add("priority", priority, defaults.priority, "\(priority)")
    add("lane", lane, defaults.lane, "\(lane)")
    add("dependencies", dependencies, defaults.dependencies, "\(dependencies)")
    add("interruption", interruption, defaults.interruption, "\(interruption)")
    add("covers", covers, defaults.covers, "\(covers)")
    add("pending", pending, defaults.pending, "\(pending)")
    add("replaces", replaces, defaults.replaces, "\(replaces)")
    add("deadline", deadline, defaults.deadline, "\(deadline)")
    add("expiry", expiry, defaults.expiry, "\(expiry)")
    add("delay", delay, defaults.delay, "\(delay)")
    add("autoDismiss", autoDismiss, defaults.autoDismiss, "\(autoDismiss)")
    add("cap", cap, defaults.cap, "\(cap)")
    add("category", category, defaults.category, "\(category)")
    add("reaction", reaction, defaults.reaction, optional(reaction))
    add("waits", waits, defaults.waits, "\(waits)")
    add("endsOffstage", endsOffstage, defaults.endsOffstage, "\(endsOffstage)")
    add("ignoresPause", ignoresPause, defaults.ignoresPause, "\(ignoresPause)")
    add("showsNext", showsNext, defaults.showsNext, "\(showsNext)")
    add("showsNowOrDrops", showsNowOrDrops, defaults.showsNowOrDrops, "\(showsNowOrDrops)")
    add("minimumDisplay", minimumDisplay, defaults.minimumDisplay, "\(minimumDisplay)")
    return "AlertSpec(\(fields.joined(separator: ", ")))"
  }
}

extension StressReaction: CustomStringConvertible {
  /// `StressReaction(when: 0, action: .cancel(alert: 3))`.
  package var description: String {
    "StressReaction(when: \(when), action: \(action))"
  }
}

extension ReactionAction: CustomStringConvertible {
  /// `.readd(alert: 2)`, `.close(.screen(1))`, …
  package var description: String {
    switch self {
    case .readd(let alert): ".readd(alert: \(alert))"
    case .cancel(let alert): ".cancel(alert: \(alert))"
    case .ready(let alert): ".ready(alert: \(alert))"
    case .close(let owner): ".close(\(owner))"
    case .pop(let nav): ".pop(nav: \(nav))"
    case .pause(let owner): ".pause(\(owner))"
    case .setParent(let raw, let parent): ".setParent(raw: \(raw), parent: \(optional(parent)))"
    }
  }
}

extension StressEpisode: CustomStringConvertible {
  /// `StressEpisode(presentTime: 3, operations: [ … ])`, one operation a line.
  package var description: String {
    var fields: [String] = []
    if presentTime != 0 { fields.append("presentTime: \(presentTime)") }
    if dismissTime != 0 { fields.append("dismissTime: \(dismissTime)") }
    if transitionTime != 0 { fields.append("transitionTime: \(transitionTime)") }
    if !completesDismissals { fields.append("completesDismissals: false") }
    let operations = operations.map { "    \($0)," }.joined(separator: "\n")
    fields.append("operations: [\n\(operations)\n  ]")
    return "StressEpisode(\n  \(fields.joined(separator: ",\n  ")))"
  }
}
