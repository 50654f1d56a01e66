"""Whatever a client sends, the answer is never a 5xx (API.md: a 5xx is always a bug)."""

import json
from datetime import UTC, datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.chain import entry_hash, iso

TYPES = ["deal", "draw", "discard", "exit", "null_deal", "meld", "lay_off", "retrieve_joker", "hand", "round",
         "void", "replace", "create", "timeout", "nonsense"]
CARDS = st.sampled_from(["7H", "10s", "JK", "JK=7H", "2S=9S", "ZZ", "", "q♠"])
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**40) | CARDS | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["0", "1", "x"]), inner, max_size=3),
    max_leaves=8,
)
FIELDS = st.dictionaries(
    st.sampled_from(["dealer", "upcard", "from", "card", "cards", "runs", "melds", "meld", "timing", "target",
                     "entry", "hands", "winner", "seq", "odd"]),
    VALUES, max_size=4,
)
BODIES = st.fixed_dictionaries({"expected_version": st.integers(-1, 4) | st.none() | st.text(max_size=2)}) | \
    st.builds(lambda v, t, s, f: {"expected_version": v, "entry": {"type": t, "seat": s, **f}},
              st.integers(1, 4), st.sampled_from(TYPES), st.none() | st.integers(-1, 5) | CARDS, FIELDS)
SLOW = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SLOW
@given(game=st.sampled_from(["continental", "rami"]), tracking=st.sampled_from(["full", "results"]), body=BODIES)
def test_any_entry_is_answered_without_a_server_error(tables, game, tracking, body):
    players = ["A", "B", "C", "D"]
    table = tables.create(game, players, tracking=tracking, **({"options": {"turn_seconds": None}} if game == "rami"
                                                               else {}))
    table.enter("deal", dealer=0, **({"upcard": "7H"} if (game, tracking) == ("continental", "full") else {}))
    response = table.client.post(f"/api/v1/tables/{table.id}/entries", json=body,
                                 headers={"Authorization": f"Bearer {table.host}"})
    assert response.status_code < 500, response.get_data(as_text=True)


@SLOW
@given(body=st.dictionaries(st.sampled_from(["game", "players", "options", "tracking", "x"]), VALUES, max_size=4))
def test_any_creation_is_answered_without_a_server_error(client, body):
    assert client.post("/api/v1/tables", json=body).status_code < 500


@SLOW
@given(text=st.text(max_size=200) | st.lists(VALUES, max_size=3).map(lambda xs: "\n".join(map(str, xs))))
def test_any_import_is_answered_without_a_server_error(client, text):
    assert client.post("/api/v1/tables/import", data=text.encode(), content_type="application/x-ndjson").status_code < 500


CREATES = st.fixed_dictionaries({"game": st.sampled_from(["continental", "rami", "chess"]),
                                 "players": st.just(["A", "B", "C", "D"]) | VALUES,
                                 "options": st.just({}) | VALUES, "tracking": st.sampled_from(["full", "results", 1])})
ENTRIES = st.lists(st.tuples(st.sampled_from(TYPES), st.none() | st.integers(-1, 5), FIELDS), max_size=4)


@SLOW
@given(create=CREATES, entries=ENTRIES)
def test_any_log_with_a_sound_chain_is_answered_without_a_server_error(client, create, entries):
    at, prev, lines = datetime(2026, 1, 1, tzinfo=UTC), None, []
    for seq, (type_, seat, data) in enumerate([("create", None, create), *entries], start=1):
        data = {k: v for k, v in data.items() if k != "seq"}
        prev = entry_hash(seq, type_, seat, at, data, prev)
        lines.append(json.dumps({"seq": seq, "type": type_, "at": iso(at), "seat": seat, "hash": prev, **data}))
    response = client.post("/api/v1/tables/import", data="\n".join(lines).encode(), content_type="application/x-ndjson")
    assert response.status_code < 500, response.get_data(as_text=True)
