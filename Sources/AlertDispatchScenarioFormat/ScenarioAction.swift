import AlertDispatchKit

/// Something a scenario does at a time, or in an alert's completion handler (`on`).
///
/// Names are the names the scenario declares: alerts by their `alert` name, screens and windows
/// by theirs.
public enum ScenarioAction: Sendable, Hashable {
  /// `add ALERT`: adds the declared alert to its owner's dispatch.
  case add(String)
  /// `ready ALERT`: marks a pending alert ready.
  case ready(String)
  /// `tap ALERT BUTTON`: the user taps a button of the alert on screen.
  case tap(String, button: String)
  /// `cancel ALERT`: cancels the alert.
  case cancel(String)
  /// `cancel-all OWNER [subtree] [SELECTION]`: cancels the alerts of a dispatch.
  case cancelAll(String, subtree: Bool, ScenarioSelection)
  /// `dismiss ALERT [RESULT]`: the app dismisses the alert, with a result.
  case dismiss(String, result: String?)
  /// `push NAV SCREEN [animated]`.
  case push(nav: String, screen: String, animated: Bool)
  /// `pop NAV [animated]`.
  case pop(nav: String, animated: Bool)
  /// `pop-to-root NAV [animated]`.
  case popToRoot(nav: String, animated: Bool)
  /// `set-stack NAV SCREEN … [animated]`.
  case setStack(nav: String, screens: [String], animated: Bool)
  /// `select TABS TAB`.
  case select(tabs: String, tab: String)
  /// `present SCREEN MODAL [full-screen|page-sheet] [animated]`.
  case present(over: String, modal: String, style: ScenarioModalStyle, animated: Bool)
  /// `dismiss-modal MODAL [animated]`.
  case dismissModal(String, animated: Bool)
  /// `root WINDOW SCREEN` in the timeline: replaces the window's root.
  case root(window: String, screen: String)
  /// `background WINDOW`.
  case background(String)
  /// `foreground WINDOW`.
  case foreground(String)
  /// `close SCREEN|WINDOW`: closes the dispatch.
  case close(String)
  /// `pause SCREEN|WINDOW [SCOPE] [as TOKEN]`.
  case pause(String, ScenarioPauseScope, token: String?)
  /// `release TOKEN`: ends the pause named `TOKEN`.
  case release(String)
  /// `resume SCREEN|WINDOW`: ends every pause of the dispatch.
  case resume(String)
  /// `refuse on [REASON]` (the reason) or `refuse off` (`nil`): whether the presenter refuses.
  case refuse(String?)
  /// `advance DURATION`: time runs on inside the block.
  case advance(Duration)
  /// `mark TEXT`: a mark on the trace.
  case mark(String)
  /// `relaunch [after DURATION] [version VERSION]`: the app quits and starts again.
  case relaunch(after: Duration, version: String?)
  /// `close-alert ALERT [RESULT]`: the app has the alert on screen taken down, to end as
  /// dismissed with the result (`AlertHandle.close(result:)`).
  case closeAlert(String, result: String?)
  /// `finish-presenting ALERT`: the presenter reports the alert's animation in finished
  /// (`AlertHandle.didFinishPresenting()`).
  case finishPresenting(String)
  /// `set-parent DISPATCH PARENT|none`: the bare dispatch joins another dispatch, a screen or a
  /// window (`nil`: it becomes a root), as `AlertDispatch.setParent(_:)`.
  case setParent(String, parent: String?)
  /// `active DISPATCH CHILD|none`: the app names the dispatch's active child
  /// (`AlertDispatch.activeChild`).
  case activeChild(String, child: String?)
  /// `set-provider DISPATCH CHILD|none`: the app gives the dispatch an active-child provider
  /// that answers the child (`AlertDispatch.activeChildProvider`), which runs a pass.
  case setProvider(String, child: String?)
  /// `set-provider DISPATCH off`: the app removes the dispatch's active-child provider.
  case removeProvider(String)
  /// `provider DISPATCH CHILD|none`: what the dispatch's active-child provider answers from now
  /// on; set without a pass, as an app whose provider's answer changed.
  case provider(String, child: String?)
  /// `appear DISPATCH`: the bare dispatch's screen appeared (`AlertDispatch.appear()`).
  case appear(String)
  /// `disappear DISPATCH`: the bare dispatch's screen is going away
  /// (`AlertDispatch.disappear()`).
  case disappear(String)
  /// `arbitrate SCREEN|WINDOW|DISPATCH`: the app asks for a pass
  /// (`AlertDispatch.setNeedsArbitration()`).
  case arbitrate(String)
  /// `answer ALERT presented|presenting|refuse [REASON]`: how the scripted presenter answers the
  /// next `present` call for the alert's id; `answer ALERT gone [RESULT]`: how it answers the
  /// next `dismiss` call.
  case answer(String, ScenarioAnswer)
  /// `count-show KEY`, `hold-show KEY`, `release-show KEY`: another domain that shares the
  /// caps' frequency policy counted a show under the ledger key now, held a place for an alert
  /// that counts when dismissed, or gave that place back (a recording of a domain whose caps
  /// other domains count on too). `KEY` is a cap's key or `category:NAME`.
  case showCount(ScenarioShowCount, key: String)
  /// `pass-scheduling DISPATCH coalesced|immediate`: sets `passScheduling`; with `coalesced`,
  /// the domain's passes wait for `end-turn`.
  case passScheduling(String, coalesced: Bool)
  /// `end-turn`: the main-actor turn ends, and the passes that coalescing domains deferred to
  /// its end run.
  case endTurn
  /// `together`, then one action per line, then `end`: the actions run as one call of the app
  /// runs with the calls its completion handlers and presenter make: each is made once the one
  /// before has run, and waits in line behind what that one left waiting; the passes they ask
  /// for run once they all have (a recording's calls that the app made while the library was
  /// busy with the one before).
  case together([ScenarioAction])
  /// `fire-timer`, first in a `together` block: the next timer due now fires, as the clock fires
  /// it; the block's other actions are the calls the app made from inside its change (a
  /// completion handler of an alert that expired).
  case fireTimer
}

/// What another domain did to the counts of a shared frequency policy (``ScenarioAction/showCount(_:key:)``).
public enum ScenarioShowCount: String, Sendable, Hashable, CaseIterable {
  /// `count-show`: a show counted now.
  case count = "count-show"
  /// `hold-show`: a place held for an alert that counts when dismissed.
  case hold = "hold-show"
  /// `release-show`: a held place given back.
  case release = "release-show"
}

/// How the scripted presenter (`presenter scripted`) answers a `present` call.
public enum ScenarioAnswer: Sendable, Hashable {
  /// `presented`: the alert is on screen.
  case presented
  /// `presenting`: the alert animates in; a `finish-presenting` action ends the animation.
  case presenting
  /// `refuse REASON`: the presenter cannot present now.
  case refuse(String)
  /// `gone [RESULT]`: asked to take the alert down, the presenter reports it gone at once,
  /// with the result (`nil`: `closed`), from inside the call.
  case gone(String?)
}

/// How `present` shows a modal screen.
public enum ScenarioModalStyle: String, Sendable, Hashable, CaseIterable {
  /// `page-sheet`, the default: the screen beneath stays in the hierarchy.
  case pageSheet = "page-sheet"
  /// `full-screen`: the modal covers the screen beneath.
  case fullScreen = "full-screen"
}

/// What `pause` holds back.
public enum ScenarioPauseScope: Sendable, Hashable {
  /// Every alert of the dispatch (nothing written).
  case all
  /// `lane LANE`: the alerts of a lane.
  case lane(String)
  /// `category NAME`: the alerts of a category.
  case category(String)
}

/// What `cancel-all` ends.
public enum ScenarioSelection: Sendable, Hashable {
  /// Every alert (nothing written).
  case all
  /// `lane LANE`: the alerts of a lane.
  case lane(String)
  /// `category NAME`: the alerts of a category.
  case category(String)
  /// `priority-at-most PRIORITY`: the alerts at or below a priority.
  case priorityAtMost(AlertPriority)
}

/// Something a scenario checks at a time (`expect …`).
public enum ScenarioExpectation: Sendable, Hashable {
  /// `expect showing ALERT …` (in order, bottom first), or `expect showing nothing` (empty).
  case showing([String])
  /// `expect state ALERT STATE`.
  case state(String, String)
  /// `expect outcome ALERT OUTCOME`, the outcome as printed (`dismissed(OK)`).
  case outcome(String, String)
  /// `expect explain ALERT TEXT`: the alert's explanation is the text.
  case explain(String, String)
  /// `expect drained SCREEN|WINDOW`: the domain of the named screen or window has no
  /// unfinished alert, and its root said so.
  case drained(String)
  /// `expect transcript`, its lines, then `end`: the transcript so far, line by line.
  case transcript([String])
  /// `expect transcript unchecked`: the transcript lines since the previous `expect transcript`
  /// are not checked, and the next one starts after them (a recording's snapshot).
  case transcriptUnchecked
}
