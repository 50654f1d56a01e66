"""What a game is, declared once: the fold `referee.log` replays through, and what the rest asks of it.

A game is a package `referee/<name>/` whose `game.py` declares one `Game`; `referee.games` lists them. The
log, the statistics, the schemas, the replays and the pages read the `Game` and ask it what it does
(`game.scoring == "balance"`, `"clock" in game.features`), never which game it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from referee.cards import Card, parse_card
from referee.entry import Entry

# How a game scores: transfers between seats, the best balance wins | points against, the lowest total wins |
# points for, the first to a target wins, bonuses at the end. The rest asks the `Game`'s properties below.
SCORINGS = ("balance", "penalty", "points")
HIGHER_WINS = frozenset({"balance", "points"})  # the scorings whose higher score is the better


class Rules(Protocol):
    """One game's table module: the fold of its log (`referee.log.replay` and `append`).

    `check` reads the state and raises the entry's `Refusal` (422) or `Malformed` (400), or gives what `fold`
    enters; `fold` changes the state in place and never refuses, so a refused entry has changed nothing.
    `apply` is the two in one step (the replay's path); the verdict is a dict for an entry that is judged,
    else None.
    A game with a clock also gives `corrected(state, at)`: told, while the log folds, that a correction was
    entered at `at`, at its place in the log (a replay of the first N entries sees the same).
    """

    def start(self, entry: Entry) -> Any:
        """The state from entry 1 (`create`)."""

    def check(self, state: Any, entry: Entry) -> Any:
        """Check the entry against `state`, changing nothing: raise its refusal, or give what `fold` enters."""

    def fold(self, state: Any, entry: Entry, checked: Any) -> dict | None:
        """Enter a checked entry into `state`; its verdict, if it is judged."""

    def apply(self, state: Any, entry: Entry) -> dict | None:
        """Check the entry, then fold it into `state`; its verdict, if it is judged."""

    def clone(self, state: Any) -> Any:
        """An independent copy, to try an entry on."""

    def view(self, state: Any) -> dict:
        """The table as the API shows it: players, deal, results, status, winners."""

    def due(self, state: Any, now: datetime) -> list[dict]:
        """Entries the server must write by `now` (a clock's timeouts), each `{"type", "at", ...}`."""

    def actor(self, state: Any, entry: Entry) -> int | None:
        """The seat whose token may write the entry (None: the host only)."""

    # Optional, told by `referee.log.replay` at a corrected entry's place in the fold (a game need not define
    # them): `corrected(state, at)`, the time of the latest correction (a clock restarts from it), and
    # `withdrawn(state, entry, correction)`, the entry as it stood and the void or replace that takes it back,
    # before the replacement folds (what a seat saw stays seen, E-2 *Reading*).

    def normalise_options(self, options: dict | None) -> dict:
        """The table's options with their defaults; refuse an unknown option or value."""


class Stats(Protocol):
    """One game's figures per seat, counted while its log replays (`referee.stats.table.summarise`)."""

    # Read-only members (a module's constants and class satisfy them): the figures a member's page shows, in
    # order; the figures whose values are the rules broken, also counted rule by rule; and the watcher class,
    # (summary) -> with `entry(entry, verdict, state)`, `ended(entry, result, points)`.
    @property
    def FIGURES(self) -> tuple[str, ...]: ...

    @property
    def BY_RULE(self) -> tuple[str, ...]: ...

    @property
    def Watcher(self) -> Callable[..., Any]: ...

    def final(self, state: Any) -> tuple[str, list[int] | None, list[int]]:
        """Status, winners and scores of the replayed state."""


def only_jokers(card: Card) -> bool:
    """K-5 in a game whose only wild cards are its jokers."""
    return card.is_joker


def no_options(fields: Mapping[str, str]) -> None:
    """A game without options of its own on the start form: the API's body gives none."""
    return None


def no_cards(type_: object, data: dict) -> dict:
    """An entry's fields, in a game none of whose fields holds cards."""
    return dict(data)


@dataclass(frozen=True)
class Judge:
    """One stateless judge a game offers, declared with what the JSON API needs to serve and describe it.

    `run` reads card texts and plain values (a bad card raises `CardError`, K-1) and answers as the API writes it,
    a dict. The shapes of its body and of its answer are named as the API's description names them (`KnockRequest`,
    `KnockVerdict`): the REST layer holds them (marshmallow stays out of the referee) and serves every judge a game
    declares from this declaration, with no route written per game. `summary` is its line in that description;
    `refuses` says whether it may refuse cards no deal holds (K-2, a 422), beside an unreadable body (400).
    """

    run: Callable[..., dict]
    summary: str
    request: str
    answer: str
    refuses: bool = False

    def __call__(self, *args: Any, **kwargs: Any) -> dict:
        return self.run(*args, **kwargs)


@dataclass(frozen=True, eq=False)
class Game:
    """A game as everything outside its package knows it.

    `features` name what only some games do, for the pages to ask: `clock` (turns are timed, a timeout is
    written by the server), `pickup` (a card taken from the pile must be laid in the same turn), `table_melds`
    (melds lie on the table between turns), `upcard` (the deal turns a card up on the pile), `knock` (a hand ends
    by a knock and the other's hand shown: the pages say its verdict in the game's own words).

    `templates/games/<name>/` holds what only this game shows: `standings.html` (its group standings),
    `quick_start.html` (a results table's quick score), and optionally `options.html` (its fields on the
    start form), which `form_options` reads back into the API's `options` (None: the body has none); where it has
    them, `entries/<type>.html` (an entry's words) and `compose/<kind>.html` (a card form's fields), found before
    the shared template of that name, and the parts its features ask (`upcard`, `knock_links`, `lay_off`, `verdict`).

    `places` lays one meld (or run) a player tapped, its cards' texts: the ways to lay it with its unannounced
    wild card announced (K-5), each as the cards' texts in position order; one way when only one place works
    (or none is missing), several when the player must choose, none when it is no meld of this game however
    announced (`referee.melds.wild_places`); it raises `CardError` on a card that is not one (K-1).

    `is_wild` says which cards are wild (C-1: every 2 and joker; R-1: jokers only), the test its rules use: the
    card picker asks it (`wild`) to treat a tapped card as a wild that fills a place of a run.

    `judges` are the stateless judges it offers, by name (`exit`, `arrange`; `meld`, `hand-value`; `knock`), each a
    `Judge` (called as its `run`): the JSON API serves each at `/api/v1/referee/<game>/<name>` and describes it from
    the declaration, the pages' exit check asks `exit` and `arrange`.
    `timings` are the moments of an exit its settlement tells apart (C-4, C-5), the usual one first (none: the game
    does not ask). `quick_preview(players)` gives what a quick score's choices come to, for its form to show as they
    change (Continental: each opponent's payment by "twos-jokers-timing-one_suit", C-12); None: no preview.
    """

    name: str  # as a log's entry 1 and the API write it
    title: str  # the game's name for people (a message key: the pages translate it)
    choice: str  # the start form's label for it, with its seats (a message key)
    seats: range  # how many players sit at it
    scoring: str  # one of SCORINGS
    jokers: int  # in its decks, besides its 52-card decks (K-2)
    entry_types: tuple[str, ...]  # besides `create` and the corrections
    rules: Rules
    stats: Stats
    features: frozenset[str] = frozenset()
    form_options: Callable[[Mapping[str, str]], dict | None] = no_options
    places: Callable[[Sequence[str]], list[list[str]]] | None = None
    is_wild: Callable[[Card], bool] = only_jokers
    # The game's own words for what the pages say of a deal (message keys): Rami plays rounds (`manches`), so
    # ("Deal %(n)s", "Round %(n)s") and so on; a key not listed is the game's word already.
    words: tuple[tuple[str, str], ...] = ()
    judges: Mapping[str, Judge] = field(default_factory=dict)
    timings: tuple[str, ...] = ()
    quick_preview: Callable[[int], dict[str, int]] | None = None
    # An entry's fields with its cards as their canonical text (`10H`, `JK=7H`), before it is judged or written:
    # its fields.py's `canonical_cards`, by its CARDS (which field of which entry type holds which cards, read by
    # `referee.canonical`); `CardError` (K-1) names a card that is not one, `Malformed` a field not the list it
    # should be. A game none of whose fields holds cards keeps them as they are.
    canonical: Callable[[object, dict], dict] = no_cards
    decks: int = 2  # its 52-card decks (K-2): two, or one (Gin, G-1)

    def __post_init__(self) -> None:
        if self.scoring not in SCORINGS:
            raise ValueError(f"{self.name}: scoring is one of {SCORINGS}, not {self.scoring!r}")

    @property
    def higher_wins(self) -> bool:
        """Whether the higher score is the better (a balance, points for), or the lower (points against)."""
        return self.scoring in HIGHER_WINS

    @property
    def signed(self) -> bool:
        """Whether its scores are signed transfers (a balance: +12, -4), shown with their sign."""
        return self.scoring == "balance"

    def has(self, feature: str) -> bool:
        """Whether the game does `feature` (see the class's docstring)."""
        return feature in self.features

    def wild(self, text: str) -> bool:
        """Whether the card written `text` (`2C`, `JK`) is wild in this game (C-1, R-1)."""
        return self.is_wild(parse_card(text))

    def word(self, key: str) -> str:
        """The game's own message key for `key` (`Deal %(n)s` is `Round %(n)s` at Rami)."""
        return dict(self.words).get(key, key)

    def template(self, part: str) -> str:
        """The path of one of the game's own templates, `templates/games/<name>/<part>.html`."""
        return f"games/{self.name}/{part}.html"

    def __repr__(self) -> str:
        return f"Game({self.name!r})"
