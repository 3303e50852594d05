import AlertDispatchKit
import AlertDispatchScenarioFormat

extension Scenario {
  /// The scenario that statements read by `ScenarioFormat.parse(_:file:)` describe: the setup
  /// in file order, and each `at` with the steps under it.
  init(file: String, lines: [ScenarioLine]) {
    self.file = file
    mainWindow = "main"
    var windows: [String] = []
    for line in lines {
      switch line.statement {
      case .comment: break
      case .window(let name):
        windows.append(name)
        setup.append(.window(name))
      case .screens(let names):
        plainScreens.formUnion(names)
        setup.append(.screens(names))
      case .navigation(let name, let root): setup.append(.navigation(name, root: root))
      case .tabs(let name, let tabs, let selected):
        let index = selected.flatMap { tabs.firstIndex(of: $0) } ?? 0
        setup.append(.tabs(name, tabs, selected: index))
      case .root(let window, let screen): setup.append(.root(window: window, screen: screen))
      case .link(let name): setup.append(.link(name))
      case .ownDomain(let name): setup.append(.ownDomain(name))
      case .lane(let lane): lanes[lane.name] = lane
      case .transition(let duration): setup.append(.transition(duration))
      case .presenter(let present, let dismiss):
        setup.append(.presenter(present: present, dismiss: dismiss))
      case .scriptedPresenter: isScripted = true
      case .dispatch(let name, let parent, let isVisible):
        setup.append(.dispatch(name, parent: parent, isVisible: isVisible))
      case .alert(let alert): alerts.append(alert)
      case .reaction(let alert, let outcome, let action):
        let text = line.words.dropFirst(3).map(\.description).joined(separator: " ")
        reactions.append(
          ScenarioReaction(
            line: line.line, text: text, alert: alert, outcome: outcome, action: action))
      case .date(let date): startDate = date
      case .version(let version): appVersion = version
      case .timeZone(let zone): timeZone = zone
      case .budget(let category, let budget): budgets[category] = budget
      case .shown(let key, let date, let version, let thisLaunch):
        ledgerRecords.append(
          ScenarioLedgerRecord(key: key, date: date, version: version, thisLaunch: thisLaunch))
      case .at(let time): blocks.append(ScenarioBlock(line: line.line, time: time))
      case .atAfterTimers(let time, let timers):
        blocks.append(ScenarioBlock(line: line.line, time: time, timers: timers))
      case .action(let action): step(line, .action(action))
      case .expectation(let expectation): step(line, .expectation(expectation))
      }
    }
    mainWindow = windows.first ?? "main"
  }

  private mutating func step(_ line: ScenarioLine, _ kind: ScenarioStep.Kind) {
    guard !blocks.isEmpty else { return }
    blocks[blocks.count - 1].steps.append(
      ScenarioStep(line: line.line, text: line.text, kind: kind))
  }
}
