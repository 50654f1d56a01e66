"""Lay the melds a player tapped as the referee reads them: each joker where the only place it fits (K-5), and
a question, one tap an answer, where it fits several (`referee.game.Game.places`, as the exit check does for
Continental runs). The player types `JK=7♠` only to say something else; what is sent is still judged whole."""

from __future__ import annotations

from referee import games
from referee.cards import CardError


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


def text(lines: list[list[str]]) -> str:
    """Melds as a form sends them: one a line."""
    return "\n".join(" ".join(line) for line in lines)
