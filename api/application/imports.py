"""Reading an export to import: the chain (E-4), the same checks as a new table's, and this server's seal."""

from __future__ import annotations

import hashlib
from functools import partial

from api.application import context
from api.application.errors import ApiError
from api.rest.schemas.tables import read_new_table
from events import ChainError, read_export
from events import seal as seals
from events.names import SeatName, is_apart, named_create
from referee.log import game_module
from referee.violations import N_, Malformed

CREATE_FIELDS = {"game", "players", "options", "tracking", "confirmation"}  # an export made before names left the log
APART_FIELDS = {"game", "seats", "options", "tracking", "confirmation"}  # entry 1 naming its seats by ids; names on line 1
SEAL_BROKEN = N_("line %(line)s: the seal of this server does not hold: the export was cut short or changed (E-4)")


def _key() -> bytes:
    """The server's key for seals, from SECRET_KEY (kept apart from the session's and the snapshots' uses)."""
    return hashlib.sha256(b"arbitre.export-seal\0" + str(context.current().secret).encode()).digest()


def sealer():
    """What `events.export_lines` calls to seal an export's last line."""
    return partial(seals.seal, _key())


def read(text: str) -> tuple[list[dict], bool]:
    """Read and check an export: its lines, and whether this server's seal holds on it."""
    try:
        items = read_export(text)
    except ChainError as error:
        rules = ["E-4"] if error.status == 422 else []
        raise ApiError(error.status, "Broken log" if rules else "Unreadable log", str(error), line=error.line,
                       key=N_("line %(line)s: %(cause)s"),
                       params={"line": error.line, "cause": {"key": error.key, "params": error.params or None}},
                       rules=rules, violations=[{"rule": r, "message": error.message, "entry": error.line}
                                                for r in rules]) from None
    players = _check_create(items[0])
    for item in items[1:]:
        if item["type"] == "create":
            raise Malformed(f"line {item['seq']}: only entry 1 is a create")
        if item["seat"] is not None and not 0 <= item["seat"] < players:
            raise Malformed(f"line {item['seq']}: `seat` is a seat of this table, 0 to {players - 1}, "
                            f"not {item['seat']}")
    last = items[-1]
    try:
        verified = seals.check(_key(), last["seal"], last["seq"], last["hash"]) == seals.VERIFIED
    except seals.SealBroken as broken:
        raise ApiError(422, "Broken log", f"line {last['seq']}: {broken}", line=last["seq"], rules=["E-4"],
                       key=SEAL_BROKEN, params={"line": last["seq"]},
                       violations=[{"rule": "E-4", "message": str(broken), "entry": last["seq"]}]) from None
    return items, verified


def seat_names(first: dict) -> list[SeatName]:
    """Line 1's `names` (outside the chain) as the seats' names: `[{"person", "name"} | {"person", "forgotten"}]`,
    one a seat, in entry 1's order."""
    persons, listed = first["data"].get("seats"), first.get("names")
    if not isinstance(persons, list) or not all(isinstance(p, str) and 1 <= len(p) <= 16 for p in persons):
        raise Malformed("line 1: `seats` is a list of the seats' ids")
    if not isinstance(listed, list) or len(listed) != len(persons):
        raise Malformed("line 1: `names` gives each seat's name, one a seat")
    out = []
    for seat, (person, item) in enumerate(zip(persons, listed, strict=True)):
        if not isinstance(item, dict) or item.get("person") != person:
            raise Malformed(f"line 1: `names` item {seat} is the name of seat {seat}, `person` {person!r}")
        number = item.get("forgotten")
        if "name" not in item and not (isinstance(number, int) and not isinstance(number, bool) and number >= 1):
            raise Malformed(f"line 1: `names` item {seat} has a `name`, or the `forgotten` number of its player")
        out.append(SeatName(seat, person, item.get("name") if "name" in item else None,
                            None if "name" in item else number))
    return out


def _check_create(first: dict) -> int:
    """Entry 1 as a new table's would be: a `create`, known fields only, names of 1 to 40 letters."""
    data = first["data"]
    if first["type"] != "create" or first["seat"] is not None:
        raise Malformed("line 1: a log starts with its `create` entry, naming the game and the players")
    fields = APART_FIELDS if is_apart(data) else CREATE_FIELDS
    unknown = sorted(set(data) - fields)
    if unknown:
        raise Malformed(f"line 1: a create has only {', '.join(sorted(fields))}, not {', '.join(unknown)}")
    if is_apart(data):
        data = named_create(data, seat_names(first))
    elif first.get("names") is not None:
        raise Malformed("line 1: `names` go with a create that names its seats by ids (`seats`)")
    try:
        loaded = read_new_table(data)
    except Malformed as bad:
        raise Malformed(N_("line %(line)s: %(cause)s"), line=1, cause=bad.cause()) from None
    options = game_module(loaded["game"]).normalise_options(loaded["options"])
    if options != data.get("options"):
        raise Malformed("line 1: `options` are not written as this server writes them "
                        f"({options!r}, not {data.get('options')!r})")
    return len(loaded["players"])
