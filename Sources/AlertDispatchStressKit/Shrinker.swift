/// Shrinks a failing episode to a small one that fails the same way.
///
/// It removes runs of operations (halves, then quarters, … down to single operations, the
/// delta-debugging way), then simplifies what is left: the presenter's behaviour back to the
/// default, animations off, alert options one by one. A candidate is kept when it still finds
/// a violation with the same ``StressViolation/signature``.
@MainActor
package enum Shrinker {
  /// The smallest episode found that still breaks the rule `signature` names, trying at most
  /// `attempts` candidates.
  package static func shrink(
    _ episode: StressEpisode, keeping signature: String, attempts: Int = 5_000
  ) -> StressEpisode {
    var budget = attempts
    func fails(_ candidate: StressEpisode) -> Bool {
      guard budget > 0 else { return false }
      budget -= 1
      return StressRunner.run(candidate).violations.contains { $0.signature == signature }
    }
    var best = episode
    var progress = true
    while progress && budget > 0 {
      progress = removeRuns(&best, fails)
      progress = simplifyHeader(&best, fails) || progress
      progress = simplifyOperations(&best, fails) || progress
    }
    return best
  }

  private static func removeRuns(
    _ episode: inout StressEpisode, _ fails: (StressEpisode) -> Bool
  ) -> Bool {
    var removed = false
    var size = max(episode.operations.count / 2, 1)
    while size >= 1 {
      var start = 0
      var removedAtThisSize = false
      while start < episode.operations.count {
        var candidate = episode
        candidate.operations.removeSubrange(
          start..<min(start + size, candidate.operations.count))
        if fails(candidate) {
          episode = candidate
          removed = true
          removedAtThisSize = true
        } else {
          start += size
        }
      }
      if !removedAtThisSize { size /= 2 }
    }
    return removed
  }

  private static func simplifyHeader(
    _ episode: inout StressEpisode, _ fails: (StressEpisode) -> Bool
  ) -> Bool {
    var changed = false
    let simpler: [(inout StressEpisode) -> Void] = [
      { $0.presentTime = 0 }, { $0.dismissTime = 0 }, { $0.transitionTime = 0 },
      { $0.completesDismissals = true },
    ]
    for simplify in simpler {
      var candidate = episode
      simplify(&candidate)
      if candidate != episode && fails(candidate) {
        episode = candidate
        changed = true
      }
    }
    return changed
  }

  private static func simplifyOperations(
    _ episode: inout StressEpisode, _ fails: (StressEpisode) -> Bool
  ) -> Bool {
    var changed = false
    for index in episode.operations.indices {
      for simpler in simplifications(of: episode.operations[index]) {
        var candidate = episode
        candidate.operations[index] = simpler
        if fails(candidate) {
          episode = candidate
          changed = true
          break
        }
      }
    }
    return changed
  }

  /// Simpler variants of an operation, most simplifying first.
  static func simplifications(of operation: StressOperation) -> [StressOperation] {
    switch operation {
    case .add(let spec):
      return simplifications(of: spec).map { .add($0) }
    case .push(let nav, let screen, true): return [.push(nav: nav, screen: screen, animated: false)]
    case .pop(let nav, true): return [.pop(nav: nav, animated: false)]
    case .popToRoot(let nav, true): return [.popToRoot(nav: nav, animated: false)]
    case .setStack(let nav, let keep, let add, true):
      return [.setStack(nav: nav, keep: keep, add: add, animated: false)]
    case .present(let over, let modal, let fullScreen, true):
      return [.present(over: over, modal: modal, fullScreen: fullScreen, animated: false)]
    case .dismissModal(let screen, true): return [.dismissModal(screen: screen, animated: false)]
    default: return []
    }
  }

  private static func simplifications(of spec: AlertSpec) -> [AlertSpec] {
    let plain = AlertSpec(owner: spec.owner)
    let changes: [(inout AlertSpec) -> Void] = [
      { $0 = plain }, { $0.reaction = nil }, { $0.dependencies = [] }, { $0.sharedID = nil },
      { $0.cap = 0 }, { $0.category = 0 }, { $0.lane = 0 }, { $0.priority = 1 },
      { $0.interruption = 0 }, { $0.covers = false }, { $0.waits = false },
      { $0.endsOffstage = false }, { $0.ignoresPause = false }, { $0.pending = false },
      { $0.endsOffstage = false }, { $0.showsNext = false },
      { $0.showsNowOrDrops = false }, { $0.pending = false },
      { $0.replaces = false }, { $0.deadline = 0 }, { $0.expiry = 0 }, { $0.delay = 0 },
      { $0.autoDismiss = 0 }, { $0.minimumDisplay = 0 },
    ]
    return changes.compactMap { change in
      var simpler = spec
      change(&simpler)
      return simpler == spec ? nil : simpler
    }
  }
}
