"""The hash chain (E-4): each entry's hash covers its content and the previous hash."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from events.json_text import canonical_text, write_string

RESERVED = ("seq", "type", "at", "seat", "hash", "seal")  # top-level keys of an exported line; data may not use them
NAMES = "names"  # line 1 of an export: the seats' names, beside the chain (events/names.py), never hashed
TEXTS = "texts"  # a line of an export: the free texts its entry holds by digest (events/free_texts.py), never hashed
MAX_SEAT = 2**31 - 1  # the database's integer
MAX_DEPTH = 32  # arrays and objects inside one another: an entry needs about 6
SURROGATE = re.compile("[\ud800-\udfff]")
ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


class NotText(ValueError):
    """JSON whose strings hold a lone UTF-16 surrogate (`"\\ud800"` with no partner): no text encoding can write
    it, so no database could store it. Refused as unreadable JSON (a 400), never a failed write."""


class ChainError(ValueError):
    """An export that does not verify: `line` is the 1-based line of the first fault.

    `key` and `params` are the message as a key (the English template) and its parameters, for the edge
    to say in the reader's language; `message` is the key filled.
    """

    def __init__(self, line: int, key: str, status: int = 422, **params):
        message = key % params if params else key
        super().__init__(f"line {line}: {message}")
        self.line, self.message, self.status, self.key, self.params = line, message, status, key, params


@lru_cache(maxsize=256)
def iso(at: datetime) -> str:
    """Write a time as UTC ISO 8601 with microseconds, the one spelling the hash sees.

    An append writes its entry's time twice (its hash, its notice): kept for the next call, as equal times (the
    same instant) have the same text."""
    if at.tzinfo is not UTC:
        at = at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)
    if at.year < 1000:
        return at.strftime("%Y-%m-%dT%H:%M:%S.%fZ")  # a year of fewer than 4 digits, as strftime writes it
    text = at.isoformat()[:-6]  # strftime's text, written several times faster: "+00:00" gives way to "Z"
    return text + "Z" if at.microsecond else text + ".000000Z"


def canonical(value: Any) -> bytes:
    """Serialise JSON canonically: sorted keys, no spaces, UTF-8."""
    return canonical_text(value).encode()


def entry_hash(seq: int, type: str, seat: int | None, at: datetime, data: dict, prev: str | None) -> str:
    """Hash an entry: sha256 of canonical JSON of its seq, type, seat, time, data and previous hash."""
    return hashlib.sha256(entry_body(seq, type, seat, at, data, prev).encode()).hexdigest()


def plain(seq: object, type: object, seat: object) -> bool:
    """Whether an entry's number, type and seat have the types an entry has (an integer, a text, an integer or
    none): what the texts written piece by piece (`entry_body`, `records.written_text`) can write as JSON would;
    anything else is written by the JSON writers themselves."""
    return seq.__class__ is int and type.__class__ is str and (seat is None or seat.__class__ is int)


def entry_body(seq: int, type: str, seat: int | None, at: datetime, data: dict, prev: str | None) -> str:
    """The canonical JSON text an entry's hash covers: `{"at","data","prev","seat","seq","type"}`, keys sorted.

    Every append hashes one entry: its outer object is written here piece by piece, the same text as
    `canonical` of the whole (a property test holds them equal) at a third of the cost; anything but the types an
    entry has (an integer seat or none, a text previous hash or none) takes `canonical` itself."""
    if not plain(seq, type, seat) or not (prev is None or prev.__class__ is str) or data.__class__ is not dict:
        body = {"seq": seq, "type": type, "seat": seat, "at": iso(at), "data": data, "prev": prev}
        return canonical_text(body)
    return (f'{{"at":"{iso(at)}","data":{canonical_text(data)},"prev":{"null" if prev is None else write_string(prev)},'
            f'"seat":{"null" if seat is None else seat},"seq":{seq},"type":{write_string(type)}}}')


def export_lines(entries: Iterable, seal: Callable[[int, str], str] | None = None,
                 names: list | None = None) -> Iterable[str]:
    """Write stored entries as NDJSON, one entry a line with its hash; `seal(version, head)` signs the last;
    `names` (the seats' names, outside the chain) go on line 1; an entry's free texts on its own line (`TEXTS`)."""
    entries = list(entries)
    for number, entry in enumerate(entries, start=1):
        line = entry.chained_json()
        if names is not None and number == 1:
            line[NAMES] = names
        if seal is not None and number == len(entries):
            line["seal"] = seal(entry.seq, entry.hash)
        yield json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n"


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Say whether JSON arrays and objects nest deeper than `limit` (walked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            if depth > limit:
                return True
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return False


def lone_surrogate(value: Any) -> bool:
    """Say whether a string of parsed JSON (a key or a value) holds a lone surrogate (walked without recursion)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def loads(text: str | bytes) -> Any:
    """Parse JSON, refusing with ValueError what nests deeper than MAX_DEPTH (never a RecursionError), and with
    NotText a string that holds a lone surrogate."""
    if isinstance(text, bytes):
        text = text.decode(json.detect_encoding(text))  # as json.loads would; bad bytes are a ValueError too
    try:
        value = json.loads(text)
    except RecursionError:
        raise ValueError(f"arrays and objects nest deeper than {MAX_DEPTH} levels") from None
    if too_deep(value):
        raise ValueError(f"arrays and objects nest deeper than {MAX_DEPTH} levels")
    if ESCAPED_SURROGATE.search(text) and lone_surrogate(value):  # only an escape can write one: valid UTF-8 holds none
        raise NotText("a string holds a lone UTF-16 surrogate (such as \\ud800)")
    return value


def read_export(text: str) -> list[dict]:
    """Read and verify an NDJSON export; return `{"seq","type","seat","at","data","hash","seal","names","texts"}` per
    line (`names`: line 1's, outside the chain, or None; `texts`: the line's free texts by digest, or None)."""
    out: list[dict] = []
    prev = None
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise ChainError(1, "the export is empty", status=400)
    for number, line in enumerate(lines, start=1):
        item = _read_line(number, line)
        if item["seq"] != number:
            raise ChainError(number, "expected entry %(n)s, found entry %(seq)s (E-1: no gaps)", n=number,
                             seq=item["seq"])
        if item["seal"] is not None and number != len(lines):
            raise ChainError(number, "only the last line of an export carries a seal", status=400)
        expected = entry_hash(item["seq"], item["type"], item["seat"], item["at"], item["data"], prev)
        if item["hash"] != expected:
            raise ChainError(number, "entry %(n)s does not match its hash: the log was changed (E-4)", n=number)
        prev = item["hash"]
        out.append(item)
    return out


def _read_line(number: int, line: str) -> dict:
    """Parse one exported line into its parts; a line that is not one is a 400."""
    try:
        raw = loads(line)
    except NotText:
        raise ChainError(number, "not text: a string holds a lone UTF-16 surrogate (such as \\ud800)",
                         status=400) from None
    except ValueError as error:
        if "nest" in str(error):
            raise ChainError(number, "not a JSON object: arrays and objects nest deeper than %(depth)s levels",
                             status=400, depth=MAX_DEPTH) from None
        raise ChainError(number, "not a JSON object", status=400) from None
    if not isinstance(raw, dict):
        raise ChainError(number, "not a JSON object", status=400)
    seq, type_, at, seat, hash_, sealed = (raw.get(k) for k in RESERVED)
    if not isinstance(seq, int) or isinstance(seq, bool) or not isinstance(type_, str) or not isinstance(hash_, str):
        raise ChainError(number, "needs an integer `seq`, a text `type` and a text `hash`", status=400)
    if not 1 <= seq <= MAX_SEAT:
        raise ChainError(number, "`seq` is from 1 to %(most)s", status=400, most=MAX_SEAT)
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= MAX_SEAT):
        raise ChainError(number, "`seat` is a seat number or null", status=400)
    if sealed is not None and not isinstance(sealed, str):
        raise ChainError(number, "`seal` is a text", status=400)
    try:
        when = datetime.fromisoformat(at if isinstance(at, str) else "")  # not a text: the error below
        if when.tzinfo is not None:
            when = when.astimezone(UTC)  # a time near year 1 or 9999 may not have one in UTC
    except (TypeError, ValueError, OverflowError):
        raise ChainError(number, "`at` is not an ISO 8601 time that UTC can hold", status=400) from None
    if when.tzinfo is None:
        raise ChainError(number, "`at` needs its time zone", status=400)
    names = raw.pop(NAMES, None) if number == 1 else None
    texts = raw.pop(TEXTS, None)
    data = {k: v for k, v in raw.items() if k not in RESERVED}
    return {"seq": seq, "type": type_, "seat": seat, "at": when, "data": data, "hash": hash_, "seal": sealed,
            "names": names, "texts": texts}
