"""The evidence of an entry (C-11): where each card in question was seen before it, following the pile."""

from __future__ import annotations

from collections.abc import Iterable

from referee.entry import Entry
from referee.reading.pile import cards_named, exit_cards, seen_in


def sightings(entries: Iterable[Entry], cards: set[str], upto: int, since: int = 1) -> dict[str, list[dict]]:
    """Where each of `cards` was seen in the entries from `since` to before `upto`, as written:
    `{"seq", "how", "seat", "at"}` per sighting (a card taken from the pile is named too)."""
    out: dict[str, list[dict]] = {c: [] for c in cards}
    window = (e for e in entries if since <= e.seq < upto)
    for entry, card, how in seen_in(window):
        if card in out:
            out[card].append({"seq": entry.seq, "how": how, "seat": entry.seat, "at": entry.at})
    return out


def in_question(entry: Entry, verdict: dict | None) -> set[str]:
    """The cards an entry puts in question: those its verdict's violations name, else every card it shows."""
    cards = exit_cards(entry.data) if entry.type == "exit" else cards_named(entry.data)
    disputed = {v["card"] for v in (verdict or {}).get("violations", []) if v.get("card")} or set(cards)
    return {c.split("=")[0] for c in disputed}


def deal_start(kept: Iterable[Entry], seq: int) -> int:
    """The seq of the deal entry `seq` is part of (1 before the first deal): every deal is a new deck."""
    return max((e.seq for e in kept if e.type == "deal" and e.seq <= seq), default=1)


def evidence(reading, seq: int) -> dict[str, list[dict]]:
    """Where the cards entry `seq` puts in question were seen before it (C-11): in its own deal only (the
    deck is gathered and shuffled between deals), in the log as corrected (a voided discard was never seen)."""
    entry = next(e for e in reading.entries if e.seq == seq)
    kept = reading.kept
    cards = in_question(entry, reading.replay.verdicts.get(seq))
    return sightings(kept, cards, upto=seq, since=deal_start(kept, seq))
