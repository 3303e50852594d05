/// What a dispatch's domain does besides arbitrating: whether its passes check the invariants,
/// where its diagnostics go, and how the ids that ``AlertRequest`` generates are numbered.
///
/// Each dispatch takes the settings that are current when it is created (see ``current``) and
/// keeps them in ``AlertDispatch/settings``; a domain uses its root's, so a dispatch that joins
/// another domain follows that root's settings. Settings are current inside
/// ``withAlertDispatchSettings(_:operation:)``, which scopes them to a task, and otherwise
/// they are the process-wide defaults ``AlertDispatch/checksInvariants`` and
/// ``AlertDispatch/diagnosticHandler``, which a dispatch created outside any scope follows as
/// they change.
///
/// Tests that run in parallel each give their dispatches their own settings, so that one test's
/// checks, diagnostics and generated ids never reach another:
///
/// ```swift
/// var diagnostics: [String] = []
/// let settings = AlertDispatchSettings(checksInvariants: true) { event in
///   if case .diagnostic(let message) = event.kind { diagnostics.append(message) }
/// }
/// withAlertDispatchSettings(settings) {
///   let home = AlertDispatch(name: "home", presenter: presenter)
///   home.add(AlertRequest())  // alert#1: numbered in this scope
/// }
/// ```
public struct AlertDispatchSettings: Sendable {
  /// Whether every pass of the domain checks the invariants of what it touched (see
  /// ``AlertDispatch/invariantViolations``); for tests, off by default.
  public var checksInvariants: Bool
  /// Where the domain's diagnostics go. Every diagnostic is also an ``AlertEvent`` of kind
  /// ``AlertEvent/Kind/diagnostic(_:)`` for the observers.
  public var diagnosticHandler: @MainActor (AlertEvent) -> Void
  /// The numbering of the ids ``AlertRequest`` generates while these settings are current.
  ///
  /// It is a reference: settings copied from ``current`` and changed go on with the same
  /// numbering, while new settings start at `alert#1`.
  public var generatedIDs: AlertIDNumbering

  /// Creates settings.
  ///
  /// - Parameters:
  ///   - checksInvariants: Whether passes check the invariants (default `false`).
  ///   - generatedIDs: The numbering of generated ids; by default a new one, from `alert#1`.
  ///   - diagnosticHandler: Where diagnostics go; by default standard output, as the
  ///     process-wide default writes them.
  public init(
    checksInvariants: Bool = false,
    generatedIDs: AlertIDNumbering = AlertIDNumbering(),
    diagnosticHandler: @escaping @MainActor (AlertEvent) -> Void = AlertDispatchSettings.print
  ) {
    self.checksInvariants = checksInvariants
    self.generatedIDs = generatedIDs
    self.diagnosticHandler = diagnosticHandler
  }

  /// Writes a diagnostic to standard output: the default ``diagnosticHandler``.
  @MainActor
  public static func print(_ event: AlertEvent) {
    Swift.print("AlertDispatch: \(event)")
  }

  /// The task-local value behind ``scoped``.
  @TaskLocal static var taskScope: AlertDispatchSettings?

  /// The settings of the innermost ``withAlertDispatchSettings(_:operation:)`` scope of this
  /// task, or `nil` outside any.
  public static var scoped: AlertDispatchSettings? { taskScope }

  /// The settings a dispatch created now takes: those of the innermost
  /// ``withAlertDispatchSettings(_:operation:)`` scope of this task, or else the process-wide
  /// defaults (``AlertDispatch/checksInvariants``, ``AlertDispatch/diagnosticHandler``, and one
  /// numbering of generated ids for the process).
  @MainActor
  public static var current: AlertDispatchSettings { scoped ?? processDefaults }

  /// The process-wide defaults, as they are now.
  @MainActor
  static var processDefaults: AlertDispatchSettings {
    AlertDispatchSettings(
      checksInvariants: DispatchNode.checksInvariants, generatedIDs: .process,
      diagnosticHandler: DispatchNode.diagnosticHandler)
  }
}

/// Makes `settings` current for the dispatches, simulators and requests created while
/// `operation` runs, in this task and the tasks it creates, then returns what `operation`
/// returns.
///
/// Dispatches keep the settings they were created with after the scope ends; a scope inside
/// another replaces it until it ends.
///
/// ```swift
/// let settings = AlertDispatchSettings(checksInvariants: true) { _ in }
/// let home = withAlertDispatchSettings(settings) { AlertDispatch(name: "home") }
/// ```
public func withAlertDispatchSettings<Result>(
  _ settings: AlertDispatchSettings, operation: () throws -> Result
) rethrows -> Result {
  try AlertDispatchSettings.$taskScope.withValue(settings, operation: operation)
}

/// Makes `settings` current while the asynchronous `operation` runs, in this task and the
/// tasks it creates, then returns what `operation` returns: for a test whose steps await.
public func withAlertDispatchSettings<Result>(
  _ settings: AlertDispatchSettings,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> Result
) async rethrows -> Result {
  try await AlertDispatchSettings.$taskScope.withValue(settings, operation: operation)
}

/// The numbering of generated alert ids (`alert#1`, `alert#2`, …): ids of one numbering are
/// unique, ids of two numberings may be equal.
///
/// ``AlertRequest`` takes an id from the numbering of the current settings when it is made
/// without one (``AlertID/generated()``).
@MainActor
public final class AlertIDNumbering: Sendable {
  /// The numbering of a process that sets no scope.
  static let process = AlertIDNumbering()

  /// How many ids the numbering gave.
  private var count = 0

  /// Creates a numbering whose first id is `alert#1`.
  public nonisolated init() {}

  /// The next id: `alert#` and one more than the number of ids given before.
  public func next() -> AlertID {
    count += 1
    return AlertID("\(Self.prefix)\(count)")
  }

  /// What every generated id starts with.
  private nonisolated static let prefix = "alert#"

  /// Whether `id` has the form of a generated id: `alert#` and a number.
  nonisolated static func isGenerated(_ id: AlertID) -> Bool {
    let text = id.rawValue
    guard text.hasPrefix(prefix) else { return false }
    let number = text.dropFirst(prefix.count)
    return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
  }
}
