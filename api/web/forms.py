"""Read the page forms into API entries: cards typed or picked, in either language."""

from __future__ import annotations

import re

from api.web import quick
from api.web.i18n import canonical
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
    if seat is not None:
        entry["seat"] = seat
    if kind == "draw":
        entry["from"] = form.get("from", "stock")
    elif kind == "discard":
        entry["card"] = canonical(form.get("card", ""))
    elif kind == "deal":
        entry.pop("seat", None)
        dealer = number(form.get("dealer"))
        if dealer is not None:
            entry["dealer"] = dealer
        if form.get("upcard"):
            entry["upcard"] = canonical(form["upcard"])
    elif kind == "exit":
        if quick.wants_counts(form):
            entry["counts"] = quick.counts(form)  # a quick score (results tracking)
        else:
            entry["runs"] = runs(form.get("runs", ""))
        if form.get("timing"):
            entry["timing"] = form["timing"]
    elif kind == "meld":
        entry["melds"] = runs(form.get("melds", ""))
    elif kind == "lay_off":
        entry["meld"] = number(form.get("meld"))
        entry["cards"] = cards(form.get("cards", ""))
    elif kind == "retrieve_joker":
        entry["meld"] = number(form.get("meld"))
        entry["card"] = canonical(form.get("card", ""))
    elif kind == "hand":
        entry["cards"] = cards(form.get("cards", ""))
    elif kind == "round":
        entry.pop("seat", None)
        winner = form.get("winner", "")
        entry["winner"] = number(winner)
        given = quick.points(form, players, winner)  # hands given as points (a quick score)
        entry["hands"] = {str(s): cards(form.get(f"hand{s}", "")) for s in range(players)
                          if str(s) != winner and str(s) not in given}
        if given:
            entry["points"] = given
    elif kind == "null_deal":
        entry.pop("seat", None)
    elif kind == "void":  # one tap of the table page: e.g. put back a card taken from the pile by mistake
        entry.pop("seat", None)
        entry["target"] = number(form.get("target"))
    return entry


def safe_entry_from(form, players: int) -> tuple[dict | None, Exception | None]:
    try:
        return entry_from(form, players), None
    except (CardError, Malformed) as exc:  # Malformed: a quick score's points that are not a number
        return None, exc
