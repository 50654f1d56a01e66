"""The evening's start form (templates/tournament/new.html): read it into the API's body, and say how many
tables it makes before anything is created."""

from __future__ import annotations

from api.application.tournaments_in import SEATINGS
from referee import games, seating

NEW_NAMES_MOST = 200


def players_of(form) -> list[str]:
    """The members ticked, then the new names typed one a line (blank lines left out, each name once)."""
    names = [" ".join(n.split()) for n in form.getlist("member")]
    names += [" ".join(line.split()) for line in form.get("new", "").splitlines()[:NEW_NAMES_MOST]]
    seen, out = set(), []
    for name in names:
        if name and name.casefold() not in seen:
            seen.add(name.casefold())
            out.append(name)
    return out


def _number(raw: str | None, default: int) -> int:
    raw = (raw or "").strip()
    return int(raw) if raw.isdigit() and len(raw) < 4 else default


def body_of(form) -> dict:
    """The API's body for the form (the API checks it). A game played at one table size (Gin: pairs) takes it,
    whatever the size field held when that game was ticked (its script sets it; without scripts, 4 stayed)."""
    game = games.GAMES.get(form.get("game", "")) or games.DEFAULT
    size = game.seats.start if len(game.seats) == 1 else _number(form.get("table_size"), 4)
    body = {"name": " ".join(form.get("name", "").split()), "game": game.name,
            "tracking": "results" if form.get("tracking") == "results" else "full", "players": players_of(form),
            "rounds": _number(form.get("rounds"), 3), "table_size": size,
            "seating": form.get("seating") if form.get("seating") in SEATINGS else "random"}
    options = game.form_options(form)
    if options is not None:
        body["options"] = options
    return body


def sizes_of(body: dict) -> list[int] | None:
    """The tables the body makes (their sizes: those they do not seat have a bye), or None when its players cannot
    be seated so."""
    game = games.GAMES.get(body["game"]) or games.DEFAULT
    return seating.seated_sizes(len(body["players"]), body["table_size"], game.seats)
