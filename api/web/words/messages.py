"""What the pages say about refusals, verdicts and errors: the referee's keys in the reader's language.

`violation_text(v)` (a Jinja filter) renders a violation (`{"rule", "key", "params", ...}` or a
`Violation`) with the players' names of the table being shown (`remember_players`), cards as players
read them (`D♥`), entry types, suits and times as the reader's language says them. `problem_title`
and `problem_detail` do the same for a refused request; `entry_type` names an entry type.
"""

from __future__ import annotations

import re

import flask_babel
from flask import g

from api.application import texts
from api.web.table import cardview
from api.web.words import french, i18n
from api.web.words.i18n import N_, gettext
from referee.cards import Card
from referee.violations import RANK_NAMES

CONTEXT = "entry type"


def NP_(context: str, text: str) -> str:
    """Mark a text with its context for the catalogue (`pgettext`); it is translated where it is shown."""
    return text


ENTRY_TYPES = {
    "create": NP_("entry type", "table created"), "deal": NP_("entry type", "deal"), "draw": NP_("entry type", "take"),
    "discard": NP_("entry type", "discard"), "exit": NP_("entry type", "exit"), "null_deal": NP_("entry type", "null deal"),
    "meld": NP_("entry type", "lay-down"), "lay_off": NP_("entry type", "lay-off"),
    "retrieve_joker": NP_("entry type", "joker retrieval"), "hand": NP_("entry type", "hand"), "round": NP_("entry type", "round"),
    "timeout": NP_("entry type", "timeout"), "adjust": NP_("entry type", "ruling"),
    "upcard": NP_("entry type", "upcard"), "knock": NP_("entry type", "knock"),
    "show": NP_("entry type", "hand shown"), "done": NP_("entry type", "end of lay-offs"),
    "confirm": NP_("entry type", "confirmation"), "dispute": NP_("entry type", "dispute"), "void": NP_("entry type", "void"), "replace": NP_("entry type", "replacement"),
}
WORDS = (N_("turns"), N_("exits"), N_("deals"))  # the `what` of some keys: "no more %(what)s"
CARD_ERROR = N_("%(token)s is %(reason)s")  # an unknown card, as the API says it (api/shell/errors.py)
SUITS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}
# Titles of refusals and errors the service and the referee give (`Refusal.title`, `ApplicationError.title`).
TITLES = (N_("Refused by the rules"), N_("Malformed request"), N_("Not a moment to go out"),
          N_("The corrected log no longer replays"), N_("Unknown card"), N_("Not your seat"),
          N_("The table moved on"), N_("Unknown token"), N_("Unknown table"), N_("No such entry"),
          N_("Broken log"), N_("Unreadable log"))


def entry_type(name) -> str:
    """An entry type as the reader says it: `discard` is "défausse" in French."""
    label = ENTRY_TYPES.get(name)
    return flask_babel.pgettext(CONTEXT, label) if label else str(name)


def remember_players(table: dict | None) -> None:
    """Name the seats of the table this request shows, for every message on its page."""
    if table and isinstance(table.get("players"), list):
        g.players = [p.get("name") if isinstance(p, dict) else str(p) for p in table["players"]]
    if table and isinstance(table.get("deal"), dict):  # melds as the page labels them: 1, 2, 3 in this deal
        g.meld_numbers = deal_numbers(table)


def deal_numbers(table: dict) -> dict[int, int]:
    """Number the current deal's melds from the view: their ids grow in the order they were laid."""
    melds = (table.get("deal") or {}).get("melds") or []
    return {m: n for n, m in enumerate(sorted(x["id"] for x in melds if isinstance(x, dict)), start=1)}


def voice(names: list[str] | None = None) -> texts.Voice:
    """The reader's voice: their language, the players' names, cards as they read them."""
    names = names if names is not None else g.get("players")
    lang = i18n.current_lang()

    def seat(n: int) -> str:
        if names and isinstance(n, int) and 0 <= n < len(names):
            return names[n]
        return gettext("player %(n)s", n=n + 1 if isinstance(n, int) else n)

    return texts.Voice(
        translate=gettext, seat=seat, card=lambda c: i18n.card_label(str(c), lang),
        suit=lambda s: gettext(SUITS[s]) if s in SUITS else s,
        rank=lambda n: i18n.rank_label(Card(n, "H"), lang) if lang == "fr" else RANK_NAMES.get(n, str(n)),
        entry_type=entry_type, time=cardview.when, meld=lambda m: (g.get("meld_numbers") or {}).get(m, m), and_word=gettext("and"), or_word=gettext("or"),
        **({"fill": french.fill} if lang == "fr" else {}))


RULE_ID = re.compile(r"\b([CEGKR])-(\d+)\b")


def whole_rule_ids(text: str) -> str:
    """A text with each rule id held whole (`C‑12`: a no-break hyphen, U+2011): a line breaking at the hyphen
    left « (C- » at the end of a line and « 12) » on the next at 390 px in French."""
    return RULE_ID.sub("\\1\u2011\\2", text)


def violation_text(violation, names: list[str] | None = None) -> str:
    """A violation's message in the reader's language, naming the players, its rule ids held whole."""
    if not isinstance(violation, dict):
        violation = violation.to_dict()
    if "key" not in violation:  # a verdict written before messages had keys
        return whole_rule_ids(gettext(str(violation.get("message", ""))))
    return whole_rule_ids(texts.render(violation["key"], violation.get("params"), voice(names)))


def problem_title(problem) -> str:
    return gettext(str(_get(problem, "title") or ""))


def problem_detail(problem, names: list[str] | None = None) -> str:
    """What a refused request's detail says, when it has no violations to list."""
    key = _get(problem, "key")
    if key:
        return whole_rule_ids(texts.render(key, _get(problem, "params"), voice(names)))
    return whole_rule_ids(gettext(str(_get(problem, "detail") or "")))


def spoken(problem: dict, names: list[str] | None = None) -> dict:
    """A problem as a script shows it (static/outbox.js): title, detail and messages in the reader's language."""
    violations = [{**v, "message": violation_text(v, names)} for v in problem.get("violations") or []]
    return {**problem, "title": problem_title(problem), "detail": problem_detail(problem, names),
            "violations": violations}


def _get(problem, name):
    return problem.get(name) if isinstance(problem, dict) else getattr(problem, name, None)


def init_app(app) -> None:
    """Give the templates the filters `violation_text`, `problem_title`, `problem_detail`, `entry_type`, and
    `headline` (api/web/table/turn.py)."""
    from api.web.table import turn

    app.jinja_env.filters.update(violation_text=violation_text, problem_title=problem_title,
                                 problem_detail=problem_detail, entry_type=entry_type)
    app.jinja_env.globals.setdefault("headline", turn.headline)  # what the table waits for, in words


# The HTTP errors an HTML page may show (werkzeug's names and descriptions), for the catalogue.
HTTP_TEXTS = (
    N_("Bad Request"), N_("Unauthorized"), N_("Forbidden"), N_("Not Found"), N_("Method Not Allowed"),
    N_("Conflict"), N_("Request Entity Too Large"), N_("Too Many Requests"), N_("Internal Server Error"),
    N_("The browser (or proxy) sent a request that this server could not understand."),
    N_("You don't have the permission to access the requested resource. It is either read-protected or not "
       "readable by the server."),
    N_("The requested URL was not found on the server. If you entered the URL manually please check your "
       "spelling and try again."),
    N_("The method is not allowed for the requested URL."),
    N_("The data value transmitted exceeds the capacity limit."),
    N_("This user has exceeded an allotted request count. Try again later."),
    N_("The server encountered an internal error and was unable to complete your request. Either the server is "
       "overloaded or there is an error in the application."),
)
