/// The calls an app and a presenter make on an alert. Each call that changes the alert runs as
/// a change of the engine (``Engine/perform(_:)``), which waits in line behind a running pass,
/// and moves the alert as `AlertHandle+Lifecycle.swift` says.
extension AlertHandle {
  /// The alert's outcome; suspends until the alert ends.
  public var outcome: AlertOutcome {
    get async {
      if let endedOutcome { return endedOutcome }
      return await withCheckedContinuation { waiters = waiters + [$0] }
    }
  }

  /// Calls `handler` with the outcome when the alert ends (at once if it has ended).
  public func onEnd(_ handler: @escaping @MainActor (AlertOutcome) -> Void) {
    if let endedOutcome {
      Engine.shared.carryOut(.deliver(endedOutcome, handlers: [handler], waiters: []), for: nil)
    } else {
      completions = completions + [handler]
    }
  }

  /// Says the alert may show now: a pending alert becomes queued.
  ///
  /// Marking an alert that is already ready does nothing; marking an ended one reports a
  /// diagnostic.
  public func markReady() {
    Engine.shared.perform {
      self.owner?.report(.ready(self, content: nil))
      self.applyMarkReady(content: nil)
    }
  }

  /// Says the alert may show now, with the content the answer brought: the presenter reads it
  /// as ``content`` when it puts the alert up.
  ///
  /// ```swift
  /// let offer = home.add(AlertRequest(id: "offer", readiness: .pending))
  /// // … the network answers …
  /// offer.markReady(content: AlertContent(title: "50% off", buttons: ["Later", "Show me"]))
  /// ```
  ///
  /// An alert that is already ready and waits in line takes the new content too. One that has
  /// gone up keeps what the user sees: the content is not changed, with a diagnostic. Marking an
  /// ended alert reports a diagnostic, as ``markReady()`` does.
  public func markReady(content: AlertContent) {
    Engine.shared.perform {
      self.owner?.report(.ready(self, content: content))
      self.applyMarkReady(content: content)
    }
  }

  /// Reports that the alert's UI is already gone, with the user's choice: the presenter calls
  /// it once the user closed the alert, or once it took the alert down at the framework's
  /// request. To have an alert on screen taken down, call ``close(result:)``.
  ///
  /// - A presenting, showing or suspended alert ends as ``AlertOutcome/dismissed(_:)``.
  /// - An alert the framework asked the presenter to close ends with the framework's reason.
  /// - An alert that never showed is not dismissed (use ``cancel()``), and a second dismiss is
  ///   ignored: both report a diagnostic and change nothing.
  public func didDismiss(result: AlertResult = .closed) {
    Engine.shared.perform {
      self.owner?.report(.didDismiss(self, result))
      self.applyDismiss(result)
    }
  }

  /// The first spelling of ``didDismiss(result:)``: the same call, which reports the UI already
  /// gone and does not take anything down. Call ``didDismiss(result:)`` from a presenter once
  /// the alert's UI is gone, or ``close(result:)`` to have an alert on screen taken down.
  @available(
    *, deprecated,
    message:
      "use close(result:) to take an alert down, or didDismiss(result:) to report that its UI is already gone (all dismiss(result:) does)"
  )
  public func dismiss(result: AlertResult = .closed) { didDismiss(result: result) }

  /// Has the presenter take an alert on screen down (``AlertPresenter/dismiss(_:)``); it ends as
  /// ``AlertOutcome/dismissed(_:)`` with `result` once gone. An alert not on screen (use
  /// ``cancel()``), being dismissed or ended is left as it is, with a diagnostic. An alert still
  /// inside its ``AlertTiming/minimumDisplay`` is taken down when that ends; the call returns
  /// at once, and a second close or cancel meanwhile is ignored with a diagnostic.
  public func close(result: AlertResult = .closed) {
    Engine.shared.perform {
      self.owner?.report(.close(self, result))
      self.applyClose(.dismissed(result), by: "close(result:)")
    }
  }

  /// Withdraws the alert: it ends as ``CancellationReason/cancelledByApp``.
  ///
  /// A waiting alert ends at once. An alert on screen is closed through the presenter's
  /// ``AlertPresenter/dismiss(_:)`` and ends when the presenter reports it gone; one still inside
  /// its ``AlertTiming/minimumDisplay`` is closed when that ends (a hidden one ends at once).
  public func cancel() {
    Engine.shared.perform {
      self.owner?.report(.cancel(self))
      self.applyClose(.cancelled(.cancelledByApp), by: "cancel()")
    }
  }

  /// Reports that a presentation answered with ``PresentationAnswer/presenting`` has finished
  /// animating in.
  public func didFinishPresenting() {
    Engine.shared.perform {
      self.owner?.report(.didFinishPresenting(self))
      self.applyDidFinishPresenting()
    }
  }
}
