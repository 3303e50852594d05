/// Rule 1 of a pass: the dispatches it may show alerts from, root → active child → … while
/// each is visible and not closed.
///
/// A chain is built afresh at every pass (and for `explain`), asking each active-child provider
/// on the way. It is a few dispatches long, so look-ups are linear.
@MainActor
struct ActiveChain {
  /// A dispatch of the chain.
  struct Link {
    let node: DispatchNode
  }

  /// The chain, root first.
  private(set) var links: [Link] = []
  /// Whether a dispatch of the chain holds a pause (see ``pause(holding:)``).
  private(set) var hasPauses = false
  /// For each link, once a dispatch of the chain holds a pause: the scopes of the pauses held at
  /// or above it; empty while none does.
  private var held: [[AlertPauseScope]] = []

  /// Builds the chain from `root`.
  init(root: DispatchNode) {
    var next: DispatchNode? = root
    // A chain is a few dispatches long: one allocation holds most, where growing one link at a
    // time allocated again for the second.
    links.reserveCapacity(4)
    // No dispatch can come twice: an active child's parent is the dispatch before it, and
    // parent links have no cycle. The bound only guards against a hang should that ever break.
    while let node = next, node.canBeOnChain, links.count < 100_000 {
      if !node.pauses.isEmpty && !hasPauses {
        hasPauses = true
        held = Array(repeating: [], count: links.count)
      }
      if hasPauses {
        let here = (held.last ?? []) + node.pauses.map(\.scope)
        held.append(here)
      }
      links.append(Link(node: node))
      next = node.activeChild()
    }
  }

  /// The names of the chain's dispatches, root first, each holding a pause marked so.
  var names: [String] {
    links.map { link in
      let scopes = link.node.pauses.map(\.scope)
      if scopes.isEmpty { return link.node.name }
      if scopes.contains(.all) { return link.node.name + " (paused)" }
      return link.node.name + " (paused: \(scopes.map(\.description).joined(separator: ", ")))"
    }
  }

  /// Whether a pass may pass over the line of `lane` of the link at `index`, in which
  /// `exemptCount` alerts ignore pauses, without reading it: a pause holds every alert of it
  /// (see ``pause(holding:)``), none of which ignores pauses.
  func skips(lineOf lane: LaneKey, exemptCount: Int, at index: Int) -> Bool {
    guard hasPauses, exemptCount == 0 else { return false }
    return held[index].contains { $0.holdsWholeLane(lane.rawValue) }
  }

  /// Whether `dispatch` is on the chain.
  func contains(_ dispatch: DispatchNode?) -> Bool {
    guard let dispatch else { return false }
    return links.contains { $0.node === dispatch }
  }
}

extension DispatchNode {
  /// Whether the dispatch can be a link of an active chain: visible and not closed.
  var canBeOnChain: Bool { isVisible && !isClosed }

  /// The provider's answer, if it names a child of this dispatch; otherwise `nil`, with a
  /// diagnostic the first time a given wrong answer is seen. Without a provider, the active
  /// child the app set (``activeChildNode``), which is always a child.
  func activeChild() -> DispatchNode? {
    guard let provider = activeChildProvider else {
      lastRejectedChild = nil
      return activeChildNode
    }
    let answer = Engine.shared.activeChild(askedOf: provider, for: self)
    guard let child = answer?.node else {
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
