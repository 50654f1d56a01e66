"""Check an exit before it is written (C-6..C-12): cards are not a declaration until the player confirms one.

Tapped cards are first judged as declared (one run a line); when they do not make a valid exit that way,
the solver arranges them. The page then shows what would be written, to confirm, or says that no valid exit
exists with these cards. When the referee finds a valid exit, confirming it is the only way on (or editing
the cards): the page never offers to record such cards as an invalid exit. An invalid exit is still a fact
(C-13): when no valid exit exists, a player who declared runs (two lines or more) may record them as
declared, after the page has said why, and on a confirmation step; one unbroken line of cards is never
recorded as a one-run "exit".

The server holds the same line (`gate`): whatever a page sends, runs that are not a valid exit are written
only from the confirmation step, and never when these cards make a valid exit.
"""

from __future__ import annotations

from datetime import UTC, datetime

from api.web.table import facts, forms, turn
from api.web.words.i18n import gettext as _
from referee import games, log
from referee.cards import CardError
from referee.log import Entry
from referee.melds import parse_placed
from referee.violations import Refusal

SIZE = 15  # C-6


def check(view: dict, form, seat: int | None) -> dict:
    """Judge the runs of the form: `{"state", "runs", "declared", "settlement", "violations", "count", "timing"}`.

    state: `valid` (as declared), `arranged` (the player's runs with their wilds placed, or the solver's), `ask`
    (a valid exit whose wild fits several places in a declared run: `asking`, `placed_as_declared`, says which),
    `none` (no valid exit with these cards), `bad` (a card that is not one). The game's own judges say it (`exit`,
    `arrange`: `referee.game.Game.judges`).
    """
    judges = games.get(view.get("game")).judges
    judge, arrange = judges.get("exit"), judges.get("arrange")
    window = {w["seat"]: w["timing"] for w in turn.exit_seats(view)}
    timing = form.get("timing") or window.get(seat, "later")
    players = len(view["players"])
    try:
        declared = forms.runs(form.get("runs", ""))
        placed = [[parse_placed(c) for c in run] for run in declared]
    except (CardError, ValueError) as exc:
        token = getattr(exc, "token", "")
        return {"state": "bad", "runs": [], "declared": [], "count": 0, "timing": timing,
                "violations": [{"rule": "K-1", "message": _("%(card)s is not a card.", card=token), "card": ""}]}
    count = sum(len(run) for run in declared)
    out = {"declared": declared, "count": count, "timing": timing, "settlement": None, "violations": []}
    verdict = judge(declared, players, timing) if declared and judge else None
    if verdict is not None and verdict["valid"]:
        out = {**out, "state": "valid", "runs": declared, "settlement": verdict["settlement"]}
        return at_the_table(view, seat, out)
    if verdict is not None:
        out["violations"] = verdict["violations"]
    placing = placed_as_declared(view, declared) if len(declared) >= 2 else None
    if placing is not None and judge:  # the player's own runs, each wild where it fits (K-5)
        laid, asking = placing
        again = judge(laid, players, timing)
        if again["valid"]:
            out = at_the_table(view, seat, {**out, "state": "arranged", "runs": laid, "settlement": again["settlement"]})
            if asking is not None and out["state"] == "arranged":  # where the wild stands is hers to say
                out = {**out, "state": "ask", "asking": asking, "runs": declared}
            return out
    cards = [p.card.text for run in placed for p in run]
    found = arrange(cards, players, timing) if count == SIZE and arrange else None
    if found is not None and found["runs"] is not None:
        out = {**out, "state": "arranged", "runs": found["runs"], "settlement": found["settlement"]}
        return at_the_table(view, seat, out)
    return {**out, "state": "none", "runs": declared}


def placed_as_declared(view: dict, declared: list[list[str]]) -> tuple[list[list[str]], dict | None] | None:
    """The declared runs with their wilds announced (the game's `places`), and the question to ask, or None when
    a run fits no way (then the solver arranges the cards).

    A run whose wilds have one place gets it. A run whose wilds fit several (a 2 at either end of 5♠ 6♠, or
    for two different ranks) is laid its first way for the judge, and the first such run is asked:
    `{"run": its number from 1, "wild": its unannounced wilds, "ways": [the runs to check, one per answer],
    "shown": [that run as each answer lays it]}`; later ones are asked after the answer. The place of a wild
    changes neither the exit's validity nor its settlement (C-12 counts the hand's 2s and jokers), but it is what
    the player laid on the table: the referee does not choose it for her.
    """
    places = games.get(view.get("game")).places
    laid, asking = [], None
    for index, run in enumerate(declared):
        ways = places(run) if places else []
        if not ways:
            return None
        if len(ways) > 1 and asking is None:
            wild = [t.partition("=")[0] for t in ways[0] if "=" in t and t not in run]
            asking = {"run": index + 1, "wild": wild, "ways": [], "shown": ways}
        laid.append(ways[0])
    if asking is not None:
        at = asking["run"] - 1
        asking["ways"] = [[*laid[:at], way, *declared[at + 1:]] for way in asking["shown"]]
    return laid, asking


def at_the_table(view: dict, seat: int | None, result: dict) -> dict:
    """Judge the runs as the table would, without writing them: what it has seen counts too (C-11, K-2).

    A valid shape whose cards the table cannot accept (a card taken from the pile is missing, a card
    seen elsewhere) becomes `table`: not a valid exit here, whatever the arrangement; it may be recorded
    as the attempt it is (C-13).
    """
    if seat is None or not view.get("id"):
        return result
    entries = facts.reading(view["id"]).entries
    data = {"runs": result["runs"]}
    if view.get("tracking") == "results":
        data["timing"] = result["timing"]
    entry = Entry(entries[-1].seq + 1, "exit", seat, datetime.now(UTC), data)
    try:
        replayed = log.replay([*entries, entry])
    except (Refusal, ValueError):
        return result  # not this seat's exit now: the refusal is shown when it is sent
    verdict = replayed.verdicts.get(entry.seq) or {}
    if verdict.get("valid") is False:
        return {**result, "state": "table", "violations": verdict.get("violations") or []}
    return result


def may_record_as_declared(result: dict) -> bool:
    """An invalid exit may be recorded as declared only when runs were declared (two lines or more), or when
    the table itself refuses these cards (C-11): then no arrangement is valid, and the attempt is a fact."""
    if result["state"] == "table":
        return True
    return result["state"] in ("arranged", "none") and len(result["declared"]) >= 2


def gate(view: dict, form, seat: int | None) -> dict | None:
    """Whether an exit a page sends (its cards, not a quick score's counts) is written as sent: None, or the
    check to show instead, nothing written (C-6..C-13).

    Runs that make a valid exit at this table are written. Any others only from the confirmation step
    (`confirm=declared`), and only when no valid exit exists with these cards: a valid arrangement is never
    recorded as an invalid exit, whatever the page sent.
    """
    checked = check(view, form, seat)
    if checked["state"] == "valid":
        return None
    if form.get("confirm") == "declared" and checked["state"] in ("none", "table") and may_record_as_declared(checked):
        return None
    return checked


def refused(form, checked: dict) -> bool:
    """A confirmation the check did not take: the valid exit or the attempt the form confirmed is not what these
    cards are at this table now (the page says so)."""
    return form.get("confirm") in ("valid", "declared") and checked["state"] != "valid"
