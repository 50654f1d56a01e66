"""What the pages ask a game (`referee.games`): `table.game|game` gives its descriptor, `games` lists them.

A template asks what a game does (`(table.game|game).scoring == "balance"`, `.has("upcard")`), never which
game it is; what only one game shows is its own template, `(table.game|game).template("standings")`.
"""

from __future__ import annotations

from flask import Flask

from api.web.words.i18n import N_
from api.web.words.i18n import gettext as _
from referee import games

# What the pages say of a deal, as a game with no words of its own says it (`Game.words`: Rami's rounds).
DEAL_WORDS = (N_("Deal"), N_("Deal %(n)s"), N_("Deal by deal"), N_("Deals played: %(n)s"), N_("No deal has ended yet."),
              N_("Scores after each deal"), N_("Deals ended: %(a)s now, %(b)s after."),
              N_("Deal the cards and enter the deal."), N_("Enter the result of the deal."), N_("deal %(n)s"),
              N_("the null deal"), N_("Null deal"))


def deal_word(table: dict, key: str, **params) -> str:
    """`key` in the words of the table's game, in the reader's language: "Deal 1", "Round 1", "Manche 1"."""
    if key not in DEAL_WORDS:
        raise KeyError(f"{key!r} is not one of gameview.DEAL_WORDS")
    return _(games.get(table["game"]).word(key), **params)


# What a club night's standings add up, by the game's scoring (`Game.scoring`), said under the standings.
SCORING_WORDS = {"balance": N_("%(game)s: each table counts its balance; higher is better."),
                 "penalty": N_("%(game)s: each table counts its final total; lower is better."),
                 "points": N_("%(game)s: each game counts its result, the winner's total less the loser's, bonuses "
                              "included; higher is better.")}


def scoring_words(name: str) -> str:
    """How the standings of an evening of this game count, in the reader's language, the game named."""
    game = games.get(name)
    return _(SCORING_WORDS[game.scoring], game=_(game.title))


def game_titles() -> dict[str, str]:
    """Each game's name for people, in the reader's language: translated once for a long list of tables."""
    return {game.name: _(game.title) for game in games.ALL}


def init_app(app: Flask) -> None:
    app.jinja_env.filters["game"] = games.get
    app.jinja_env.globals.update(games=games.ALL, game_titles=game_titles, deal_word=deal_word,
                                  scoring_words=scoring_words)
