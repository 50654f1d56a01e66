"""What the pages ask a game (`referee.games`): `table.game|game` gives its descriptor, `games` lists them.

A template asks what a game does (`(table.game|game).scoring == "balance"`, `.has("upcard")`), never which
game it is; what only one game shows is its own template, `(table.game|game).template("standings")`.
"""

from __future__ import annotations

from flask import Flask

from api.web.i18n import gettext as _
from referee import games


def game_titles() -> dict[str, str]:
    """Each game's name for people, in the reader's language: translated once for a long list of tables."""
    return {game.name: _(game.title) for game in games.ALL}


def init_app(app: Flask) -> None:
    app.jinja_env.filters["game"] = games.get
    app.jinja_env.globals.update(games=games.ALL, game_titles=game_titles)
