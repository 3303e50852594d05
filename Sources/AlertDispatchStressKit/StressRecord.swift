import AlertDispatchKit
import AlertDispatchScenarioFormat

/// What a stress episode declared and did, in the words of a scenario file: the emitter turns
/// it into one.
struct StressRecord {
  /// A declared screen or container.
  struct Screen {
    enum Kind {
      case plain
      case navigation(root: String)
      case tabs([String], selected: Int)
    }

    var name: String
    var kind: Kind

    var children: [String] {
      switch kind {
      case .plain: []
      case .navigation(let root): [root]
      case .tabs(let tabs, _): tabs
      }
    }
  }

  /// A declared alert: its request, its declaration as a scenario file writes it, and whether a
  /// file can write it at all.
  struct Alert {
    var name: String
    var owner: String
    var id: String
    var request: AlertRequest
    var declaration: ScenarioAlert
    var isExpressible: Bool
    var reaction: Reaction?
  }

  /// A completion handler's action, resolved when its alert was declared.
  struct Reaction {
    /// `any`, `dismissed` or `cancelled`.
    var when: String
    var step: StressStep
  }

  /// A step with the scenario time it ran at.
  struct TimedStep {
    var time: Duration
    var step: StressStep
  }

  var windows: [String] = []
  var screens: [Screen] = []
  /// The container each screen was declared in.
  var containers: [String: String] = [:]
  var alerts: [Alert] = []
  /// Indices into ``StressTables/lanes`` of the lanes used, first use first.
  var lanes: [Int] = []
  var usesBudgets = false
  /// `root` and `link` steps before anything else happened: a file writes them in its setup.
  var setup: [StressStep] = []
  var timeline: [TimedStep] = []

  func screen(named name: String) -> Screen? {
    screens.first { $0.name == name }
  }

  func alert(named name: String) -> Alert? {
    alerts.first { $0.name == name }
  }

  /// Records a step: `root` and `link` steps go to the setup until the first other step.
  mutating func log(_ step: StressStep, at time: Duration) {
    if timeline.isEmpty && fitsSetup(step) {
      setup.append(step)
    } else {
      timeline.append(TimedStep(time: time, step: step))
    }
  }

  private func fitsSetup(_ step: StressStep) -> Bool {
    switch step {
    case .link(let name): !name.hasPrefix("r")
    case .root(_, let screen): containers[screen] == nil
    default: false
    }
  }
}
