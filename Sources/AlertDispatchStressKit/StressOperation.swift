/// One random step of a stress run: something an app, a user or a careless caller does.
///
/// Operations name what they act on by small numbers, not by names: the driver resolves each
/// number against what exists when the operation runs (`index % count`, preferring things that
/// are still alive when the number's high bit is clear). So every sequence of operations is
/// valid, and removing operations while shrinking keeps the rest meaningful.
///
/// Operations print as Swift expressions (`.push(nav: 3, screen: .fresh(.plain), animated: true)`),
/// so a minimized failure can be pasted into a regression test.
package enum StressOperation: Hashable, Sendable {
  /// Declares a new alert and adds it.
  case add(AlertSpec)
  /// Adds a declared alert again (a duplicate, or a replacement when it replaces).
  case readd(alert: UInt8)
  /// Marks the latest alert of a declaration ready.
  case ready(alert: UInt8)
  /// The user taps a button of an alert on screen (by id, as the presenter sees it).
  case tap(alert: UInt8, button: UInt8)
  /// The app cancels an alert.
  case cancel(alert: UInt8)
  /// The app cancels, in one call, the alerts of a dispatch (with `subtree`, of those below it
  /// too) that a selection takes: `selection` picks all, a lane, a category or a priority.
  case cancelAll(StressOwner, selection: UInt8, subtree: Bool)
  /// The app reports an alert dismissed: misuse unless it is on screen.
  case dismiss(alert: UInt8)
  /// A presenter reports an animation finished, usually out of turn (misuse).
  case finishPresenting(alert: UInt8)
  /// Asks `explain(_:)` about an alert (it must answer, never crash).
  case explain(alert: UInt8)
  /// Makes a screen a window's root.
  case root(window: UInt8, screen: ScreenChoice)
  /// Pushes a screen on a navigation container.
  case push(nav: UInt8, screen: ScreenChoice, animated: Bool)
  /// Pops a navigation container.
  case pop(nav: UInt8, animated: Bool)
  /// Pops a navigation container to its root.
  case popToRoot(nav: UInt8, animated: Bool)
  /// Replaces a navigation stack with its first `keep` screens and one more.
  case setStack(nav: UInt8, keep: UInt8, add: ScreenChoice, animated: Bool)
  /// Selects a tab.
  case select(tabs: UInt8, tab: UInt8)
  /// Presents a modal over a screen.
  case present(over: UInt8, modal: ScreenChoice, fullScreen: Bool, animated: Bool)
  /// Dismisses the modals over a screen, or the modal it is in.
  case dismissModal(screen: UInt8, animated: Bool)
  /// A window's scene goes to the background.
  case background(window: UInt8)
  /// A window's scene comes back.
  case foreground(window: UInt8)
  /// Joins a screen's or a window's subtree into one domain.
  case link(StressOwner)
  /// Closes a dispatch.
  case close(StressOwner)
  /// Pauses a dispatch.
  case pause(StressOwner)
  /// Pauses a lane (even bytes) or a category (odd ones) of a dispatch.
  case pauseScoped(StressOwner, scope: UInt8)
  /// Releases one of the pauses taken so far (one released before included).
  case releasePause(token: UInt8)
  /// Resumes a dispatch.
  case resume(StressOwner)
  /// The presenter refuses every presentation (`true`) or stops refusing.
  case refuse(Bool)
  /// Moves the virtual clock forward (zero fires the timers due now).
  case advance(milliseconds: UInt32)
  /// The app quits and starts again: every dispatch closes, the frequency ledger stays.
  case relaunch
  /// Sets or clears the parent of a free-standing dispatch (cycles included).
  case setParent(raw: UInt8, parent: StressOwner?)
  /// Gives a free-standing dispatch an active-child provider that names `child` (a non-child
  /// included), or takes its provider away when `child` is `nil`.
  case setProvider(raw: UInt8, child: StressOwner?)
  /// Sets the active child of a free-standing dispatch (a non-child included), or clears it.
  case setActiveChild(raw: UInt8, child: StressOwner?)
  /// A free-standing dispatch appears or disappears.
  case setVisible(raw: UInt8, visible: Bool)
  /// Asks a dispatch's root for a pass.
  case arbitrate(StressOwner)
  /// Sets a dispatch's pass scheduling, or its root's when `atRoot` (the root's value is the
  /// one used): ``PassScheduling/coalesced`` when `coalesced`, else
  /// ``PassScheduling/immediate``.
  case setPassScheduling(StressOwner, coalesced: Bool, atRoot: Bool)
  /// The main-actor turn ends: the passes that coalescing roots deferred run.
  case endTurn
  /// The app lets go of a free-standing dispatch (its unfinished alerts end as owner closed);
  /// its name stands for a new dispatch from then on. `r0`'s presenter holds a dispatch of its
  /// own, released with it.
  case release(raw: UInt8)
}

/// What owns an alert or receives a dispatch call.
package enum StressOwner: Hashable, Sendable {
  /// A declared screen or container.
  case screen(UInt8)
  /// A window.
  case window(UInt8)
  /// One of the free-standing dispatches outside the simulator (`r0`, `r1`, `r2`).
  case raw(UInt8)
}

/// The screen an operation puts on display.
package enum ScreenChoice: Hashable, Sendable {
  /// A new screen (or container with new screens in it).
  case fresh(ScreenShape)
  /// A screen declared before (shown again, or misuse when it is shown elsewhere).
  case existing(UInt8)
}

/// The shape of a new screen.
package enum ScreenShape: Hashable, Sendable {
  /// A plain screen.
  case plain
  /// A navigation container with a new plain root.
  case navigation
  /// A tab container with two or three new tabs; the bits choose the count, the selected tab
  /// and whether odd tabs are navigation containers.
  case tabs(UInt8)
}

/// Everything about an alert an ``StressOperation/add(_:)`` declares. Numbers index small
/// tables (``StressTables``), so every value is valid.
package struct AlertSpec: Hashable, Sendable {
  /// Who owns the alert.
  package var owner: StressOwner
  /// `nil`: the id is the declaration's name; otherwise one of a few shared ids, so that
  /// alerts collide (dedup, replacement, dependencies).
  package var sharedID: UInt8?
  /// An index into ``StressTables/priorities``.
  package var priority: UInt8
  /// An index into ``StressTables/lanes``.
  package var lane: UInt8
  /// Indices into the ids declared so far (self and an unknown id included).
  package var dependencies: [UInt8]
  /// What a higher alert does to it.
  package var interruption: UInt8
  /// Whether it covers instead of hiding.
  package var covers: Bool
  /// Whether it waits for room instead of preempting (``PreemptionPolicy/wait``).
  package var waits: Bool
  /// Whether it ends when its screen leaves the chain (``OffstagePolicy/end``).
  package var endsOffstage: Bool
  /// Whether it goes up while a pause would hold it (``AlertRequest/ignoresPause``).
  package var ignoresPause: Bool
  /// Whether it goes ahead of the alerts of its priority that wait (``LinePlacement/next``).
  package var showsNext: Bool
  /// Whether it goes up in the pass after its add or ends (``AlertRequest/showNowOrDrop``).
  package var showsNowOrDrops: Bool
  /// Whether it waits for `ready`.
  package var pending: Bool
  /// Whether it replaces an unfinished alert with its id.
  package var replaces: Bool
  /// Indices into ``StressTables/durations`` (0 is none) for the readiness deadline, the
  /// expiry, the delay and the auto-dismissal.
  package var deadline: UInt8
  /// See ``deadline``.
  package var expiry: UInt8
  /// See ``deadline``.
  package var delay: UInt8
  /// See ``deadline``.
  package var autoDismiss: UInt8
  /// An index into ``StressTables/durations`` (0 is none) for the minimum display time.
  package var minimumDisplay: UInt8
  /// An index into ``StressTables/caps`` (0 is none).
  package var cap: UInt8
  /// An index into ``StressTables/categories`` (0 is none).
  package var category: UInt8
  /// What the alert's completion handler does, if anything.
  package var reaction: StressReaction?

  /// Creates a spec; by default a plain alert on the first screen.
  package init(
    owner: StressOwner = .screen(0), sharedID: UInt8? = nil, priority: UInt8 = 1,
    lane: UInt8 = 0, dependencies: [UInt8] = [], interruption: UInt8 = 0, covers: Bool = false,
    pending: Bool = false, replaces: Bool = false, deadline: UInt8 = 0, expiry: UInt8 = 0,
    delay: UInt8 = 0, autoDismiss: UInt8 = 0, cap: UInt8 = 0, category: UInt8 = 0,
    reaction: StressReaction? = nil, waits: Bool = false, endsOffstage: Bool = false,
    ignoresPause: Bool = false,
    showsNext: Bool = false, showsNowOrDrops: Bool = false, minimumDisplay: UInt8 = 0
  ) {
    self.owner = owner
    self.sharedID = sharedID
    self.priority = priority
    self.lane = lane
    self.dependencies = dependencies
    self.interruption = interruption
    self.covers = covers
    self.waits = waits
    self.pending = pending
    self.replaces = replaces
    self.deadline = deadline
    self.expiry = expiry
    self.delay = delay
    self.autoDismiss = autoDismiss
    self.cap = cap
    self.category = category
    self.reaction = reaction
    self.endsOffstage = endsOffstage
    self.ignoresPause = ignoresPause
    self.showsNext = showsNext
    self.showsNowOrDrops = showsNowOrDrops
    self.minimumDisplay = minimumDisplay
  }
}

/// A completion handler that calls back into the framework (`on ALERT OUTCOME ACTION` in a
/// scenario file). Its references are resolved when the alert is declared.
package struct StressReaction: Hashable, Sendable {
  /// Which outcomes trigger it: 0 any, 1 dismissed, 2 cancelled.
  package var when: UInt8
  /// What it does.
  package var action: ReactionAction

  /// Creates a reaction.
  package init(when: UInt8, action: ReactionAction) {
    self.when = when
    self.action = action
  }
}

/// The actions a completion handler may take in a stress run.
package enum ReactionAction: Hashable, Sendable {
  /// Adds a declared alert again (or the reacting alert itself when none other is declared).
  case readd(alert: UInt8)
  /// Cancels an alert.
  case cancel(alert: UInt8)
  /// Marks an alert ready.
  case ready(alert: UInt8)
  /// Closes a screen or window.
  case close(StressOwner)
  /// Pops a navigation container.
  case pop(nav: UInt8)
  /// Pauses a dispatch.
  case pause(StressOwner)
  /// Joins a dispatch outside the simulator to a parent (or detaches it), from inside a pass:
  /// the call waits in line behind what the pass's other handlers asked for, a `close()` of the
  /// new parent among them.
  case setParent(raw: UInt8, parent: StressOwner?)
}
