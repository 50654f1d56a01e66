"""The log read back for history and disputes: entries as the referee sees them, summaries, evidence."""

from __future__ import annotations

from datetime import datetime

from flask import g, has_app_context

from referee import log
from referee.log import Entry

META = ("seq", "type", "at", "seat", "hash", "prev", "prev_hash")


def to_entry(item: dict) -> Entry:
    """Turn an entry of the API's list back into the referee's Entry."""
    at = item.get("at")
    if isinstance(at, str):
        at = datetime.fromisoformat(at.replace("Z", "+00:00"))
    return Entry(item["seq"], item["type"], item.get("seat"), at, {k: v for k, v in item.items() if k not in META})


def replay(items: list[dict]) -> log.Replay:
    """Replay the listed entries (already accepted) for their verdicts and corrections (once per request)."""
    if not items or not has_app_context():
        return log.replay([to_entry(i) for i in items])
    memo = g.setdefault("_replays", {})
    key = (len(items), items[-1].get("seq"), items[-1].get("hash"))
    if key not in memo:
        memo[key] = log.replay([to_entry(i) for i in items])
    return memo[key]


def cards_of(item: dict) -> list[str]:
    """Every card an entry names, announcements included (`JK=7H` gives JK and 7H)."""
    found: list[str] = []

    def walk(value):
        if isinstance(value, str):
            found.extend(part for part in value.split("=") if part)
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)

    for key in ("card", "cards", "runs", "melds", "upcard", "hands"):
        if key in item:
            walk(item[key])
    return found


def sightings(items: list[dict], upto: int, cards: set[str]) -> dict[str, list[dict]]:
    """Where each of `cards` was seen before entry `upto` (C-11): `{"seq", "how", "seat", "at"}` per sighting.

    Follows the discard pile so that a card taken from it is named too.
    """
    out: dict[str, list[dict]] = {c: [] for c in cards}
    pile: list[str] = []
    for item in items:
        if item["seq"] >= upto:
            break
        kind, seat = item["type"], item.get("seat")
        if kind == "deal":
            pile = [item["upcard"]] if item.get("upcard") else []
            seen = [(pile[0], "turned_up")] if pile else []
        elif kind == "discard":
            pile.append(item["card"])
            seen = [(item["card"], "discarded")]
        elif kind == "draw" and item.get("from") == "discard" and pile:
            seen = [(pile.pop(), "taken")]
        elif kind in ("void", "replace", "create", "draw"):
            seen = []
        else:
            seen = [(c, "shown") for c in cards_of(item)]
        for card, how in seen:
            if card in out:
                out[card].append({"seq": item["seq"], "how": how, "seat": seat, "at": item.get("at")})
    return out


def exit_cards(item: dict) -> list[str]:
    return [c.split("=")[0] for run in item.get("runs", []) for c in run]
