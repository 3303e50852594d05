import AlertDispatchKit
import AlertDispatchScenarioFormat
import AlertDispatchSimulator

extension StressWorld {
  /// Resolves an operation's numbers against what exists now, declaring new screens and alerts
  /// on the way; `nil` when there is nothing to act on.
  func resolve(_ operation: StressOperation) -> StressStep? {
    switch operation {
    case .add(let spec): return declareAlert(spec).map { .add($0) }
    case .readd(let alert): return alertName(alert).map { .add($0) }
    case .ready(let alert): return alertName(alert).map { .ready($0) }
    case .tap(let alert, let button):
      return alertName(alert).map {
        .tap($0, button: ["OK", "Cancel", "Later", "Allow"][Int(button) % 4])
      }
    case .cancel(let alert): return alertName(alert).map { .cancel($0) }
    case .cancelAll(let owner, let selection, let subtree):
      return ownerName(owner).map {
        .cancelAll($0, subtree: subtree, batchSelection(selection))
      }
    case .dismiss(let alert): return alertName(alert).map { .dismiss($0) }
    case .finishPresenting(let alert): return alertName(alert).map { .finishPresenting($0) }
    case .explain(let alert): return alertName(alert).map { .explain($0) }
    case .root(let window, let choice):
      return screenName(choice, plainOrTabsOnly: false).map {
        .root(window: windowName(window), screen: $0)
      }
    case .push(let nav, let choice, let animated):
      guard let nav = containerName(nav, navigation: true),
        let screen = screenName(choice, plainOrTabsOnly: true)
      else { return nil }
      return .push(nav: nav, screen: screen, animated: animated)
    case .pop(let nav, let animated):
      return containerName(nav, navigation: true).map { .pop(nav: $0, animated: animated) }
    case .popToRoot(let nav, let animated):
      return containerName(nav, navigation: true).map { .popToRoot(nav: $0, animated: animated) }
    case .setStack(let nav, let keep, let choice, let animated):
      return setStack(nav, keep: keep, choice, animated: animated)
    case .select(let tabs, let tab):
      guard let tabs = containerName(tabs, navigation: false),
        case .tabs(let names, _) = record.screens[screenIndex[tabs]!].kind
      else { return nil }
      return .select(tabs: tabs, tab: names[Int(tab) % names.count])
    case .present(let over, let choice, let fullScreen, let animated):
      guard let over = existingScreen(over), let modal = screenName(choice, plainOrTabsOnly: false)
      else { return nil }
      return .present(over: over, modal: modal, fullScreen: fullScreen, animated: animated)
    case .dismissModal(let screen, let animated):
      return existingScreen(screen).map { .dismissModal($0, animated: animated) }
    case .background(let window): return .background(windowName(window))
    case .foreground(let window): return .foreground(windowName(window))
    case .link(let owner):
      if case .raw = owner { return nil }
      return ownerName(owner).map { .link($0) }
    case .close(let owner): return ownerName(owner).map { .close($0) }
    case .pause(let owner): return ownerName(owner).map { .pause($0, .all, token: newToken()) }
    case .pauseScoped(let owner, let scope):
      guard let name = ownerName(owner) else { return nil }
      return .pause(name, pauseScope(scope), token: newToken())
    case .releasePause(let token):
      guard !tokenNames.isEmpty else { return nil }
      return .releasePause(tokenNames[Int(token) % tokenNames.count])
    case .resume(let owner): return ownerName(owner).map { .resume($0) }
    case .refuse(let on): return .refuse(on ? "no host" : nil)
    case .advance(let milliseconds): return .advance(.milliseconds(Int64(milliseconds)))
    case .relaunch: return .relaunch
    case .setParent(let raw, let parent):
      return .setParent(raw: rawName(raw), parent: parent.flatMap(ownerName))
    case .setProvider(let raw, let child):
      return .setProvider(raw: rawName(raw), child: child.flatMap(ownerName))
    case .setActiveChild(let raw, let child):
      return .setActiveChild(raw: rawName(raw), child: child.flatMap(ownerName))
    case .setVisible(let raw, let visible): return .setVisible(raw: rawName(raw), visible: visible)
    case .arbitrate(let owner): return ownerName(owner).map { .arbitrate($0) }
    case .setPassScheduling(let owner, let coalesced, let atRoot):
      guard var name = ownerName(owner) else { return nil }
      if atRoot { name = dispatch(name).root.name }
      // A dispatch that has the scheduling already: nothing to do.
      guard (dispatch(name).passScheduling == .coalesced) != coalesced else { return nil }
      return .setPassScheduling(name, coalesced: coalesced)
    case .endTurn: return AlertDispatch.hasDeferredPasses ? .endTurn : nil
    case .release(let raw):
      let name = rawName(raw)
      return raws[name] == nil ? nil : .release(name)
    }
  }

  /// What a batch cancel's `selection` byte takes: all, a lane a scenario file can declare
  /// (declared in the record from then on), a category, or a priority and those below it.
  private func batchSelection(_ byte: UInt8) -> ScenarioSelection {
    let index = Int(byte / 4)
    switch byte % 4 {
    case 0: return .all
    case 1: return .lane(declaredLane(index).name)
    case 2: return .category(category(index))
    default: return .priorityAtMost(StressTables.priorities[index % StressTables.priorities.count])
    }
  }

  /// What a scoped pause's byte holds back: a lane a scenario file can declare (one no alert
  /// uses yet included), or a category.
  private func pauseScope(_ byte: UInt8) -> ScenarioPauseScope {
    let index = Int(byte / 2)
    return byte % 2 == 0 ? .lane(declaredLane(index).name) : .category(category(index))
  }

  /// The lane a scenario file can declare that `index` picks, declared in the record from then
  /// on.
  private func declaredLane(_ index: Int) -> AlertLane {
    let lanes = StressTables.lanes.indices.filter { StressTables.lanes[$0].expressible }
    let position = lanes[index % lanes.count]
    if position != 0 && !record.lanes.contains(position) { record.lanes.append(position) }
    return StressTables.lanes[position].lane
  }

  /// The category `index` picks.
  private func category(_ index: Int) -> String {
    let categories = StressTables.categories.compactMap { $0 }
    return categories[index % categories.count]
  }

  /// A name for the next pause token, `t1`, `t2`, ….
  func newToken() -> String {
    tokenNames.append("t\(tokenNames.count + 1)")
    return tokenNames[tokenNames.count - 1]
  }

  private func setStack(_ nav: UInt8, keep: UInt8, _ choice: ScreenChoice, animated: Bool)
    -> StressStep?
  {
    guard let nav = containerName(nav, navigation: true),
      let added = screenName(choice, plainOrTabsOnly: true)
    else { return nil }
    let current = (object(nav) as? NavigationContainer)?.stack.map(\.name) ?? []
    let kept = current.prefix(Int(keep)).filter { isPlainOrTabs($0) }
    return .setStack(nav: nav, screens: kept + [added], animated: animated)
  }

  // MARK: Picking

  /// Picks `all[byte % count]`, among the living ones when the byte's high bit is clear and
  /// some are alive.
  func pick<Item>(_ byte: UInt8, _ all: [Item], alive: (Item) -> Bool) -> Item? {
    guard !all.isEmpty else { return nil }
    if byte & 0x80 == 0 {
      let living = all.filter(alive)
      if !living.isEmpty { return living[Int(byte) % living.count] }
    }
    return all[Int(byte) % all.count]
  }

  func alertName(_ byte: UInt8) -> String? {
    pick(byte, record.alerts.map(\.name)) { name in
      handles[name].map { !$0.state.isEnded } ?? false
    }
  }

  private func isAlive(_ name: String) -> Bool {
    screens[name].map { !$0.isClosed } ?? true
  }

  func existingScreen(_ byte: UInt8) -> String? {
    pick(byte, record.screens.map(\.name), alive: isAlive)
  }

  private func isPlainOrTabs(_ name: String) -> Bool {
    switch record.screens[screenIndex[name]!].kind {
    case .plain, .tabs: true
    case .navigation: false
    }
  }

  private func containerName(_ byte: UInt8, navigation: Bool) -> String? {
    let names = record.screens.compactMap { screen -> String? in
      switch screen.kind {
      case .navigation: navigation ? screen.name : nil
      case .tabs: navigation ? nil : screen.name
      case .plain: nil
      }
    }
    return pick(byte, names, alive: isAlive)
  }

  /// The main window for most numbers, `w1` (declared on first use) for one in four.
  func windowName(_ byte: UInt8) -> String {
    guard byte % 4 == 3 else { return "main" }
    if !record.windows.contains("w1") {
      record.windows.append("w1")
      _ = window("w1")
    }
    return "w1"
  }

  func rawName(_ byte: UInt8) -> String {
    StressTables.rawNames[Int(byte) % StressTables.rawNames.count]
  }

  func ownerName(_ owner: StressOwner) -> String? {
    switch owner {
    case .screen(let byte): existingScreen(byte)
    case .window(let byte): windowName(byte)
    case .raw(let byte): rawName(byte)
    }
  }

  /// A new screen, or one declared before (of the kinds `push` and `set-stack` accept when
  /// `plainOrTabsOnly`).
  func screenName(_ choice: ScreenChoice, plainOrTabsOnly: Bool) -> String? {
    switch choice {
    case .fresh(.navigation) where plainOrTabsOnly:
      return declareScreen(.plain)
    case .fresh(let shape):
      return declareScreen(shape)
    case .existing(let byte):
      let names = record.screens.map(\.name).filter { !plainOrTabsOnly || isPlainOrTabs($0) }
      return names.isEmpty ? nil : names[Int(byte) % names.count]
    }
  }

  // MARK: Declaring

  /// Declares a new screen (and the screens of a new container) and creates it.
  func declareScreen(_ shape: ScreenShape) -> String {
    let name: String
    switch shape {
    case .plain:
      name = nextScreenName("s")
      declare(StressRecord.Screen(name: name, kind: .plain))
    case .navigation:
      let root = declareScreen(.plain)
      name = nextScreenName("n")
      declare(StressRecord.Screen(name: name, kind: .navigation(root: root)))
    case .tabs(let bits):
      let count = 2 + Int(bits & 1)
      let tabs = (0..<count).map { index in
        declareScreen(bits & 4 != 0 && index % 2 == 1 ? .navigation : .plain)
      }
      name = nextScreenName("t")
      declare(
        StressRecord.Screen(name: name, kind: .tabs(tabs, selected: Int(bits >> 1) % count)))
    }
    return name
  }

  private func nextScreenName(_ prefix: String) -> String {
    defer { screenCounter += 1 }
    return "\(prefix)\(screenCounter)"
  }

  private func declare(_ screen: StressRecord.Screen) {
    screenIndex[screen.name] = record.screens.count
    record.screens.append(screen)
    for child in screen.children { record.containers[child] = screen.name }
    _ = object(screen.name)
  }
}
