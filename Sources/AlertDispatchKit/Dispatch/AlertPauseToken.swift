/// What a pause holds back: every alert, the alerts of one lane, or those of one category.
public enum AlertPauseScope: Hashable, Sendable, CustomStringConvertible {
  /// Every alert of the dispatch and of the dispatches below it.
  case all
  /// The alerts of the lane with this name.
  case lane(String)
  /// The alerts whose ``AlertRequest/category`` is this.
  case category(String)

  /// `all`, `lane 'toast'` or `category 'promotion'`.
  public var description: String {
    switch self {
    case .all: "all"
    case .lane(let name): "lane '\(name)'"
    case .category(let name): "category '\(name)'"
    }
  }

  /// Whether a pause of this scope holds back the alert made for `request`. A request that
  /// ignores pauses is held by none.
  func holds(_ request: AlertRequest) -> Bool {
    if request.ignoresPause { return false }
    switch self {
    case .all: return true
    case .lane(let name): return request.lane.name == name
    case .category(let name): return request.category == name
    }
  }

  /// Whether a pause of this scope holds every alert of the lane with this name that does not
  /// ignore pauses (see ``holds(_:)``): a pass need not read that lane's lines.
  func holdsWholeLane(_ name: String) -> Bool {
    self == .all || self == .lane(name)
  }
}

/// One pause of a dispatch, from ``AlertDispatch/pause()``, ``AlertDispatch/pause(lane:)`` or
/// ``AlertDispatch/pause(category:)``: while it is held, nothing it holds back goes up from the
/// dispatch or from a dispatch below it (alerts on screen stay). A dispatch stays paused until
/// every one of its tokens is released.
///
/// ```swift
/// let onboarding = home.pause()          // nothing new shows on home meanwhile
/// let quiet = home.pause(lane: .toast)   // nor toasts, until this is released too
/// onboarding.release()
/// quiet.release()
/// ```
///
/// A token is not released when it is dropped: a pause lasts until ``release()`` (or, for a
/// pause of the whole dispatch, ``AlertDispatch/resume()``). Releasing a token a second time is
/// ignored with a diagnostic.
@MainActor
public final class AlertPauseToken: CustomStringConvertible {
  /// What the pause holds back.
  nonisolated public let scope: AlertPauseScope
  /// The name of the paused dispatch.
  nonisolated public let dispatchName: String
  /// Whether the pause ended, by ``release()`` or ``AlertDispatch/resume()``.
  public private(set) var isReleased = false
  /// The paused dispatch; `nil` once the app released it.
  private weak var dispatch: AlertDispatch?
  /// Whether ``AlertDispatch/resume()`` ended the pause (diagnostics say so).
  private var endedByResume = false

  init(scope: AlertPauseScope, dispatch: AlertDispatch) {
    self.scope = scope
    self.dispatchName = dispatch.name
    self.dispatch = dispatch
  }

  /// Ends the pause: what it held back may go up again, unless another pause holds it. A
  /// second release is ignored with a diagnostic.
  public func release() {
    guard let dispatch else {
      // The dispatch is gone, and its pauses with it.
      isReleased = true
      return
    }
    let node = dispatch.node
    guard !isReleased else {
      let by = endedByResume ? " (by resume())" : ""
      return node.diagnose(
        "release() of a pause (\(scope)) of '\(dispatchName)' that was already released\(by); ignored"
      )
    }
    isReleased = true
    Engine.shared.perform { [self] in
      node.report(.release(self))
      node.pauses = node.pauses.filter { $0 !== self }
      node.requestPass()
    }
  }

  /// Marks the token released by ``AlertDispatch/resume()``.
  func endByResume() {
    isReleased = true
    endedByResume = true
  }

  /// `pause (all) of 'home'`, `pause (lane 'toast') of 'home'`.
  nonisolated public var description: String { "pause (\(scope)) of '\(dispatchName)'" }
}

extension DispatchNode {
  /// Holds `token` on this dispatch (unless it was released meanwhile).
  func hold(_ token: AlertPauseToken) {
    guard !token.isReleased else { return }
    pauses = pauses + [token]
    requestPass()
  }

  /// Whether a pause of the whole dispatch is held.
  var isPaused: Bool { pauses.contains { $0.scope == .all } }

  /// The first pause of this dispatch that holds back the alert made for `request`.
  func pause(holding request: AlertRequest) -> AlertPauseToken? {
    pauses.first { $0.scope.holds(request) }
  }
}

extension ActiveChain {
  /// The pause that holds `alert` back: one of its own dispatch's or of a dispatch above it
  /// on the chain, the highest first, with the dispatch that holds it; `nil` when none does
  /// (or its dispatch is not on the chain).
  func pause(holding alert: AlertHandle) -> (AlertPauseToken, DispatchNode)? {
    guard hasPauses, let owner = alert.owner else { return nil }
    for link in links {
      if let pause = link.node.pause(holding: alert.request) { return (pause, link.node) }
      if link.node === owner { return nil }
    }
    return nil
  }

  /// Where an alert whose dispatch is on the chain stands: paused or free to go up.
  func placement(of alert: AlertHandle) -> PassInput.Placement {
    guard let (pause, node) = pause(holding: alert) else { return .onChain }
    return .paused(by: node.name, scope: pause.scope)
  }
}
