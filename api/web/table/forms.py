"""Read the page forms into API entries: cards typed or picked, in either language."""

from __future__ import annotations

import re

from api.web.table import quick
from api.web.words.i18n import canonical
from referee.cards import CardError
from referee.violations import Malformed

SEPARATORS = re.compile(r"[\s,;]+")


def cards(text: str) -> list[str]:
    """Read a list of cards (`7H 8H JK=9H`, `D♥ R♥` in French) into canonical texts."""
    return [canonical(t) for t in SEPARATORS.split(text or "") if t]


def runs(text: str) -> list[list[str]]:
    """Read one run (or meld) per line, or runs separated by `/` or `|`."""
    lines = [line for line in re.split(r"[\n/|]+", text or "") if line.strip()]
    return [cards(line) for line in lines]


def number(value, default=None):
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def entry_from(form, players: int) -> dict:
    """Build the entry a play form describes; raise CardError on a card that is not one (K-1)."""
    kind = form.get("type", "")
    entry: dict = {"type": kind}
    seat = number(form.get("seat"))
    if seat is not None and kind not in _SEATLESS:
        entry["seat"] = seat
    fields = _FIELDS.get(kind)
    if fields is not None:
        entry.update(fields(form, players))
    return entry


def _deal(form, players: int) -> dict:
    out = {}
    dealer = number(form.get("dealer"))
    if dealer is not None:
        out["dealer"] = dealer
    if form.get("upcard"):
        out["upcard"] = canonical(form["upcard"])
    return out


def _exit(form, players: int) -> dict:
    if quick.wants_counts(form):
        out = {"counts": quick.counts(form)}  # a quick score (results tracking)
    else:
        out = {"runs": runs(form.get("runs", ""))}
    if form.get("timing"):
        out["timing"] = form["timing"]
    return out


def _round(form, players: int) -> dict:
    winner = form.get("winner", "")
    given = quick.points(form, players, winner)  # hands given as points (a quick score)
    out = {"winner": number(winner),
           "hands": {str(s): cards(form.get(f"hand{s}", "")) for s in range(players)
                     if str(s) != winner and str(s) not in given}}
    if given:
        out["points"] = given
    return out


def _knock(form, players: int) -> dict:
    """A knock (G-7): its face-down discard and its ten cards, or at a scorekeeping table its deadwood count and
    whether it was gin (a count that is not one is sent as typed, for the API to name: 400)."""
    if "deadwood" in form:
        return dict(deadwood=_count(form), gin=form.get("no_deadwood") == "yes")
    return {"card": canonical(form.get("card", "")), "hand": cards(form.get("hand", ""))}


def _show(form, players: int) -> dict:
    """The other's hand after a knock (G-8): her ten cards, whose lay-offs she then taps one by one as the referee
    proposes them, or her deadwood after lay-offs."""
    if "deadwood" in form:
        return {"deadwood": _count(form)}
    return {"hand": cards(form.get("hand", "")), "one_by_one": True}


def _lay_off(form, players: int) -> dict:
    """A lay-off: at gin one card the referee proposed (one tap, G-8); at rami the meld and the cards."""
    if "card" in form:
        return {"card": canonical(form.get("card", ""))}
    return {"meld": number(form.get("meld")), "cards": cards(form.get("cards", ""))}


def _count(form) -> int | str:
    text = (form.get("deadwood") or "").strip()
    value = number(text)
    return value if value is not None else text


def _adjust(form, players: int) -> dict:
    """E-5: the points typed for each seat (empty: none; a minus takes away), and the reason. A number that is not
    one is sent as typed, for the API to name (400)."""
    scores: dict = {}
    for seat in range(players):
        text = (form.get(f"points{seat}") or "").strip().replace("\u2212", "-").replace(" ", "")
        if text:
            value = number(text)
            scores[str(seat)] = value if value is not None else text
    return {"scores": scores, "reason": (form.get("reason") or "").strip()}


_SEATLESS = {"deal", "round", "null_deal", "void", "adjust"}  # entries the table writes, not a seat's turn
# Each entry type's fields, read from the form (`entry_from`); an unknown type has none.
_FIELDS = {
    "draw": lambda form, players: {"from": form.get("from", "stock")},
    "discard": lambda form, players: {"card": canonical(form.get("card", ""))},
    "deal": _deal,
    "exit": _exit,
    "meld": lambda form, players: {"melds": runs(form.get("melds", ""))},
    "lay_off": _lay_off,
    "retrieve_joker": lambda form, players: {"meld": number(form.get("meld")),
                                             "card": canonical(form.get("card", ""))},
    "hand": lambda form, players: {"cards": cards(form.get("cards", ""))},
    "upcard": lambda form, players: {"take": form.get("take") == "yes"},
    "knock": _knock,
    "show": _show,
    "round": _round,
    "adjust": _adjust,
    "confirm": lambda form, players: {"target": number(form.get("target"))},  # E-6: one tap, this phone's seat
    "dispute": lambda form, players: {"target": number(form.get("target"))},
    # one tap of the table page: e.g. put back a card taken from the pile by mistake
    "void": lambda form, players: {"target": number(form.get("target"))},
}


def safe_entry_from(form, players: int) -> tuple[dict | None, Exception | None]:
    try:
        return entry_from(form, players), None
    except (CardError, Malformed) as exc:  # Malformed: a quick score's points that are not a number
        return None, exc
