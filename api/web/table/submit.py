"""Sending one play form: the one pipeline the play page and the phone's outbox both run.

form → seat → exit check → meld still there → joker placed → written (a result after the deal it implies).
Each step may stop the form before anything is written; `Outcome` says where it stopped, or what was written.
`play.enter` shows the outcome as a page, `outbox.send` answers it in JSON: the same steps, in the same order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from api.web import backend, security
from api.web.table import compose, exitcheck, forms, implied, placing
from api.web.table.notes import moved_on
from api.web.words.i18n import gettext as _


@dataclass
class Outcome:
    """What one form came to. At most one of `forbidden`, `checked`, `asking`, `problem`, `answer` is set."""

    view: dict  # the table as the form was sent to it
    entry: dict | None = None  # the entry the form describes (None: the form itself was refused)
    forbidden: str | None = None  # this phone holds another seat: the words that say so
    checked: dict | None = None  # an exit the check held back (C-6..C-13): the exit screen shows it
    asking: dict | None = None  # a joker that fits several places (K-5, R-11): the screen asks where
    problem: backend.Problem | None = None  # refused: the form, a meld that is gone, or the table (409: moved on)
    answer: dict | None = None  # written: the service's answer (entry, version, verdict)


def submit(table_id: str, form: Mapping[str, str]) -> Outcome:
    """Run `form` through the steps; the first that stops it is the outcome, else the entry is written."""
    view = backend.read(table_id)
    who = security.access(table_id)
    entry, bad = forms.safe_entry_from(form, len(view["players"]))
    if bad:
        return Outcome(view, problem=backend.problem_of(bad))
    outcome = Outcome(view, entry)
    if "seat" in entry and not security.may_act_for(who, entry["seat"]) and not _for_the_table(view, entry):
        outcome.forbidden = _not_yours(view, entry["seat"])
    elif (checked := _exit_check(view, form, entry)) is not None:
        outcome.checked = checked
    elif (gone := _gone(table_id, view, entry)) is not None:
        outcome.problem = gone
    elif (asking := placing.place(view, entry)) is not None:  # melds, lay-off: each joker where it fits (K-5)
        outcome.asking = asking
    else:  # scorekeeping: a result implies its deal, written first (implied.post)
        outcome.answer, problem = implied.post(table_id, view, who["token"], forms.number(form.get("version")),
                                               entry, form.get("key"))
        outcome.problem = moved_on(problem) if problem else None
    return outcome


def _for_the_table(view: dict, entry: dict) -> bool:
    """An exit (a knock, the other's hand) a seat's phone enters for another seat at a table that keeps only the
    results: the table's result
    (`referee.scorekeeping`), the server judges it."""
    return view.get("tracking") == "results" and entry["type"] in ("exit", "knock", "show")


def _not_yours(view: dict, seat: int) -> str:
    name = view["players"][seat]["name"] if 0 <= seat < len(view["players"]) else seat
    return _("This phone holds another seat: it cannot enter for %(name)s.", name=name)


def _exit_check(view: dict, form: Mapping[str, str], entry: dict) -> dict | None:
    """Cards are not a declaration until the player confirms one (C-6..C-13): check them first, and never record
    a valid arrangement as an invalid exit. A quick score (counts) declares no cards."""
    if entry["type"] != "exit" or "counts" in entry:
        return None
    return exitcheck.gate(view, form, entry.get("seat"))


def _gone(table_id: str, view: dict, entry: dict) -> backend.Problem | None:
    """A lay-off or a joker's retrieval on a meld no longer on the table (a new deal began), said by name."""
    if entry["type"] not in ("lay_off", "retrieve_joker") or "meld" not in entry:  # gin's lay-off names no meld
        return None
    return compose.gone_meld(table_id, view, entry.get("meld"))
