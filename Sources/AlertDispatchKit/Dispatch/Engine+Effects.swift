/// What a change asks of code outside the dispatch machinery, as a value: a presenter to hide,
/// restore or take down an alert, the app's completion handlers and awaiting tasks to hear an
/// outcome, observers, the pass observer and diagnostic handlers to hear an event, a frequency
/// ledger to count shows, a clock to drop a timer. A presentation and an active-child provider,
/// whose answers the pass needs, are ``Engine/present(_:by:for:)`` and
/// ``Engine/activeChild(askedOf:for:)``; a timer is ``Engine/schedule(at:on:for:_:)``.
@MainActor
enum AlertEffect {
  /// The presenter that put the alert up hides it (its screen left the chain, or it was
  /// preempted).
  case hide(AlertHandle, by: any AlertPresenter)
  /// The presenter that put the alert up shows it again.
  case restore(AlertHandle, by: any AlertPresenter)
  /// The presenter that put the alert up takes it down.
  case dismiss(AlertHandle, by: any AlertPresenter)
  /// The alert ended with `outcome`: its completion handlers run, then its awaiting tasks
  /// resume, first registered first.
  case deliver(
    AlertOutcome, handlers: [@MainActor (AlertOutcome) -> Void],
    waiters: [CheckedContinuation<AlertOutcome, Never>])
  /// A completion given to `add` for an alert that ended during the call runs with `outcome`
  /// once the call has returned, in a main-actor task.
  case deliverAfterAdd(AlertOutcome, handler: @MainActor (AlertOutcome) -> Void)
  /// The observers of `node` and of each of its ancestors hear `event`, nearest first; then, when
  /// `toHandler`, the root's diagnostic handler.
  case notify(AlertEvent, from: DispatchNode, toHandler: Bool)
  /// A diagnostic that no dispatch hears (the alert's dispatch was released, or no dispatch
  /// uses the frequency policy that reports it) goes to the diagnostic handler of the current
  /// settings (``AlertDispatchSettings/current``).
  case diagnoseUnheard(AlertEvent)
  /// The pass observer of `dispatch`, a root, hears that a pass settled.
  case tellPassObserver(AlertDispatch, observer: @MainActor (AlertDispatch) -> Void)
  /// A frequency policy counts shows: `ledger` stores `records`.
  case countShows([FrequencyRecord], in: any FrequencyLedger)
  /// The clock drops a timer that the change no longer needs, which then never fires.
  case cancelTimer(any AlertTimer)
  /// The `events` streams of a released dispatch end, and with them the app's loops over them.
  case finishEvents([AsyncStream<AlertEvent>.Continuation])
}

extension Engine {
  /// Carries out `effect`: the one place, with ``present(_:by:for:)``,
  /// ``activeChild(askedOf:for:)`` and ``schedule(at:on:for:_:)``, where the dispatch calls a
  /// presenter, a completion handler, an awaiting task, an observer, a diagnostic handler, a
  /// ledger or a timer, whether the change came from a pass or from the app (a dismiss, a
  /// cancel, a close, a timer). Effects are carried out where the change makes them, in the
  /// order it makes them, so that the code called sees the state the change left: a presenter
  /// that reads ``AlertHandle/state`` in `hide(_:)` reads `suspended`. A call that code makes
  /// back into the dispatch meanwhile waits in line (``perform(_:)``); `node` hears of each
  /// presenter call as an input (``DispatchNode/report(_:)``).
  func carryOut(_ effect: AlertEffect, for node: DispatchNode?) {
    switch effect {
    case .hide(let alert, let presenter):
      node?.report(.hidden(alert))
      presenter.hide(alert)
    case .restore(let alert, let presenter):
      node?.report(.restored(alert))
      presenter.restore(alert)
    case .dismiss(let alert, let presenter):
      node?.report(.dismissed(alert))
      presenter.dismiss(alert)
    case .deliver(let outcome, let handlers, let waiters):
      for handler in handlers { handler(outcome) }
      for waiter in waiters { waiter.resume(returning: outcome) }
    case .deliverAfterAdd(let outcome, let handler):
      Task { @MainActor in handler(outcome) }
    case .notify(let event, let node, let toHandler):
      var current: DispatchNode? = node
      while let observed = current {
        for (_, observer) in observed.observers { observer(event) }
        current = observed.parent
      }
      if toHandler { node.root.diagnosticHandlerHere(event) }
    case .diagnoseUnheard(let event):
      AlertDispatchSettings.current.diagnosticHandler(event)
    case .tellPassObserver(let dispatch, let observer):
      observer(dispatch)
    case .countShows(let records, let ledger):
      ledger.append(records)
    case .cancelTimer(let timer):
      timer.cancel()
    case .finishEvents(let continuations):
      for continuation in continuations { continuation.finish() }
    }
  }

  /// Cancels `timer`, if there is one (``AlertEffect/cancelTimer(_:)``).
  func cancel(_ timer: (any AlertTimer)?) {
    if let timer { carryOut(.cancelTimer(timer), for: nil) }
  }

  /// Asks `presenter` to put `alert` up and returns its answer, which `node` hears of as an
  /// input.
  func present(
    _ alert: AlertHandle, by presenter: any AlertPresenter, for node: DispatchNode
  ) -> PresentationAnswer {
    let answer = presenter.present(alert)
    node.report(.presented(alert, answer))
    return answer
  }

  /// Asks `provider`, the active-child provider of `node`, which child is active, and returns
  /// its answer, which `node` hears of as an input. A pass asks while it builds its chain, and
  /// `explain` as it does: the answer decides which dispatches they read.
  func activeChild(
    askedOf provider: @MainActor () -> AlertDispatch?, for node: DispatchNode
  ) -> AlertDispatch? {
    let answer = provider()
    if let facade = node.facade { node.report(.providerAnswer(facade, answer)) }
    return answer
  }

  /// Schedules `change` at `instant` on `clock`, the domain's: when the clock fires the timer,
  /// the engine runs `change` as it runs an app's call (``perform(_:)``), after the change or
  /// pass running then, if any, and reports it to the recorder of `node`'s domain as a timer
  /// that fired.
  func schedule(
    at instant: AlertInstant, on clock: any AlertClock, for node: DispatchNode?,
    _ change: @escaping @MainActor () -> Void
  ) -> any AlertTimer {
    clock.schedule(at: instant) { [self, weak node] in
      // Heard as it fires, even when it must wait in line (a replay fires it inside a held call).
      holdingCalls {
        node?.report(.timerFired)
        perform(change)
      }
    }
  }
}
