/// The dispatches a pass may show alerts from: root → active child → … while each is visible.
@MainActor
struct ActiveChain {
  /// The chain, root first.
  private(set) var nodes: [AlertDispatch] = []
  /// For each node on the chain, the nearest paused dispatch at or above it.
  private var pausedBy: [ObjectIdentifier: AlertDispatch] = [:]
  private var members: Set<ObjectIdentifier> = []

  init(root: AlertDispatch) {
    var node: AlertDispatch? = root
    var paused: AlertDispatch?
    while let current = node, current.isVisible, !current.isClosed,
      members.insert(ObjectIdentifier(current)).inserted
    {
      nodes.append(current)
      if paused == nil && current.isPaused { paused = current }
      if let paused { pausedBy[ObjectIdentifier(current)] = paused }
      node = current.activeChild()
    }
  }

  func contains(_ dispatch: AlertDispatch?) -> Bool {
    guard let dispatch else { return false }
    return members.contains(ObjectIdentifier(dispatch))
  }

  func pausedBy(_ dispatch: AlertDispatch) -> AlertDispatch? {
    pausedBy[ObjectIdentifier(dispatch)]
  }

  /// The lane queues of the chain's dispatches that are not paused.
  func queues(for lane: String) -> [LaneQueue] {
    nodes.compactMap { node in
      pausedBy(node) == nil ? node.queues[lane] : nil
    }
  }
}

extension AlertDispatch {
  /// The provider's answer, if it names a child of this dispatch; otherwise `nil`, with a
  /// diagnostic the first time a given wrong answer is seen.
  func activeChild() -> AlertDispatch? {
    guard let provider = activeChildProvider, let child = provider() else {
      lastRejectedChild = nil
      return nil
    }
    guard child.parent === self else {
      let key = ObjectIdentifier(child)
      if lastRejectedChild != key {
        lastRejectedChild = key
        diagnose(
          "active-child provider of '\(name)' returned '\(child.name)', which is not its child; ignored"
        )
      }
      return nil
    }
    lastRejectedChild = nil
    return child
  }
}
