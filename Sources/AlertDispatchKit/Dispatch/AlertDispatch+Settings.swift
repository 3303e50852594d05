// The settings of a domain: its own, or the process-wide defaults.
extension AlertDispatch {
  /// Whether this domain's passes check the invariants and where its diagnostics go. The root's
  /// value is used, so a dispatch that joins another domain follows that root's.
  ///
  /// A dispatch takes the settings of the ``withAlertDispatchSettings(_:operation:)`` scope it
  /// is created in. Created outside any, it follows the process-wide defaults
  /// (``checksInvariants``, ``diagnosticHandler``) as they change, until this is set.
  public var settings: AlertDispatchSettings {
    get { node.ownSettings ?? .processDefaults }
    set { node.ownSettings = newValue }
  }

  /// Where diagnostics go when a call is ignored or a rule is bent, for the dispatches that
  /// follow the process-wide defaults: those created outside any
  /// ``withAlertDispatchSettings(_:operation:)`` scope and given no ``settings``. By default
  /// they are printed to standard output; every diagnostic is also an ``AlertEvent`` of kind
  /// ``AlertEvent/Kind/diagnostic(_:)``.
  ///
  /// Tests that run in parallel give each its own handler with ``settings`` or
  /// ``withAlertDispatchSettings(_:operation:)`` instead: this one is shared by the process.
  public static var diagnosticHandler: @MainActor (AlertEvent) -> Void {
    get { DispatchNode.diagnosticHandler }
    set { DispatchNode.diagnosticHandler = newValue }
  }

  /// Turns on a check after every pass of what it touched, for an app's tests, in the domains
  /// whose root follows the process-wide defaults (created outside any
  /// ``withAlertDispatchSettings(_:operation:)`` scope and given no ``settings``); off by
  /// default, when it costs nothing. A root records what it finds in ``invariantViolations``;
  /// <doc:Invariants> lists the rules and the sentence each writes.
  ///
  /// Tests that run in parallel turn the checks on with ``settings`` or
  /// ``withAlertDispatchSettings(_:operation:)`` instead: this switch is shared by the process.
  public static var checksInvariants: Bool {
    get { DispatchNode.checksInvariants }
    set { DispatchNode.checksInvariants = newValue }
  }
}
