"""Scorekeeping (results tracking): a result implies its deal, so the table need not tap "Cards dealt" first.

A table that keeps only the results waits for a `deal` between deals; its result (a quick score, an exit, a
null deal) may be entered straight away, and the pages write the deal it implies just before it: the next
dealer's, as the rules give it (C-2, C-15, R-3). Both entries are judged by the referee as always.
"""

from __future__ import annotations

from referee.entry import Entry
from referee.log import append, game_of
from referee.violations import Refusal


def implied_deal(reading, dealer: int) -> Entry:
    """The `deal` a result entered now implies (numbered after the log; its time, the log's last, is only for
    the trial: the server stamps the one it writes)."""
    entries = reading.entries
    return Entry(len(entries) + 1, "deal", None, entries[-1].at, {"dealer": dealer})


def after_deal(reading, dealer: int) -> list[str]:
    """The entry types the table would accept once `dealer` has dealt (the view's `deal.may`): what a
    results table offers instead of "Cards dealt"; [] when it tracks the cards, waits for no deal, or the
    referee refuses that deal."""
    entries = list(reading.entries)
    state = reading.replay.state
    if getattr(state, "tracking", None) != "results":
        return []
    rules = game_of(entries).rules
    if (rules.view(state).get("deal") or {}).get("may", ["deal"]) != ["deal"]:
        return []
    try:
        after = append(entries, reading.replay, implied_deal(reading, dealer))
    except Refusal:
        return []
    return [kind for kind in (rules.view(after.state).get("deal") or {}).get("may", []) if kind != "deal"]
