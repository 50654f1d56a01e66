"""Reading an export to import: the chain (E-4), the same checks as a new table's, and this server's seal."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import partial

from api.application import context, printable
from api.application.commands import CreateTable
from api.application.errors import BadRequest, Refused
from events import ChainError, read_export
from events import seal as seals
from events.free_texts import Texts, carries, digest, is_ref, refs
from events.names import SeatName, is_apart, named_create
from referee import games
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


def read(text: str, new_table: Callable[[dict], CreateTable]) -> tuple[list[dict], bool]:
    """Read and check an export: its lines, and whether this server's seal holds on it. `new_table` reads a new
    table's fields as the edge does (`commands.ImportLog`): entry 1 is checked as a new table's body is."""
    try:
        items = read_export(text)
    except ChainError as error:
        rules = ["E-4"] if error.status == 422 else []
        raise (Refused if rules else BadRequest)(
            "Broken log" if rules else "Unreadable log", N_("line %(line)s: %(cause)s"),
            {"line": error.line, "cause": {"key": error.key, "params": error.params or None}}, detail=str(error),
            said=True, line=error.line, rules=rules,
            violations=[{"rule": r, "message": error.message, "entry": error.line} for r in rules]) from None
    players = _check_create(items[0], new_table)
    for item in items[1:]:
        if item["type"] == "create":
            raise Malformed(N_("line %(line)s: only entry 1 is a create"), line=item["seq"])
        for field, value in item["data"].items():  # a reason written before texts were checked: not brought in
            printable.check(field, value, line=item["seq"])
        printable.check("texts", item["texts"], line=item["seq"])
        if item["seat"] is not None and not 0 <= item["seat"] < players:
            raise Malformed(N_("line %(line)s: `seat` is a seat of this table, 0 to %(last)s, not %(seat)s"),
                            line=item["seq"], last=players - 1, seat=item["seat"])
    last = items[-1]
    try:
        verified = seals.check(_key(), last["seal"], last["seq"], last["hash"]) == seals.VERIFIED
    except seals.SealBroken as broken:
        raise Refused("Broken log", SEAL_BROKEN, {"line": last["seq"]}, detail=f"line {last['seq']}: {broken}",
                      said=True, line=last["seq"], rules=["E-4"],
                      violations=[{"rule": "E-4", "message": str(broken), "entry": last["seq"]}]) from None
    return items, verified


def texts(items: list[dict]) -> Texts:
    """Each line's free texts beside the chain (`texts`: digest → {"text", "salt"}), one for each digest its entry
    holds; a text that still has its salt must match its digest (else it was changed: 422)."""
    out: Texts = {}
    for item in items:
        given = item.get("texts")
        if given is not None and not isinstance(given, dict):
            raise Malformed(f"line {item['seq']}: `texts` gives each free text of the entry by its digest")
        for wanted in refs(item["type"], item["data"]):
            found = (given or {}).get(wanted)
            if not isinstance(found, dict) or not isinstance(found.get("text"), str) \
                    or not isinstance(found.get("salt", ""), str):
                raise Malformed(f"line {item['seq']}: `texts` has no text for the digest {wanted}")
            salt = found.get("salt")
            if salt is not None and digest(salt, found["text"]) != wanted:
                raise Refused("Broken log", N_("line %(line)s: a text beside the chain does not match its digest "
                                               "(E-4)"), {"line": item["seq"]}, said=True, line=item["seq"],
                              rules=["E-4"], violations=[{"rule": "E-4", "entry": item["seq"],
                                                          "message": "a text does not match its digest"}])
            out[wanted] = (salt, found["text"])
    return out


def plain_texts(items: list[dict]) -> bool:
    """Whether the export holds a free text inside its chain (made before texts left the log): the import moves it
    out, as migration 0015 does, and the chain is re-sealed."""
    return any(carries(i["type"], i["data"]) and not all(map(is_ref, _values(i))) for i in items)


def _values(item: dict) -> list:
    data = item["data"]
    body = data.get("entry") if item["type"] == "replace" and isinstance(data.get("entry"), dict) else data
    return [body.get("reason")] if "reason" in body else []


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
            raise Malformed(N_("line 1: `names` item %(seat)s is the name of seat %(seat)s, `person` %(person)s"),
                            seat=seat, person=repr(person))
        number = item.get("forgotten")
        if "name" not in item and not (isinstance(number, int) and not isinstance(number, bool) and number >= 1):
            raise Malformed(N_("line 1: `names` item %(seat)s has a `name`, or the `forgotten` number of its player"),
                            seat=seat)
        out.append(SeatName(seat, person, item.get("name") if "name" in item else None,
                            None if "name" in item else number))
    return out


def _check_create(first: dict, new_table: Callable[[dict], CreateTable]) -> int:
    """Entry 1 as a new table's would be: a `create`, known fields only, names of 1 to 40 letters."""
    data = first["data"]
    if first["type"] != "create" or first["seat"] is not None:
        raise Malformed("line 1: a log starts with its `create` entry, naming the game and the players")
    fields = APART_FIELDS if is_apart(data) else CREATE_FIELDS
    unknown = sorted(set(data) - fields)
    if unknown:
        raise Malformed(N_("line 1: a create has only %(fields)s, not %(unknown)s"), fields=sorted(fields), unknown=unknown)
    if is_apart(data):
        data = named_create(data, seat_names(first))
    elif first.get("names") is not None:
        raise Malformed("line 1: `names` go with a create that names its seats by ids (`seats`)")
    try:
        loaded = new_table(data)
    except Malformed as bad:
        raise Malformed(N_("line %(line)s: %(cause)s"), line=1, cause=bad.cause()) from None
    options = games.get(loaded.game).rules.normalise_options(loaded.options)
    if options != data.get("options"):
        raise Malformed("line 1: `options` are not written as this server writes them "
                        f"({options!r}, not {data.get('options')!r})")
    return len(loaded.players)
