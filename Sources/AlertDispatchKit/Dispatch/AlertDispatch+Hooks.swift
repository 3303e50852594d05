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
    set { node.inputHook = newValue }
  }

  /// Whether the call running now was made during a pass, another call or a presenter call,
  /// and waited for it to end: a recorder tells a presenter that reports an alert gone from
  /// inside `dismiss` from one that reports it later.
  package static var isRunningQueuedCall: Bool { Engine.shared.isRunningQueuedAction }

  /// How many times the library started working from idle (a call from outside any other, a
  /// timer, a deferred pass): two inputs or presenter calls heard with the same count belong to
  /// one outermost call.
  package static var outermostCallCount: Int { Engine.shared.entryCount }

  /// Makes `calls` as one call of the app runs with the calls made from inside it (by completion
  /// handlers, a presenter): each call is made once the one before has run, and waits in line
  /// behind whatever that one left waiting; the passes they ask for run once they all have. A
  /// replay runs so the calls an app made while the library was busy with the one before.
  package static func runTogether(_ calls: [@MainActor () -> Void]) {
    Engine.shared.holdingCalls { makeInLine(calls) }
  }

  /// Ends the main-actor turn as ``runDeferredPasses()`` does, then makes `calls` as calls made
  /// during those passes (by completion handlers, a presenter) run: in the same drain, one
  /// after the other as ``runTogether(_:)`` makes them, their passes not deferred.
  package static func runDeferredPasses(thenMaking calls: [@MainActor () -> Void]) {
    assert(
      !Engine.shared.isBusy, "runDeferredPasses(thenMaking:) called during an action or a pass")
    Engine.shared.runDeferredPasses { makeInLine(calls) }
  }

  /// Makes the first call, and each next one once the one before has run (made while the engine
  /// is busy, a call waits in line).
  private static func makeInLine(_ calls: [@MainActor () -> Void]) {
    @MainActor func make(_ index: Int) {
      guard index < calls.count else { return }
      calls[index]()
      Engine.shared.perform { make(index + 1) }
    }
    make(0)
  }

  /// Whether this dispatch asks an active-child provider (the ``activeChildProvider`` is set).
  package var hasActiveChildProvider: Bool { node.activeChildProvider != nil }

  /// Whether this dispatch's root waits for a pass that ``PassScheduling/coalesced``
  /// scheduling deferred to the end of the main-actor turn: until it runs, the domain may show
  /// what the last pass decided rather than what a pass would decide now.
  package var awaitsDeferredPass: Bool { Engine.shared.isDeferred(node.root) }

  /// Whether any root waits for a pass deferred to the end of the main-actor turn.
  package static var hasDeferredPasses: Bool { Engine.shared.hasDeferredPasses }

  /// Ends the main-actor turn now, as far as passes go: runs the passes that coalescing roots
  /// deferred, with the code the task scheduled for the end of the turn runs (that task then
  /// finds nothing to do). For the stress tool and tests, which run synchronously; call it
  /// outside any action or pass.
  package static func runDeferredPasses() {
    assert(!Engine.shared.isBusy, "runDeferredPasses() called during an action or a pass")
    Engine.shared.runDeferredPasses()
  }
}
