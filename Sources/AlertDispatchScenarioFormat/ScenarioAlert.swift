import AlertDispatchKit

/// `alert NAME on OWNER [option …]`: an alert a scenario declares, with everything needed to
/// build its request.
///
/// The defaults are those of a request: an option is written only when it differs from them.
public struct ScenarioAlert: Sendable, Hashable {
  /// The name the scenario uses for the alert.
  public var name: String
  /// The screen or window whose dispatch the alert is added to.
  public var owner: String
  /// `id ID`: the request's id (the name unless written).
  public var id: String
  /// `priority PRIORITY`.
  public var priority: AlertPriority = .normal
  /// `lane LANE`: the name of a lane the scenario declares, or `modal`.
  public var lane: String = AlertLane.modal.name
  /// `after ID,ID,…`: the ids the alert waits for.
  public var dependencies: [String] = []
  /// `waits-for-unadded`: ids of `after` not added yet hold the alert back too, until its
  /// `deadline`.
  public var waitsForUnadded = false
  /// `interruption suspend|cancel|never`.
  public var interruption: InterruptionPolicy = .suspend
  /// `preemption preempt|wait`.
  public var preemption: PreemptionPolicy = .preempt
  /// `style hide|cover`.
  public var style: PresentationStyle = .hideOthers
  /// `pending`: the alert waits for `ready`.
  public var readiness: Readiness = .ready
  /// `replace`: the alert replaces an alert with its id.
  public var duplicates: DuplicatePolicy = .keepExisting
  /// `deadline`, `expiry`, `delay`, `autodismiss` and `minimum`.
  public var timing = AlertTiming()
  /// `title TEXT` (the id unless written).
  public var title: String?
  /// `message TEXT`.
  public var message: String?
  /// `buttons BUTTON …`.
  public var buttons: [String] = []
  /// `cap LIMIT [key KEY] [when dismissed]`.
  public var cap: FrequencyCap?
  /// `category NAME`.
  public var category: String?
  /// `offstage suspend|end`.
  public var offstage: OffstagePolicy = .suspend
  /// `ignores-pause`.
  public var ignoresPause = false
  /// `show-next`: the alert goes to the front of its line.
  public var placement: LinePlacement = .back
  /// `show-now-or-drop`.
  public var showNowOrDrop = false
  /// `later`: the alert is added by an `add` action, not when the scenario starts.
  public var later = false

  /// Creates a declaration with a request's defaults; its id is its name.
  public init(name: String, owner: String) {
    self.name = name
    self.owner = owner
    self.id = name
  }
}
