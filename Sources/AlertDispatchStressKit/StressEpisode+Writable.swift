extension StressEpisode {
  /// The episode without what a scenario file cannot write: no calls on dispatches outside the
  /// simulator, no out-of-turn `didFinishPresenting`, no late `link`, no pass scheduling and
  /// no end of a turn (every pass runs at once), no invalid durations,
  /// lanes or caps, and a presenter that reports dismissals. Its emitted scenario replays it
  /// exactly, which is how the tests check the emitter against the scenario runner.
  package var writable: StressEpisode {
    var result = self
    result.completesDismissals = true
    var setupOnly = true
    result.operations = operations.compactMap { operation in
      defer {
        switch operation {
        case .root, .link: break
        default: setupOnly = false
        }
      }
      return StressEpisode.writable(operation, setupOnly: setupOnly)
    }
    return result
  }

  private static func writable(_ operation: StressOperation, setupOnly: Bool) -> StressOperation? {
    switch operation {
    case .finishPresenting, .setParent, .setProvider, .setActiveChild, .setVisible, .arbitrate,
      .setPassScheduling, .endTurn, .release:
      return nil
    case .link: return setupOnly ? operation : nil
    case .add(let spec): return .add(writable(spec))
    case .close(let owner): return .close(writable(owner))
    case .cancelAll(let owner, let selection, let subtree):
      return .cancelAll(writable(owner), selection: selection, subtree: subtree)
    case .pause(let owner): return .pause(writable(owner))
    case .pauseScoped(let owner, let scope): return .pauseScoped(writable(owner), scope: scope)
    case .resume(let owner): return .resume(writable(owner))
    default: return operation
    }
  }

  private static func writable(_ owner: StressOwner) -> StressOwner {
    if case .raw(let index) = owner { return .screen(index) }
    return owner
  }

  private static func writable(_ spec: AlertSpec) -> AlertSpec {
    var spec = spec
    spec.owner = writable(spec.owner)
    if !StressTables.lanes[Int(spec.lane) % StressTables.lanes.count].expressible { spec.lane = 0 }
    func duration(_ index: UInt8, allowsZero: Bool = false) -> UInt8 {
      let value = StressTables.durations[Int(index) % StressTables.durations.count]
      let writable = value.map { allowsZero ? $0 >= .zero : $0 > .zero } ?? true
      return writable ? index : 0
    }
    spec.deadline = duration(spec.deadline)
    spec.expiry = duration(spec.expiry)
    spec.delay = duration(spec.delay, allowsZero: true)
    spec.autoDismiss = duration(spec.autoDismiss)
    spec.minimumDisplay = duration(spec.minimumDisplay, allowsZero: true)
    if let entry = StressTables.caps[Int(spec.cap) % StressTables.caps.count], entry.text == nil {
      spec.cap = 0
    }
    if let reaction = spec.reaction {
      switch reaction.action {
      case .close(let owner):
        spec.reaction?.action = .close(writable(owner))
      case .pause(let owner):
        spec.reaction?.action = .pause(writable(owner))
      case .setParent:
        // A file cannot write calls on dispatches outside the simulator.
        spec.reaction = nil
      default: break
      }
    }
    return spec
  }
}
