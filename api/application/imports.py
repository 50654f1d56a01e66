"""Reading an export to import: the chain (E-4), the same checks as a new table's, and this server's seal."""

from __future__ import annotations

import hashlib
from functools import partial

from api.application import context
from api.application.errors import ApiError
from api.rest.schemas.tables import read_new_table
from events import ChainError, read_export
from events import seal as seals
from referee.log import game_module
from referee.violations import N_, Malformed

CREATE_FIELDS = {"game", "players", "options", "tracking"}
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


def _check_create(first: dict) -> int:
    """Entry 1 as a new table's would be: a `create`, known fields only, names of 1 to 40 letters."""
    data = first["data"]
    if first["type"] != "create" or first["seat"] is not None:
        raise Malformed("line 1: a log starts with its `create` entry, naming the game and the players")
    unknown = sorted(set(data) - CREATE_FIELDS)
    if unknown:
        raise Malformed(f"line 1: a create has only {', '.join(sorted(CREATE_FIELDS))}, not {', '.join(unknown)}")
    try:
        loaded = read_new_table(data)
    except Malformed as bad:
        raise Malformed(N_("line %(line)s: %(cause)s"), line=1, cause=bad.cause()) from None
    options = game_module(loaded["game"]).normalise_options(loaded["options"])
    if options != data.get("options"):
        raise Malformed("line 1: `options` are not written as this server writes them "
                        f"({options!r}, not {data.get('options')!r})")
    return len(loaded["players"])
