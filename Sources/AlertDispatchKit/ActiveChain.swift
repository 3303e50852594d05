/// The dispatches a pass may show alerts from: root → active child → … while each is visible.
@MainActor
struct ActiveChain {
  /// A node of the chain and the index of the nearest paused link at or above it.
  ///
  /// The node is not retained: building, reusing and dropping a chain then costs no reference
  /// counting (each retain or release is an atomic operation, and counting the chain's nodes
  /// was about a tenth of a tab switch; Performance.md). A pass runs while the tree holds every
  /// node of its chain (a released dispatch leaves the tree only after the pass, see
  /// ``DispatchNode/ownerReleased()``). Between passes the domain keeps the chain's storage,
  /// whose nodes may go away: its links are then only compared by address (``build(from:)``),
  /// and reused as they are only while ``Key`` says that nothing they were built from changed,
  /// which a node leaving the tree changes.
  struct Link {
    private let reference: Unmanaged<DispatchNode>
    var pausedBy: Int?

    init(node: DispatchNode, pausedBy: Int?) {
      reference = .passUnretained(node)
      self.pausedBy = pausedBy
    }

    /// The node, retained by the caller (for the rare uses).
    var node: DispatchNode { reference.takeUnretainedValue() }

    /// Whether the link names `node`, compared by address.
    /// The node's address, to compare without retaining.
    var address: UnsafeMutableRawPointer { reference.toOpaque() }

    func names(_ node: DispatchNode) -> Bool {
      address == Unmanaged.passUnretained(node).toOpaque()
    }

    /// Runs `body` on the node without retaining it.
    @inline(__always)
    func withNode<Result>(_ body: (DispatchNode) -> Result) -> Result {
      withGuaranteed(reference, body)
    }
  }

  /// The chain, root first.
  ///
  /// A chain is a path down the tree, a few nodes long, and it is rebuilt at every pass: linear
  /// look-ups in one small array cost less than hashing into a set and a dictionary.
  private var links: [Link] = []
  /// Whether the chain is the previous pass's, reused as it was.
  private(set) var isReused = false
  /// How many chains passes have built, in every domain: each such chain's stamp.
  @exclusivity(unchecked)
  private static var builds: UInt64 = 0

  /// What a chain was built from: the generations of the tree and of the dispatches' states
  /// (visibility, pause, close, active child, provider) when it was built.
  struct Key: Equatable {
    var tree: UInt64
    var state: UInt64

    @MainActor static var current: Key {
      Key(tree: DispatchNode.treeGeneration, state: DispatchNode.chainGeneration)
    }
  }

  /// Computes the chain over `buffer`, the chain of the root's previous pass. When `key` says
  /// that nothing the chain is built from has changed since, and no dispatch of it has a
  /// provider (which is asked at every pass), `buffer` is the chain: a pass over an unchanged
  /// chain of pushed active children walks no link. Otherwise a link that names the same node
  /// as before is kept, so that a pass over an unchanged chain retains and releases no node and
  /// allocates nothing. Give the storage back with ``recycled()``.
  ///
  /// A chain built afresh gets a new `stamp`, written into each of its dispatches with its place
  /// in the chain, so that whether a dispatch is on the chain is read from the dispatch (see
  /// ``Domain/chainStamp``).
  init(
    root: DispatchNode, reusing buffer: inout [Link], cachedAs key: inout Key?,
    stamp: inout UInt64
  ) {
    swap(&links, &buffer)
    let now = Key.current
    if key == now {
      isReused = true
      return
    }
    let askedProvider = build(from: root)
    key = askedProvider ? nil : now
    ActiveChain.builds += 1
    stamp = ActiveChain.builds
    for index in links.indices {
      links[index].withNode {
        $0.chainStamp = stamp
        $0.chainIndex = index
      }
    }
  }

  init(root: DispatchNode) {
    links.reserveCapacity(16)
    build(from: root)
  }

  /// Whether the chain names the same nodes, paused alike, as `other` (the invariant checker
  /// compares a reused chain with one built afresh).
  func isSame(as other: ActiveChain) -> Bool {
    links.count == other.links.count
      && zip(links, other.links).allSatisfy { $1.names($0.node) && $0.pausedBy == $1.pausedBy }
  }

  /// The names of the chain's dispatches, root first, each under a pause marked so.
  var names: [String] { links.map { $0.node.name + ($0.pausedBy == nil ? "" : " (paused)") } }

  /// Builds the chain from `root`; returns whether a provider was asked.
  @discardableResult
  private mutating func build(from root: DispatchNode) -> Bool {
    var paused: Int?
    var count = 0
    var askedProvider = false
    // The nodes are walked unretained (the tree holds them): see `Link`.
    var current = Unmanaged.passUnretained(root)
    // No node can come twice: `activeChild()` only answers a child whose parent is the node,
    // and parent links have no cycle (`setParent(_:)` refuses one), so the chain goes down the
    // tree. The bound only guards against a hang should that ever break.
    while count < 100_000 {
      let child: Unmanaged<DispatchNode>?? = withGuaranteed(current) { node in
        guard node.canBeOnChain else { return .none }
        if paused == nil && node.isPaused { paused = count }
        if count == links.count {
          links.append(Link(node: node, pausedBy: paused))
        } else if !links[count].names(node) {
          links[count] = Link(node: node, pausedBy: paused)
        } else if links[count].pausedBy != paused {
          links[count].pausedBy = paused
        }
        count += 1
        if node.storedActiveChildProvider != nil {
          askedProvider = true
          guard let child = node.activeChild() else { return .some(nil) }
          return .some(.passUnretained(child))
        }
        if node.lastRejectedChild != nil { node.lastRejectedChild = nil }
        return .some(node.activeChildReference)
      }
      guard case .some(.some(let next)) = child else { break }
      current = next
    }
    // A chain shortens by a link or two (a screen disappeared): `removeLast` costs less than
    // the general `removeSubrange`.
    while links.count > count { links.removeLast() }
    return askedProvider
  }

  private func index(of dispatch: DispatchNode) -> Int? {
    for index in links.indices where links[index].names(dispatch) { return index }
    return nil
  }

  /// Whether the dispatch `reference` names is on the chain (compared by address: nothing is
  /// retained).
  func contains(_ reference: Unmanaged<DispatchNode>?) -> Bool {
    guard let reference else { return false }
    let address = reference.toOpaque()
    for index in links.indices where links[index].address == address { return true }
    return false
  }

  func contains(_ dispatch: DispatchNode?) -> Bool {
    guard let dispatch else { return false }
    return contains(.passUnretained(dispatch))
  }

  func pausedBy(_ dispatch: DispatchNode) -> DispatchNode? {
    index(of: dispatch).flatMap { links[$0].pausedBy }.map { links[$0].node }
  }

  /// A cursor at the front of each lane queue of the chain's dispatches that are not paused.
  func cursors(for lane: LaneKey, into cursors: inout [LaneQueue.Cursor]) {
    for index in links.indices where links[index].pausedBy == nil {
      links[index].withNode { $0.queues.appendCursor(for: lane, to: &cursors) }
    }
  }

  /// The first alert in line order among the lane queues of the chain's dispatches that are
  /// not paused.
  func front(for lane: LaneKey) -> AlertHandle? {
    guard let front = frontReference(for: lane) else { return nil }
    return front.takeUnretainedValue()
  }

  /// The first alert in line order among the lane queues of the chain's dispatches that are
  /// not paused, not retained (its queue holds it).
  ///
  /// The fronts are compared by their line positions, and none is retained: a deep chain would
  /// otherwise retain and release an alert per dispatch at every pass, and the plans that
  /// decide from the first alert alone (most of them) name it unretained in their decisions.
  func frontReference(for lane: LaneKey) -> Unmanaged<AlertHandle>? {
    var leader = -1
    var leaderRank: LineRank = (Int.min, 0)
    for index in links.indices where links[index].pausedBy == nil {
      guard let rank = links[index].withNode({ $0.queues.frontRank(for: lane) }) else {
        continue
      }
      if leader >= 0 && !ranksBefore(rank, leaderRank) { continue }
      leader = index
      leaderRank = rank
    }
    return leader >= 0 ? links[leader].withNode { $0.queues.frontReference(for: lane) } : nil
  }

  /// The chain's storage, for the next pass to build its chain over (see
  /// ``init(root:reusing:cachedAs:)``). It holds the chain's nodes until then, or until the domain is
  /// reset (the tree changed shape, or the root was released).
  mutating func recycled() -> [Link] {
    var storage: [Link] = []
    swap(&storage, &links)
    return storage
  }
}

extension DispatchNode {
  /// Whether the dispatch can be a link of an active chain: visible and not closed.
  var canBeOnChain: Bool { isVisible && !isClosed }

  /// The provider's answer, if it names a child of this dispatch; otherwise `nil`, with a
  /// diagnostic the first time a given wrong answer is seen. Without a provider, the active
  /// child the app set (``storedActiveChild``), which is always a child.
  func activeChild() -> DispatchNode? {
    guard let provider = storedActiveChildProvider else {
      if lastRejectedChild != nil { lastRejectedChild = nil }
      return storedActiveChild
    }
    guard let answer = provider() else {
      if lastRejectedChild != nil { lastRejectedChild = nil }
      return nil
    }
    let child = answer.node
    guard child.storedParent === self else {
      let key = ObjectIdentifier(child)
      if lastRejectedChild != key {
        lastRejectedChild = key
        diagnose(
          "active-child provider of '\(name)' returned '\(child.name)', which is not its child; ignored"
        )
      }
      return nil
    }
    if lastRejectedChild != nil { lastRejectedChild = nil }
    return child
  }
}

/// Runs `body` on the object `reference` names (a node, an alert), without retaining it; the
/// caller guarantees that something else holds the object meanwhile.
///
/// A closure written at the call site and handed to the standard library's
/// `_withUnsafeGuaranteedRef` gets a run-time check that it runs on the main actor (hundreds of
/// instructions); handed on from here, it does not.
@inline(__always)
func withGuaranteed<Object: AnyObject, Result>(
  _ reference: Unmanaged<Object>, _ body: (Object) -> Result
) -> Result {
  reference._withUnsafeGuaranteedRef(body)
}
