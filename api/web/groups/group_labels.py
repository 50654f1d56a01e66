"""What each statistic is called on the pages, in the request's language, and the rows a player's page shows."""

from __future__ import annotations

from api.web.words.i18n import gettext as _


def figure_label(name: str) -> str:
    """A figure's name in words (French or English)."""
    return {
        "exits": _("Exits"),
        "invalid_exits": _("Invalid exits"),
        "first_turn": _("Exits on the first turn"),
        "without_drawing": _("Exits without drawing"),
        "one_suit": _("One-suit exits"),
        "received": _("Transfer received (average)"),
        "paid": _("Transfer paid (average)"),
        "openings": _("Openings (average value)"),
        "lay_offs": _("Lay-offs"),
        "jokers": _("Jokers retrieved"),
        "rounds_won": _("Rounds won"),
        "hand_left": _("Hand left when a round ends (average)"),
        "timeouts": _("Timeouts"),
        "hands_won": _("Hands won"),
        "gins": _("Gins"),
        "undercuts": _("Undercuts"),
        "invalid_knocks": _("Knocks not valid"),
        "points_won": _("Points won by a hand (average)"),
    }.get(name, name)


AVERAGED = ("received", "paid", "openings", "hand_left", "points_won")


def figure_rows(game: str, figures: dict) -> list[dict]:
    """The rows of a player's figures at one game: label, count, average where it has one, and its rules."""
    from referee import games

    rows = []
    for name in games.get(game).stats.FIGURES:
        figure = figures[name]
        rows.append({"name": name, "label": figure_label(name), "count": figure["count"],
                     "average": figure["average"] if name in AVERAGED else None,
                     "rules": figure.get("rules", [])})
    return rows
