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
  /// The cap and the budget `request` must fit in to go up, with the shows this root's
  /// frequency policy counted so far (the arbiter adds the shows its plan makes; see
  /// ``Arbiter/capBlock(of:planned:)``).
  func frequencyLimits(for request: AlertRequest) -> [PassInput.FrequencyLimit] {
    let policy = frequencyPolicy
    func limit(_ key: String, _ limit: Int, per window: FrequencyWindow, _ label: String)
      -> PassInput.FrequencyLimit
    {
      let phrase = FrequencyWindow.phrase(
        limit: limit, window: window, timeZone: policy?.timeZone ?? .autoupdatingCurrent)
      return PassInput.FrequencyLimit(
        key: key, shows: policy?.shows(of: key, in: window) ?? 0, limit: limit,
        text: "\(phrase) (\(label))")
    }
    var limits: [PassInput.FrequencyLimit] = []
    if let cap = request.cap {
      let key = cap.key ?? request.id.rawValue
      limits.append(limit(key, cap.limit, per: cap.window, "key \(key)"))
    }
    if let category = request.category, let budget = policy?.budgets[category],
      budget.validationError == nil
    {
      let key = FrequencyPolicy.categoryPrefix + category
      limits.append(limit(key, budget.limit, per: budget.window, "category \(category)"))
    }
    return limits
  }

  /// Counts the first show of a capped or categorized alert: now, or when it is dismissed.
  func recordFrequencyShow(_ alert: AlertHandle) {
    guard alert.request.isCounted else { return }
    let keys = alert.request.frequencyLedgerKeys
    guard !keys.isEmpty else { return }
    let policy = root.resolvedFrequencyPolicy(for: alert)
    if alert.request.cap?.countsWhen == .dismissed {
      policy.hold(keys, by: self)
      alert.chargeWhenDismissed(FrequencyCharge(policy: policy, keys: keys))
    } else {
      policy.record(keys, by: self)
    }
  }

  /// Makes sure no frequency policy set in this subtree is forgotten without a word: only the
  /// root's policy counts caps and budgets. A root without one takes the first policy it finds
  /// below it (so a policy set on a screen, or kept by a root that joined, is honoured); a
  /// dispatch whose policy differs from the root's is reported, naming the root to set it on.
  /// A dispatch whose policy is the root's is left alone: its policy is used. Called on a
  /// dispatch whose policy was just set (`subtree` false, or true for a root: its descendants
  /// are then checked against it), and on a subtree that joined a domain.
  func settleFrequencyPolicies(subtree: Bool) {
    let root = root
    var stack: [DispatchNode] = [self]
    while let node = stack.popLast() {
      if subtree { stack.append(contentsOf: node.children.reversed()) }
      guard node !== root, let policy = node.frequencyPolicy, policy !== root.frequencyPolicy
      else { continue }
      guard root.frequencyPolicy != nil else {
        // The root's own `didSet` checks the rest of its domain against the policy it takes.
        root.frequencyPolicy = policy
        return
      }
      node.diagnose(
        "frequencyPolicy of '\(node.name)' is not used: only the root of a domain counts caps and budgets, and '\(root.name)', the root of its domain, has another; set it on '\(root.name)'"
      )
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
  /// Whether a cap or a budget may keep the alert down: it counts towards one and has never
  /// gone up (a restore is never capped).
  var mayBeCapped: Bool { !hasGoneUp && request.isCounted }
}
