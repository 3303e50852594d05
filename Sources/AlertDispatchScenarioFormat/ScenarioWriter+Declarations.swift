import AlertDispatchKit
import Foundation

extension ScenarioWriter {
  /// `lane NAME` and the options that differ from a lane's defaults.
  static func lanes(_ lane: AlertLane) -> [String] {
    let defaults = AlertLane(lane.name)
    var words = ["lane", lane.name]
    if lane.capacity != defaults.capacity { words += ["capacity", lane.capacity.description] }
    if lane.minimumGap != defaults.minimumGap { words += ["gap", spelled(lane.minimumGap)] }
    if lane.order != defaults.order { words += ["order", lane.order.description] }
    if let waiting = lane.maximumWaiting { words += ["max-waiting", "\(waiting)"] }
    if lane.overflow != defaults.overflow { words += ["overflow", lane.overflow.description] }
    return words
  }

  /// `alert NAME on OWNER` and the options that differ from a request's defaults, `buttons`
  /// last (they take the rest of the line).
  static func alerts(_ alert: ScenarioAlert) -> [String] {
    let defaults = ScenarioAlert(name: alert.name, owner: alert.owner)
    var words = ["alert", alert.name, "on", alert.owner]
    func option(_ differs: Bool, _ option: @autoclosure () -> [String]) {
      if differs { words += option() }
    }
    option(alert.id != alert.name, ["id", alert.id])
    option(alert.priority != defaults.priority, ["priority", alert.priority.description])
    option(alert.lane != defaults.lane, ["lane", alert.lane])
    option(!alert.dependencies.isEmpty, ["after", alert.dependencies.joined(separator: ",")])
    option(alert.waitsForUnadded, ["waits-for-unadded"])
    option(alert.interruption != defaults.interruption, ["interruption", "\(alert.interruption)"])
    option(alert.style != defaults.style, ["style", "\(alert.style)"])
    option(alert.preemption != defaults.preemption, ["preemption", "\(alert.preemption)"])
    option(alert.offstage != defaults.offstage, ["offstage", "\(alert.offstage)"])
    option(alert.ignoresPause, ["ignores-pause"])
    option(alert.placement != defaults.placement, ["show-next"])
    option(alert.showNowOrDrop, ["show-now-or-drop"])
    option(alert.readiness != defaults.readiness, ["pending"])
    option(alert.duplicates != defaults.duplicates, ["replace"])
    words += timings(alert.timing)
    option(alert.cap != nil, caps(alert.cap!))
    option(alert.category != nil, ["category", alert.category!])
    option(alert.title != nil, ["title", quoted(alert.title!)])
    option(alert.message != nil, ["message", quoted(alert.message!)])
    option(alert.later, ["later"])
    option(!alert.buttons.isEmpty, ["buttons"] + alert.buttons.map(quoted))
    return words
  }

  private static func timings(_ timing: AlertTiming) -> [String] {
    var words: [String] = []
    if let deadline = timing.readinessDeadline { words += ["deadline", spelled(deadline)] }
    if let expiry = timing.expiry { words += ["expiry", spelled(expiry)] }
    if timing.delay != .zero { words += ["delay", spelled(timing.delay)] }
    if let autoDismiss = timing.autoDismiss { words += ["autodismiss", spelled(autoDismiss)] }
    if let minimum = timing.minimumDisplay { words += ["minimum", spelled(minimum)] }
    return words
  }

  /// `cap LIMIT [key KEY] [when dismissed]`.
  private static func caps(_ cap: FrequencyCap) -> [String] {
    var words = ["cap"] + frequency(cap.limit, cap.window)
    if let key = cap.key { words += ["key", key] }
    if cap.countsWhen == .dismissed { words += ["when", "dismissed"] }
    return words
  }

  /// `once-ever`, `3-per-launch`, `2-per 1h`: a limit and a window.
  static func frequency(_ limit: Int, _ window: FrequencyWindow) -> [String] {
    let count = limit == 1 ? "once" : "\(limit)"
    switch window {
    case .ever: return ["\(count)-ever"]
    case .launch: return ["\(count)-per-launch"]
    case .day(let zone):
      // A day in a named time zone has no form in a file: the check on reading back says so.
      return [zone.map { "\(count)-per-day-in-\($0.identifier)" } ?? "\(count)-per-day"]
    case .version: return ["\(count)-per-version"]
    case .rolling(let period): return ["\(count)-per", spelled(period)]
    }
  }
}
