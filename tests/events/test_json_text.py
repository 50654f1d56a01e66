"""The log's JSON writers and the texts each append writes piece by piece are the very texts the standard
library writes: a hash that changed by one byte would break every chain (E-4), a notice that changed would show
phones another entry than /entries does."""

import hashlib
import json
from datetime import UTC, datetime, timedelta, timezone

from hypothesis import given
from hypothesis import strategies as st

from events.chain import entry_body, entry_hash, iso
from events.json_text import canonical_text, compact
from events.records import StoredEntry, entry_text, written_text

TEXT = st.text(st.characters(exclude_categories=("Cs",)))  # a lone surrogate is refused before any write
KEY = st.one_of(TEXT, st.sampled_from(["seq", "type", "at", "seat", "hash", "cards", "from"]))
VALUE = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEY, inner, max_size=4),
    max_leaves=12,
)
DATA = st.dictionaries(KEY, VALUE, max_size=6)
SEAT = st.none() | st.integers(min_value=0, max_value=2**31 - 1)
SEQ = st.integers(min_value=1, max_value=2**31 - 1)
HASH = st.none() | st.text(alphabet="0123456789abcdef", min_size=64, max_size=64) | TEXT
AT = st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30),
                  timezones=st.sampled_from([UTC, timezone(timedelta(hours=2)), timezone(timedelta(hours=-5))]))


def _standard(value, sort_keys=False) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=sort_keys)


@given(VALUE)
def test_the_writers_write_what_the_standard_library_writes(value):
    assert compact(value) == _standard(value)
    assert canonical_text(value) == _standard(value, sort_keys=True)


@given(SEQ, TEXT, SEAT, AT, DATA, HASH)
def test_an_entry_hash_covers_the_canonical_json_of_its_whole_body(seq, type_, seat, at, data, prev):
    body = {"seq": seq, "type": type_, "seat": seat, "at": iso(at), "data": data, "prev": prev}
    assert entry_body(seq, type_, seat, at, data, prev) == _standard(body, sort_keys=True)
    assert entry_hash(seq, type_, seat, at, data, prev) == \
        hashlib.sha256(_standard(body, sort_keys=True).encode()).hexdigest()


@given(SEQ, TEXT, SEAT, AT, DATA, HASH)
def test_an_entry_written_from_its_row_shows_as_entries_shows_it(seq, type_, seat, at, data, hash_):
    entry = StoredEntry(seq, type_, seat, at, data, hash_ or "0" * 64)
    assert written_text(entry, compact(data)) == entry_text(entry.to_json()) == _standard(entry.to_json())


def test_a_seat_that_is_not_a_number_is_written_as_the_standard_library_would():
    """Not an entry the referee writes, but the text is never a different one."""
    at = datetime(2026, 12, 6, 7, 0, tzinfo=UTC)
    for seat in (True, 1.0):
        body = {"seq": 1, "type": "note", "seat": seat, "at": iso(at), "data": {}, "prev": None}
        assert entry_body(1, "note", seat, at, {}, None) == _standard(body, sort_keys=True)
        entry = StoredEntry(1, "note", seat, at, {}, "h")
        assert written_text(entry, "{}") == _standard(entry.to_json())


@given(AT | st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30)))
def test_a_time_is_written_in_utc_with_microseconds_as_strftime_writes_it(at):
    utc = at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)
    assert iso(at) == utc.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
