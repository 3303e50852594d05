// The hooks of the tools in this package: the stress tool, the recorder and the tests.
extension AlertDispatch {
  /// How many passes every root of the process has run (the stress tool reports it).
  package static var passCount: Int { DispatchNode.passCount }

  /// Called with this dispatch once each pass it runs as a root has settled, before any call
  /// the pass queued runs: the stress tool's reference model reads the domain then.
  package var passObserver: (@MainActor (AlertDispatch) -> Void)? {
    get { node.passObserver }
    set { node.passObserver = newValue }
  }

  /// How many dispatches' internal nodes are alive in the process (the leak tests read it).
  package static var liveNodeCount: Int { DispatchNode.liveCount }

  /// Called with every input of this dispatch's domain while it is a root (see ``AlertInput``):
  /// what a recorder attached to the root hears. Kept by this dispatch; `nil` for none.
  package var inputHook: AlertInputHook? {
    get { node.inputHook }
    set {
      if node.inputHook != nil { DispatchNode.hookedRoots -= 1 }
      if newValue != nil { DispatchNode.hookedRoots += 1 }
      node.inputHook = newValue
    }
  }

  /// Whether this dispatch asks an active-child provider (the ``activeChildProvider`` is set).
  package var hasActiveChildProvider: Bool { node.activeChildProvider != nil }
}
