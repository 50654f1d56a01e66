"""Lay the melds a player tapped as the referee reads them: each joker where the only place it fits (K-5), and
a question, one tap an answer, where it fits several (`referee.game.Game.places`, as the exit check does for
Continental runs). A lay-off's joker is placed the same way, in the table meld it joins (R-11). The player
types `JK=7♠` only to say something else; what is sent is still judged whole."""

from __future__ import annotations

from collections import Counter

from referee import games
from referee.cards import CardError


def place(view: dict, entry: dict) -> dict | None:
    """Announce, in a meld or lay-off entry (changed in place), each joker that has one place (`melds`,
    `lay_off`); the question to ask instead of writing it when one has several, else None."""
    asking = None
    if entry["type"] == "meld":
        entry["melds"], asking = melds(view, entry["melds"])
    elif entry["type"] == "lay_off" and "cards" in entry:  # gin's lay-off is one card, no joker (G-8)
        entry["cards"], asking = lay_off(view, entry.get("meld"), entry["cards"])
    return asking


def melds(view: dict, lines: list[list[str]]) -> tuple[list[list[str]], dict | None]:
    """The melds with every joker that has one place announced; and, when a meld's joker has several, the
    question to ask: `{"meld": its number from 1, "ways": [the melds to send, one per answer]}` (the first such
    meld; a later one is asked after the answer). A meld that fits no way is left as typed: the referee's
    refusal then says what is wrong with it."""
    places = games.get(view.get("game")).places
    if places is None:
        return lines, None
    laid: list[list[str]] = []
    for index, line in enumerate(lines):
        try:
            ways = places(line)
        except (CardError, ValueError):
            ways = []
        if len(ways) > 1:
            rest = lines[index + 1:]
            return lines, {"meld": index + 1, "ways": [[*laid, way, *rest] for way in ways]}
        laid.append(ways[0] if ways else line)
    return laid, None


def lay_off(view: dict, meld: int | None, cards: list[str]) -> tuple[list[str], dict | None]:
    """The cards laid off on table meld `meld` with their joker announced where the meld, so lengthened, has one
    place for it (R-7, R-11); and, when it has several, the question to ask: `{"meld": its id, "ways": [the
    cards to send, one per answer], "shown": [the meld as each answer lays it]}`. Cards that fit no way, or need
    no placing, are left as typed: the referee judges them."""
    places = games.get(view.get("game")).places
    table = next((m["cards"] for m in (view.get("deal") or {}).get("melds") or [] if m["id"] == meld), None)
    if places is None or table is None or not cards:
        return cards, None
    try:
        ways = places([*table, *cards])
    except (CardError, ValueError):
        return cards, None
    laid = [choice for way in ways if (choice := _announced(table, cards, way)) is not None]
    if len(laid) != len(ways) or not laid or laid[0] == cards:
        return cards, None
    if len(laid) == 1:
        return laid[0], None
    return cards, {"meld": meld, "ways": laid, "shown": ways}


def joker_proposals(view: dict) -> dict[int, dict]:
    """For each table meld a lone joker could join in more than one place, those places (R-7, R-11, K-5):
    `{meld id: {"ways": [the announced joker, one per place], "shown": [the meld as each lays it]}}`. The lay-off
    screen proposes them as soon as the joker is tapped, before anything is sent (offline too); a meld where
    the joker has one place is not in it: the referee places it there with no question."""
    proposals = {}
    for meld in (view.get("deal") or {}).get("melds") or []:
        asking = lay_off(view, meld["id"], ["JK"])[1]
        if asking is not None:
            proposals[meld["id"]] = {"ways": [way[0] for way in asking["ways"]], "shown": asking["shown"]}
    return proposals


def _announced(table: list[str], cards: list[str], way: list[str]) -> list[str] | None:
    """`cards` with their one unannounced wild written as `way` announces it (`JK` becomes `JK=8S`), or None when
    `way` holds no announcement beyond the meld's and the cards' own."""
    new = list((Counter(t for t in way if "=" in t) - Counter(t for t in [*table, *cards] if "=" in t)).elements())
    if not new:
        return list(cards)
    if len(new) != 1:
        return None
    wild = new[0].partition("=")[0]
    at = next((i for i, t in enumerate(cards) if t == wild), None)
    return None if at is None else [*cards[:at], new[0], *cards[at + 1:]]


def text(lines: list[list[str]]) -> str:
    """Melds as a form sends them: one a line."""
    return "\n".join(" ".join(line) for line in lines)
