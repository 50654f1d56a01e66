"""Quick scores with results tracking: the forms that give a deal by counts and a hand by its points.

`play.compose` shows them (`compose/quick_exit.html`, `compose/quick_round.html`); `forms.entry_from`
reads them here into an exit's `counts` and a round's `points` (API.md, quick scores).
"""

from __future__ import annotations

from flask import abort, render_template

from api.web.table import facts
from api.web.words.i18n import N_, gettext
from referee import games
from referee.violations import Malformed

KINDS = ("quick_exit", "quick_round")
TWOS = range(9)  # K-2: two decks hold 8 twos
JOKERS = range(3)  # K-2: and 2 jokers


def page(table: dict, who: dict, kind: str, form, seat, key: str, flash: dict | None):
    """Show a quick score form: the winner comes from the link the table page gave."""
    if table.get("tracking") != "results":
        abort(404, description=gettext("Quick scores are for a table that keeps only the results."))
    values = flash["form"] if flash and flash.get("form") else form
    winner = seat
    if kind == "quick_round":
        winner = values.get("winner")
        winner = "" if winner == "none" else winner  # a blocked round: nobody won
        if winner not in ["", *(str(p["seat"]) for p in table["players"])]:
            abort(404, description=gettext("Choose the winner on the table page."))
    elif seat is None or not 0 <= seat < len(table["players"]):
        abort(404, description=gettext("Choose who went out on the table page."))
    losers = [p for p in table["players"] if str(p["seat"]) != str(winner)]
    return render_template(f"compose/{kind}.html", table=facts.told(table, entries=False), who=who, kind=kind, values=values, seat=seat,
                           winner=winner, losers=losers, key=key, flash=flash, twos=TWOS, jokers=JOKERS,
                           settlements=settlements(table) if kind == "quick_exit" else {})


def settlements(table: dict) -> dict[str, int]:
    """What each opponent pays for every choice of the quick exit form, "twos-jokers-timing-one_suit" (C-12),
    for the page to preview as the choices change: the game's arithmetic (`Game.quick_preview`), not the page's."""
    preview = games.get(table.get("game")).quick_preview
    return preview(len(table["players"])) if preview else {}


def fields_of(item: dict) -> dict:
    """The correction form's fields for a quick score: its counts or points, and room for the cards."""
    out = {}
    if item.get("type") == "exit" and isinstance(item.get("counts"), dict):
        counts = item["counts"]
        out = {"quick": "1", "runs": "", "twos": str(counts.get("twos", 0)), "jokers": str(counts.get("jokers", 0)),
               "one_suit": "1" if counts.get("one_suit") else ""}
    if item.get("type") == "round" and isinstance(item.get("points"), dict):
        out = {f"points{seat}": str(value) for seat, value in item["points"].items()}
    return out


def _whole(text: str):
    """A number typed on the number pad; anything else is sent as typed, for the API to name (400)."""
    text = (text or "").strip()
    return int(text) if text.isdigit() else text


def wants_counts(form) -> bool:
    """An exit form sends counts when it is the quick one and no card was typed."""
    return bool(form.get("quick")) and not (form.get("runs") or "").strip()


def counts(form) -> dict:
    """An exit's `counts` from the quick form: the radio choices and the one-suit box."""
    return {"twos": _whole(form.get("twos") or "0"), "jokers": _whole(form.get("jokers") or "0"),
            "one_suit": form.get("one_suit") in ("1", "on", "true")}


def points(form, players: int, winner: str) -> dict:
    """A round's `points`, the seats whose points field is filled (the winner's is never read).

    Something typed that is not a whole number is Malformed, named in the reader's language.
    """
    out = {}
    for seat in range(players):
        text = (form.get(f"points{seat}") or "").strip()
        if text and str(seat) != winner:
            if not text.isdigit():  # said in the reader's language where it is shown (api/web/words/messages.py)
                problem = Malformed(N_("%(player)s's points are a whole number, like 35, not “%(typed)s”."),
                                    player=seat, typed=text)
                problem.title = N_("Not a number")
                raise problem
            out[str(seat)] = int(text)
    return out
