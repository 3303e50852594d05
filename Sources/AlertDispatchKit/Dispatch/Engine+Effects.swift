/// What a change asks of code outside the dispatch machinery, as a value: a presenter to hide,
/// restore or take down an alert, the app's completion handlers and awaiting tasks to hear an
/// outcome, observers to hear an event. A presentation, whose answer the pass needs, is
/// ``Engine/present(_:by:for:)``; a timer is ``Engine/schedule(at:on:_:)``.
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
  /// The observers of `node` and of each of its ancestors hear `event`, nearest first; then, when
  /// `toHandler`, the root's diagnostic handler.
  case notify(AlertEvent, from: DispatchNode, toHandler: Bool)
}

extension Engine {
  /// Carries out `effect`: the one place, with ``present(_:by:for:)`` and
  /// ``schedule(at:on:_:)``, where the dispatch calls a presenter, a completion handler, an
  /// awaiting task or an observer, whether the change came from a pass or from the app (a
  /// dismiss, a cancel, a close, a timer). Effects are carried out where the change makes them,
  /// in the order it makes them, so that the code called sees the state the change left: a
  /// presenter that reads ``AlertHandle/state`` in `hide(_:)` reads `suspended`. A call that
  /// code makes back into the dispatch meanwhile waits in line (``perform(_:)``); `node` hears
  /// of each presenter call as an input (``DispatchNode/report(_:)``).
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
    case .notify(let event, let node, let toHandler):
      var current: DispatchNode? = node
      while let observed = current {
        for (_, observer) in observed.observers { observer(event) }
        current = observed.parent
      }
      if toHandler { node.root.diagnosticHandlerHere(event) }
    }
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

  /// Schedules `action` at `instant` on `clock`, the domain's: when the clock fires it, from
  /// outside any call, the action makes its change as a call of its own (``perform(_:)``),
  /// reported to the recorder of `node`'s domain as a timer that fired.
  func schedule(
    at instant: AlertInstant, on clock: any AlertClock, for node: DispatchNode?,
    _ action: @escaping @MainActor () -> Void
  ) -> any AlertTimer {
    clock.schedule(at: instant) { [weak node] in
      Engine.shared.perform {
        node?.report(.timerFired)
        action()
      }
    }
  }
}
