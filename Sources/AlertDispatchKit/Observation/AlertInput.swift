/// An input that can change what a domain decides, as a recorder attached to the domain's root
/// hears of it (see ``AlertDispatch/inputHook``): every call an app makes on a dispatch, an alert
/// or a pause, and every call the framework makes on a presenter with its answer.
///
/// Inputs are reported when they take effect: a call made during a pass (from a presenter or a
/// completion handler) is reported once the pass has ended, when it runs.
@MainActor
package enum AlertInput {
  /// `add(_:)`: the alert was added to its dispatch (its request is ``AlertHandle/request``).
  case add(AlertHandle, to: AlertDispatch)
  /// `markReady()` or `markReady(content:)`.
  case ready(AlertHandle, content: AlertContent?)
  /// `didDismiss(result:)`: the presenter reports the alert gone.
  case didDismiss(AlertHandle, AlertResult)
  /// `close(result:)`: the app has the alert taken down.
  case close(AlertHandle, AlertResult)
  /// `cancel()`.
  case cancel(AlertHandle)
  /// `didFinishPresenting()`.
  case didFinishPresenting(AlertHandle)
  /// `cancelAlerts(_:includingSubtree:)`, with the alerts it selected.
  case cancelAlerts(
    AlertDispatch, AlertSelection, includingSubtree: Bool, selected: [AlertHandle])
  /// `setParent(_:)`, reported to the roots of the dispatch before and after.
  case setParent(AlertDispatch, AlertDispatch?)
  /// `activeChild = child`.
  case setActiveChild(AlertDispatch, AlertDispatch?)
  /// `activeChildProvider = provider`: whether one is set now (its answers come as
  /// ``providerAnswer(_:_:)``).
  case setProvider(AlertDispatch, isSet: Bool)
  /// What the dispatch's active-child provider answered when a pass or `explain` asked it.
  case providerAnswer(AlertDispatch, AlertDispatch?)
  /// `appear()`.
  case appear(AlertDispatch)
  /// `disappear()`.
  case disappear(AlertDispatch)
  /// `close()`.
  case closeDispatch(AlertDispatch)
  /// The app released the dispatch (it closes, and its children become roots); the dispatch
  /// is gone, so only its identity is reported.
  case releaseDispatch(ObjectIdentifier)
  /// `pause()`, `pause(lane:)` or `pause(category:)`.
  case pause(AlertDispatch, AlertPauseToken)
  /// `AlertPauseToken.release()`.
  case release(AlertPauseToken)
  /// `resume()`.
  case resume(AlertDispatch)
  /// `setNeedsArbitration()`.
  case setNeedsArbitration(AlertDispatch)
  /// The presenter was asked to present the alert, and answered.
  case presented(AlertHandle, PresentationAnswer)
  /// The presenter was asked to hide the alert.
  case hidden(AlertHandle)
  /// The presenter was asked to restore the alert.
  case restored(AlertHandle)
  /// The presenter was asked to take the alert down.
  case dismissed(AlertHandle)
  /// The counts of this domain's frequency policy changed under these ledger keys, for an alert
  /// of this domain or, `elsewhere`, of another domain that shares the policy: the caps of this
  /// domain's alerts read them.
  case showCount(ShowCountChange, keys: [String], elsewhere: Bool)
  /// `passScheduling = scheduling`.
  case setPassScheduling(AlertDispatch, PassScheduling)
  /// The main-actor turn ended, and the pass this coalescing root deferred to its end runs now.
  case turnEnded
  /// A timer of the domain fired (a delay, a deadline, an expiry, an auto-dismiss, a minimum
  /// display, a wake-up): reported as it starts its change, so that a recording places the
  /// inputs of an instant among the timers that fired then.
  case timerFired
  /// A pass at the root settled; `isQuiet` when no call and no pass wait to run after it, so
  /// that the domain is as the next input will find it.
  case passSettled(isQuiet: Bool)
}

/// Called with each input of a domain and the instant on the root's clock.
package typealias AlertInputHook = @MainActor (AlertInput, AlertInstant) -> Void

extension DispatchNode {
  /// Reports an input to the hook of this node's root, if any: without one, it costs the walk
  /// to the root and one check.
  func report(_ input: @autoclosure () -> AlertInput) {
    let root = root
    guard let hook = root.inputHook else { return }
    hook(input(), root.clock.now)
  }

  /// Reports a call on this dispatch, made with the dispatch the app holds, if it still does:
  /// a queued call holds the node, never the dispatch, whose release is an event of its own.
  func reportCall(_ input: (AlertDispatch) -> AlertInput) {
    guard let facade else { return }
    report(input(facade))
  }
}
