"""This phone and the seats it holds (E-6: one phone, one seat; api/application/seat_phones.py says where).

A phone is a random id its session keeps. Every page that hands a seat's token to a phone (the players' page,
a join code, its QR code) asks `take` first and refuses the seat when another phone holds it; and a phone whose
seat was released by the director, then taken by another phone, is a spectator there from then on (`lost`,
asked by `security.access` once a request)."""

from __future__ import annotations

import secrets

from flask import g, session

from api.application import seat_phones
from api.web.words.i18n import gettext as _
from events import Taken


def phone() -> str:
    """This phone's id (random, kept in its session)."""
    if "phone" not in session:
        session["phone"] = secrets.token_hex(8)
        session.permanent = True
    return session["phone"]


def take(table_id: str, seat: int, names: list[str] | None = None) -> Taken | None:
    """This phone takes this seat; None where the table does not hold its seats (any phone may open them)."""
    return seat_phones.take(table_id, seat, phone(), names)


def refusal(taken: Taken | None, names: list[str], director: bool) -> str | None:
    """What a refused tap says (None: the seat is this phone's): the seat another phone holds, or the one this
    phone holds at the table already; who releases it (the director at a tournament, else the host)."""
    if taken is None or taken.outcome == "held":
        return None
    name = names[taken.seat] if taken.seat is not None and 0 <= taken.seat < len(names) else None
    if taken.outcome == "elsewhere":
        if director:
            return _("This phone holds the seat of %(name)s at this table: one phone is one seat. "
                     "Ask the director to release it.", name=name)
        return _("This phone holds the seat of %(name)s at this table: one phone is one seat. "
                 "Ask the host to release it.", name=name)
    if director:
        return _("The seat of %(name)s is taken on another phone: ask the director.", name=name) if name else \
            _("This seat is taken on another phone: ask the director.")
    return _("The seat of %(name)s is taken on another phone: ask the host.", name=name) if name else \
        _("This seat is taken on another phone: ask the host.")


def lost(table_id: str, seat: int) -> bool:
    """Whether another phone holds the seat this phone's session keeps (asked once a request and table)."""
    kept = g.setdefault("holding.lost", {})
    if (table_id, seat) not in kept:
        kept[(table_id, seat)] = seat_phones.lost(table_id, seat, session.get("phone"))
    return kept[(table_id, seat)]
