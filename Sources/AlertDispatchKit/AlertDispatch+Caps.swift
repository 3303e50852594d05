extension AlertRequest {
  /// The ledger keys a show of this request counts under: its cap's key, its category's.
  var frequencyLedgerKeys: [String] {
    var keys: [String] = []
    if let cap { keys.append(cap.key ?? id.rawValue) }
    if let category { keys.append(FrequencyPolicy.categoryPrefix + category) }
    return keys
  }
}

extension DispatchNode {
  /// The cap or budget that keeps `alert` from going up now, as text for
  /// ``CancellationReason/frequencyCapped(_:)`` and ``AlertExplanation/capped(_:)``; `nil`
  /// when it may go up. The arbiter and `explain` both decide with this.
  ///
  /// Call it on the root. `decisions` are those the running plan made so far: the alerts it
  /// presents count as shown. An alert that went up before (a restore) is never capped.
  func frequencyBlock(for alert: AlertHandle, after decisions: [PassDecision] = []) -> String? {
    guard alert.mayBeCapped else { return nil }
    let request = alert.request
    let policy = frequencyPolicy
    if let cap = request.cap {
      let key = cap.key ?? request.id.rawValue
      let shows = (policy?.shows(of: key, in: cap.window) ?? 0) + planned(key, decisions)
      if shows >= cap.limit {
        let phrase = FrequencyWindow.phrase(
          limit: cap.limit, window: cap.window, timeZone: policy?.timeZone ?? .autoupdatingCurrent)
        return "\(phrase) (key \(key))"
      }
    }
    if let category = request.category, let policy, let budget = policy.budgets[category],
      budget.validationError == nil
    {
      let key = FrequencyPolicy.categoryPrefix + category
      if policy.shows(of: key, in: budget.window) + planned(key, decisions) >= budget.limit {
        let phrase = FrequencyWindow.phrase(
          limit: budget.limit, window: budget.window, timeZone: policy.timeZone)
        return "\(phrase) (category \(category))"
      }
    }
    return nil
  }

  /// How many alerts the plan presents that count under `key`.
  private func planned(_ key: String, _ decisions: [PassDecision]) -> Int {
    var count = 0
    for case .present(let alert) in decisions
    where alert.takeUnretainedValue().request.frequencyLedgerKeys.contains(key) {
      count += 1
    }
    return count
  }

  /// Counts the first show of a capped or categorized alert: now, or when it is dismissed.
  func recordFrequencyShow(_ alert: AlertHandle) {
    guard alert.request.isCounted else { return }
    let keys = alert.request.frequencyLedgerKeys
    guard !keys.isEmpty else { return }
    let policy = root.resolvedFrequencyPolicy(for: alert)
    if alert.request.cap?.countsWhen == .dismissed {
      policy.hold(keys)
      alert.frequencyCharge = FrequencyCharge(policy: policy, keys: keys)
    } else {
      policy.record(keys)
    }
  }

  /// The root's policy; a root without one gets an in-memory policy, with a diagnostic, so that
  /// caps still hold for as long as the root lives.
  private func resolvedFrequencyPolicy(for alert: AlertHandle) -> FrequencyPolicy {
    if let frequencyPolicy { return frequencyPolicy }
    let policy = FrequencyPolicy()
    frequencyPolicy = policy
    diagnose(
      "no frequencyPolicy on root '\(name)': alert '\(alert.id)' and later shows are counted in memory and forgotten when the app quits",
      alert: alert)
    return policy
  }
}

extension AlertHandle {
  /// Settles a show that counts when dismissed: it counts if the outcome is a dismissal.
  func settleFrequencyCharge(_ outcome: AlertOutcome) {
    guard let charge = frequencyCharge else { return }
    frequencyCharge = nil
    charge.policy.release(charge.keys)
    if case .dismissed = outcome { charge.policy.record(charge.keys) }
  }
}

extension AlertHandle {
  /// Whether a cap or a budget may keep the alert down: it counts towards one and has never
  /// gone up (a restore is never capped).
  var mayBeCapped: Bool { !hasGoneUp && request.isCounted }
}

extension Arbiter {
  /// The decision that ends `candidate` when its cap or budget keeps it from going up now.
  func cappedEnd(_ candidate: AlertHandle, _ plan: PassPlan, _ root: DispatchNode)
    -> PassDecision?
  {
    // Most alerts have no cap and no category: answered before the root and the plan's
    // decisions are handed over (two retains and releases on every alert that goes up).
    guard candidate.mayBeCapped,
      let reason = root.frequencyBlock(for: candidate, after: plan.decisions)
    else {
      return nil
    }
    return .end(.passUnretained(candidate), .cancelled(.frequencyCapped(reason)))
  }
}
