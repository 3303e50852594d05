/// Which rules of a pass ``ReferenceModel`` covers, and which it does not, and why.
///
/// The model judges every pass of the stress world's roots (a `package` hook on
/// ``AlertDispatch`` calls it when a pass has settled), from its own records and a brute-force
/// reading of the whole domain. "Covered" means a wrong decision of that kind is a violation.
///
/// 1. **Chain** — covered: the model walks the chain itself (an active-child provider's answer,
///    else the set child; only a child of the dispatch counts; while visible and open). An alert
///    that goes up off the chain is a disagreement.
/// 2. **Offstage** — covered: an alert that ends as owner left must have asked to
///    (``OffstagePolicy/end``), and one that asked to is not hidden instead; alerts that leave
///    with their screen in one pass leave in the order they went up, across lanes; a covered
///    alert hidden with its screen while its coverer stays up comes back beneath it with its
///    screen. That every alert off the chain was taken down is invariant 2's to check.
/// 3. **Eligible** — covered for readiness, the chain, pauses on the path (whole dispatch, lane
///    or category; ``AlertRequest/ignoresPause``), dependencies over the domain, the delay, the
///    lane's gap since the last end of an alert that was up, and caps and category budgets
///    counted per ledger (ever, per version, per launch, rolling). A wrong go-up is a
///    disagreement, and so is an eligible alert left waiting in a lane with room, after every
///    pass and whenever the clock has moved on (a wait that ends with no timer to wake the
///    domain is seen at rest), and a lane with more alerts in front than its capacity. Not covered:
///    calendar-day caps and caps counted when dismissed (the model abstains on those alerts);
///    the gap of a lane whose domain changed shape, until an alert of it ends again; an alert
///    a presenter refused (rule 7's retry times are not modelled: the model abstains on its lane).
/// 4. **Order** — covered: higher priority first, then first added first, newest first for a
///    request placed next or a newest-first lane. An alert that goes up while one before it in
///    line waits and could go up is a disagreement.
/// 5. **Preemption** — covered: the alert hidden, covered or cancelled is the weakest
///    interruptible front alert no minimum display time protects (the lowest, and of equals the
///    one up last); its policy allowed it (`never` is never taken down, `cancel` ends as
///    preempted, `suspend` is hidden); a domain that joined over its lane's capacity steps back
///    its weakest; a waiting alert that may preempt an unprotected lower front alert, in a full
///    lane, is a disagreement (so a preemption that waits for a later minimum than the first
///    that ends is seen once the clock passes the first); the victim is covered when the
///    alerts that went up over it cover, hidden when they hide.
/// 6. **Restore** — covered: the best of the suspended and queued alerts goes up (rule 4's
///    check counts suspended alerts with their place in line); alerts that come back in one
///    pass come back in the order they last went up, within a lane and across lanes; an alert
///    restored beneath its coverer must be on the chain and not paused, and comes back before
///    its coverer when both come back in one pass.
/// 7. **Refusal** — partly: an alert that waits out a refusal holds its lane, so one behind it
///    in line that goes up meanwhile is a disagreement. Not covered: the retry schedule (the
///    backoff, and the calls that retry at once), which the model does not keep; it abstains
///    from judging a settled lane while one of its alerts waits out a refusal.
///
/// Beyond the pass: **dedup** (a newcomer with the id of a staying alert of its domain is a
/// duplicate or replaces it; one without is neither); **timers** (an expiry, a readiness
/// deadline and an auto-dismissal never fire early — the auto-dismissal counts only time up, so
/// a timer that runs while its alert is suspended is seen — and an expiry or deadline that has
/// passed has fired); **overflow** (the alert ended as overflow is the one its lane's policy
/// picks, it ends no more than wait over the limit, and a settled lane holds no more waiting
/// alerts than its limit); **show now or drop** (only such a request ends as not shown at once,
/// and not while only alerts leaving its lane keep it down). Not covered: show now or drop's one pass,
/// batch cancel and minimum display beyond the preemption rules (the stress world's own checks
/// cover them), and passes of a root whose pass coalescing deferred (judged when it runs).
package enum ReferenceModelCoverage {}
