import AlertDispatchKit
import AlertDispatchSimulator

extension StressWorld {
  /// Declares a new alert from a spec: its name, owner, id, request and the options a scenario
  /// file would write; `nil` when its owner cannot be named.
  func declareAlert(_ spec: AlertSpec) -> String? {
    guard let owner = ownerName(spec.owner) else { return nil }
    let name = "a\(alertCounter)"
    alertCounter += 1
    let id = spec.sharedID.map { StressTables.sharedIDs[Int($0) % StressTables.sharedIDs.count] }
    var builder = AlertBuilder(name: name, id: id ?? name)
    builder.isExpressible = !StressTables.rawNames.contains(owner)
    builder.priority(StressTables.priorities[Int(spec.priority) % StressTables.priorities.count])
    lane(spec.lane, &builder)
    builder.dependencies(spec.dependencies.map { dependencyID($0, own: builder.id) })
    builder.interruption(
      StressTables.interruptions[Int(spec.interruption) % StressTables.interruptions.count])
    if spec.covers { builder.add("style cover") { $0.style = .cover } }
    if spec.waits { builder.add("preemption wait") { $0.preemption = .wait } }
    if spec.endsOffstage { builder.add("offstage end") { $0.offstage = .end } }
    if spec.ignoresPause { builder.add("ignores-pause") { $0.ignoresPause = true } }
    if spec.showsNext { builder.add("show-next") { $0.placement = .next } }
    if spec.showsNowOrDrops { builder.add("show-now-or-drop") { $0.showNowOrDrop = true } }
    if spec.pending { builder.add("pending") { $0.readiness = .pending } }
    if spec.replaces { builder.add("replace") { $0.duplicates = .replaceExisting } }
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
      builder.add("category \(category)") { $0.category = category }
    }
    alertIndex[name] = record.alerts.count
    record.alerts.append(
      StressRecord.Alert(
        name: name, owner: owner, id: builder.id, request: builder.request,
        options: builder.options, isExpressible: builder.isExpressible, reaction: nil))
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
    builder.options.append("lane \(lane.name)")
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

/// Builds an alert's request and, in step, the options a scenario file writes for it.
@MainActor
struct AlertBuilder {
  let id: String
  var request: AlertRequest
  var options: [String] = []
  var isExpressible = true

  init(name: String, id: String) {
    self.id = id
    request = AlertRequest(id: AlertID(id), content: AlertContent(title: id))
    if id != name { options.append("id \(id)") }
  }

  mutating func add(_ option: String, _ change: (inout AlertRequest) -> Void) {
    options.append(option)
    change(&request)
  }

  mutating func priority(_ priority: AlertPriority) {
    guard priority != .normal else { return }
    add("priority \(priority)") { $0.priority = priority }
  }

  mutating func dependencies(_ ids: [String]) {
    guard !ids.isEmpty else { return }
    add("after \(ids.joined(separator: ","))") { $0.dependencies = ids.map { AlertID($0) } }
  }

  mutating func interruption(_ policy: InterruptionPolicy) {
    guard policy != .suspend else { return }
    add("interruption \(policy)") { $0.interruption = policy }
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
    add("\(option) \(ScenarioEmitter.format(duration))") { set(&$0.timing, duration) }
  }

  mutating func cap(_ cap: FrequencyCap, _ text: String?) {
    if text == nil { isExpressible = false }
    add("cap \(text ?? "\(cap)")") { $0.cap = cap }
  }
}
