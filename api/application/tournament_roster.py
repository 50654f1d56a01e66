"""Who plays which round of an evening: the players present, late arrivals, those who leave, and the byes.

The settings keep every player of the evening in `players` (a late arrival is added at the end: the players'
page and the phones know a player by her place in that list) and, beside it, `spans`: for each player the rounds
she is present for, `[from, until]` (until None: to the end), several when she left and came back. A round's
byes are the players present for it whom it does not seat (README, "Byes"): they are derived from the spans and
the round's tables, never stored apart, so a round written whole is its byes too. A late arrival and a leaver
are `tournament_players`.
"""

from __future__ import annotations


def spans(settings: dict) -> list[list[list[int | None]]]:
    """Each player's rounds present, `[[from, until], ...]` (an evening started before spans: all, from round 1)."""
    kept = settings.get("spans")
    return kept if isinstance(kept, list) else [[[1, None]] for _ in settings["players"]]


def here(span: list[list[int | None]], round_: int) -> bool:
    return any(start <= round_ and (until is None or round_ < until) for start, until in span)  # type: ignore[operator]


def present(settings: dict, round_: int) -> list[int]:
    """The players (by their place in `players`) present for round `round_`."""
    return [i for i, span in enumerate(spans(settings)) if here(span, round_)]


def gone(settings: dict, current: int) -> list[str]:
    """The players who have left: present for no round after `current`."""
    return [settings["players"][i] for i, span in enumerate(spans(settings)) if not here(span, current + 1)
            and all(until is not None for _, until in span)]


def byes(settings: dict, tables: list[dict], current: int) -> list[list[str]]:
    """Each round's byes, round 1 first: the players present for it whom none of its tables seats."""
    out = []
    for round_ in range(1, current + 1):
        seated = {name for t in tables if t["round"] == round_ for name in t["players"]}
        out.append([settings["players"][i] for i in present(settings, round_)
                    if settings["players"][i] not in seated])
    return out
