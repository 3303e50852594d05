import AlertDispatchKit
import AlertDispatchScenarioFormat
import AlertDispatchSimulator

extension StressWorld {
  /// Declares a new alert from a spec: its name, owner, id, request and the options a scenario
  /// file would write; `nil` when its owner cannot be named.
  func declareAlert(_ spec: AlertSpec) -> String? {
    guard let owner = ownerName(spec.owner) else { return nil }
    let name = "a\(alertCounter)"
    alertCounter += 1
    let id = spec.sharedID.map { StressTables.sharedIDs[Int($0) % StressTables.sharedIDs.count] }
    var builder = AlertBuilder(name: name, id: id ?? name, owner: owner)
    builder.isExpressible = !StressTables.rawNames.contains(owner)
    builder.priority(StressTables.priorities[Int(spec.priority) % StressTables.priorities.count])
    lane(spec.lane, &builder)
    builder.dependencies(spec.dependencies.map { dependencyID($0, own: builder.id) })
    builder.interruption(
      StressTables.interruptions[Int(spec.interruption) % StressTables.interruptions.count])
    if spec.covers { builder.set(\.style, \.style, .cover) }
    if spec.waits { builder.set(\.preemption, \.preemption, .wait) }
    if spec.endsOffstage { builder.set(\.offstage, \.offstage, .end) }
    if spec.ignoresPause { builder.set(\.ignoresPause, \.ignoresPause, true) }
    if spec.showsNext { builder.set(\.placement, \.placement, .next) }
    if spec.showsNowOrDrops { builder.set(\.showNowOrDrop, \.showNowOrDrop, true) }
    if spec.pending { builder.set(\.readiness, \.readiness, .pending) }
    if spec.replaces { builder.set(\.duplicates, \.duplicates, .replaceExisting) }
    builder.duration("deadline", spec.deadline) { $0.readinessDeadline = $1 }
    builder.duration("expiry", spec.expiry) { $0.expiry = $1 }
    builder.duration("delay", spec.delay) { $0.delay = $1 ?? .zero }
    builder.duration("autodismiss", spec.autoDismiss) { $0.autoDismiss = $1 }
    builder.duration("minimum", spec.minimumDisplay) { $0.minimumDisplay = $1 }
    if let entry = StressTables.caps[Int(spec.cap) % StressTables.caps.count] {
      builder.cap(entry.cap, entry.text)
    }
    if let category = StressTables.categories[
      Int(spec.category) % StressTables.categories.count]
    {
      builder.set(\.category, \.category, category)
    }
    alertIndex[name] = record.alerts.count
    record.alerts.append(
      StressRecord.Alert(
        name: name, owner: owner, id: builder.id, request: builder.request,
        declaration: builder.declaration, isExpressible: builder.isExpressible, reaction: nil))
    if let reaction = spec.reaction, let resolved = resolve(reaction, reacting: name) {
      record.alerts[record.alerts.count - 1].reaction = resolved
    }
    return name
  }

  private func lane(_ index: UInt8, _ builder: inout AlertBuilder) {
    let position = Int(index) % StressTables.lanes.count
    let (lane, expressible) = StressTables.lanes[position]
    builder.request.lane = lane
    guard position != 0 else { return }
    if !record.lanes.contains(position) { record.lanes.append(position) }
    builder.declaration.lane = lane.name
    if !expressible { builder.isExpressible = false }
  }

  /// One of the ids declared so far, the alert's own id, or an id nothing declares.
  private func dependencyID(_ byte: UInt8, own: String) -> String {
    var ids: [String] = []
    for alert in record.alerts where !ids.contains(alert.id) { ids.append(alert.id) }
    ids += [own, "ghost"]
    return ids[Int(byte) % ids.count]
  }

  private func resolve(_ reaction: StressReaction, reacting name: String)
    -> StressRecord.Reaction?
  {
    let step: StressStep?
    switch reaction.action {
    case .readd(let alert): step = alertName(alert).map { .add($0) }
    case .cancel(let alert): step = alertName(alert).map { .cancel($0) }
    case .ready(let alert): step = alertName(alert).map { .ready($0) }
    case .close(let owner): step = ownerName(owner).map { .close($0) }
    case .pop(let nav): step = resolve(.pop(nav: nav, animated: false))
    case .pause(let owner): step = ownerName(owner).map { .pause($0, .all, token: newToken()) }
    case .setParent(let raw, let parent):
      step = .setParent(raw: rawName(raw), parent: parent.flatMap(ownerName))
    }
    guard let step else { return nil }
    return StressRecord.Reaction(
      when: ["any", "dismissed", "cancelled"][Int(reaction.when) % 3], step: step)
  }
}

/// Builds an alert's request and, in step, its declaration in a scenario file.
@MainActor
struct AlertBuilder {
  var request: AlertRequest
  /// The alert as a file declares it: added by an `add` step, so `later`.
  var declaration: ScenarioAlert
  var isExpressible = true

  var id: String { declaration.id }

  init(name: String, id: String, owner: String) {
    request = AlertRequest(id: AlertID(id), content: AlertContent(title: id))
    declaration = ScenarioAlert(name: name, owner: owner)
    declaration.id = id
    declaration.later = true
  }

  /// Sets a value of the request and the same value of the declaration.
  mutating func set<Value>(
    _ requested: WritableKeyPath<AlertRequest, Value>,
    _ declared: WritableKeyPath<ScenarioAlert, Value>, _ value: Value
  ) {
    request[keyPath: requested] = value
    declaration[keyPath: declared] = value
  }

  mutating func priority(_ priority: AlertPriority) {
    set(\.priority, \.priority, priority)
  }

  mutating func dependencies(_ ids: [String]) {
    request.dependencies = ids.map { AlertID($0) }
    declaration.dependencies = ids
  }

  mutating func interruption(_ policy: InterruptionPolicy) {
    set(\.interruption, \.interruption, policy)
  }

  mutating func duration(
    _ option: String, _ index: UInt8, _ set: (inout AlertTiming, Duration?) -> Void
  ) {
    guard let duration = StressTables.durations[Int(index) % StressTables.durations.count]
    else { return }
    // A file writes no negative duration, and no zero one but a delay or a minimum (it rejects
    // the others when read, as the request would at run time).
    if duration < .zero || (duration == .zero && option != "delay" && option != "minimum") {
      isExpressible = false
    }
    set(&request.timing, duration)
    set(&declaration.timing, duration)
  }

  mutating func cap(_ cap: FrequencyCap, _ text: String?) {
    if text == nil { isExpressible = false }
    set(\.cap, \.cap, cap)
  }
}
