import AlertDispatchKit

/// The names a recording gives the dispatches, alerts and pause tokens it meets: a scenario
/// name each, unique in the recording, kept while the object lives.
///
/// A dispatch is named after its `name` and an alert after its id, with the characters a
/// scenario name cannot hold replaced by `_`, and `-2`, `-3` … added to a name already taken.
/// Objects are held weakly: the recorder keeps nothing of the app's alive.
@MainActor
struct RecordingNames {
  private struct Entry<Object: AnyObject> {
    weak var object: Object?
    var name: String
    /// The order the recording met it in (alerts: their add order).
    var number = 0
    /// When an alert was added, if the recording heard it.
    var added: AlertInstant?
    /// The name of the dispatch an alert was added to.
    var owner: String?
  }

  private var dispatches: [ObjectIdentifier: Entry<AlertDispatch>] = [:]
  private var alerts: [ObjectIdentifier: Entry<AlertHandle>] = [:]
  private var tokens: [ObjectIdentifier: Entry<AlertPauseToken>] = [:]
  /// How many times each base name was given, per namespace (dispatches share theirs with the
  /// implicit window `main`, and `none` means no dispatch).
  private var dispatchBases: [String: Int] = ["main": 1, "none": 1]
  private var alertBases: [String: Int] = [:]
  private var tokenCount = 0
  private var recordingTokenCount = 0
  private var alertCount = 0

  /// The name of a dispatch the recording has met, or `nil`.
  func known(_ dispatch: AlertDispatch) -> String? {
    guard let entry = dispatches[ObjectIdentifier(dispatch)], entry.object === dispatch else {
      return nil
    }
    return entry.name
  }

  /// The name of a dispatch, given now if the recording has not met it.
  mutating func name(_ dispatch: AlertDispatch) -> String {
    if let name = known(dispatch) { return name }
    let name = RecordingNames.unique(RecordingNames.sanitized(dispatch.name), in: &dispatchBases)
    dispatches[ObjectIdentifier(dispatch)] = Entry(object: dispatch, name: name)
    return name
  }

  /// Forgets a released dispatch, whose identity another object may take.
  mutating func forget(dispatch identity: ObjectIdentifier) -> String? {
    dispatches.removeValue(forKey: identity)?.name
  }

  /// Forgets a dispatch that left the recorded domain, with its alerts and pauses: what happens
  /// to them while away is not recorded, so the recording meets them anew when they come back.
  mutating func forget(_ dispatch: AlertDispatch) {
    dispatches[ObjectIdentifier(dispatch)] = nil
    alerts = alerts.filter { $0.value.object?.dispatch !== dispatch }
    for token in dispatch.pauses { tokens[ObjectIdentifier(token)] = nil }
  }

  /// The name of an alert the recording has met, or `nil`.
  func known(_ alert: AlertHandle) -> String? {
    guard let entry = alerts[ObjectIdentifier(alert)], entry.object === alert else { return nil }
    return entry.name
  }

  /// Gives an alert added to the dispatch named `owner` a new name (an alert is met once, when
  /// it is added or in a snapshot).
  mutating func name(_ alert: AlertHandle, on owner: String) -> String {
    let name = RecordingNames.unique(id(alert.id), in: &alertBases)
    alertCount += 1
    alerts[ObjectIdentifier(alert)] = Entry(
      object: alert, name: name, number: alertCount, owner: owner)
    return name
  }

  /// The name of the dispatch the alert was added to, which the app may have released since.
  func owner(of alert: AlertHandle) -> String? {
    guard let entry = alerts[ObjectIdentifier(alert)], entry.object === alert else { return nil }
    return entry.owner
  }

  /// Notes when the recording heard the alert added.
  mutating func noteAdded(_ alert: AlertHandle, at time: AlertInstant) {
    alerts[ObjectIdentifier(alert)]?.added = time
  }

  /// When the recording heard the alert added, or `nil`.
  func added(_ alert: AlertHandle) -> AlertInstant? {
    guard let entry = alerts[ObjectIdentifier(alert)], entry.object === alert else { return nil }
    return entry.added
  }

  /// The order in which the recording met the alert, or `nil`.
  func number(of alert: AlertHandle) -> Int? {
    guard let entry = alerts[ObjectIdentifier(alert)], entry.object === alert else { return nil }
    return entry.number
  }

  /// The name of a pause token the recording has met, or `nil`.
  func known(_ token: AlertPauseToken) -> String? {
    guard let entry = tokens[ObjectIdentifier(token)], entry.object === token else { return nil }
    return entry.name
  }

  /// Gives a pause token a name: `pause1`, `pause2` …
  mutating func name(_ token: AlertPauseToken) -> String {
    if let name = known(token) { return name }
    tokenCount += 1
    let name = "pause\(tokenCount)"
    tokens[ObjectIdentifier(token)] = Entry(object: token, name: name)
    return name
  }

  /// A name for a pause the recording adds of its own: `joining1`, `joining2` … for one that
  /// holds a joining dispatch's alerts, `left1` … for one that holds a dispatch that left;
  /// no pause of the app's is named so.
  mutating func recordingToken(_ prefix: String) -> String {
    recordingTokenCount += 1
    return "\(prefix)\(recordingTokenCount)"
  }

  /// An alert id as the recording writes it.
  func id(_ id: AlertID) -> String {
    RecordingNames.sanitized(id.rawValue)
  }

  /// Forgets ended alerts, released tokens and dispatches that are gone.
  mutating func forgetEnded() {
    alerts = alerts.filter { $0.value.object.map { !$0.state.isEnded } ?? false }
    tokens = tokens.filter { $0.value.object.map { !$0.isReleased } ?? false }
    dispatches = dispatches.filter { $0.value.object != nil }
  }

  /// Forgets the alert names given so far but for `used` and the names of the alerts still
  /// met: a later alert may take a forgotten name, so that a recorder that runs for a long
  /// session holds names for the alerts it can still export, not for every alert it heard.
  mutating func keepAlertNames(_ used: Set<String>) {
    let alive = Set(alerts.values.map(\.name))
    alertBases = alertBases.filter { used.contains($0.key) || alive.contains($0.key) }
  }

  /// `text` with every character a scenario name cannot hold replaced by `_`.
  nonisolated static func sanitized(_ text: String) -> String {
    func fits(_ character: Character) -> Bool {
      character.isLetter || character.isNumber || "-_.".contains(character)
    }
    // Most ids are names already: no new string for them (an id is written at every line),
    // and an ASCII one is checked byte by byte, without reading characters.
    func fitsASCII(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
        UInt8(ascii: "."):
        true
      default: false
      }
    }
    if !text.isEmpty && text.utf8.allSatisfy(fitsASCII) { return text }
    if !text.isEmpty && text.allSatisfy(fits) { return text }
    let name = String(text.map { fits($0) ? $0 : "_" })
    return name.isEmpty ? "_" : name
  }

  /// `base`, or `base-2`, `base-3` … when it was given before.
  private static func unique(_ base: String, in bases: inout [String: Int]) -> String {
    let count = (bases[base] ?? 0) + 1
    bases[base] = count
    guard count > 1 else { return base }
    var candidate = "\(base)-\(count)"
    while bases[candidate] != nil { candidate += "_" }
    bases[candidate] = 1
    return candidate
  }
}
