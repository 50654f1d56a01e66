"""Running the evening over the API (API.md, "Running the evening"): byes when the players do not divide into
tables, a late arrival, a player who leaves, two players swapping seats, the director's message."""

from __future__ import annotations

import pytest

from api import create_app
from api.application import context
from events.db import dispose
from tests.live.sse import TestStream
from tests.tournaments.evening import TWELVE, Evening, names, play_out

SEVEN = TWELVE[:7]


@pytest.fixture
def app(database_url):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "LIVE_HEARTBEAT": 0.3, "LIVE_LIFETIME": 30})
    yield app
    dispose(app)


def director(evening) -> dict:
    return {"Authorization": f"Bearer {evening.director}"}


def seated(round_: dict) -> list[str]:
    return sorted(s["name"] for t in round_["tables"] for s in t["seats"])


def test_thirteen_players_at_continental_are_seated_at_tables_of_four_and_five(client, tables):
    evening = Evening(client, tables, players=[*TWELVE, "Max"])  # refused with 422 before: 4 + 3 + 3 + 3
    first = evening.start()
    assert sorted(len(t["seats"]) for t in first["tables"]) == [4, 4, 5]
    assert evening.read()["byes"] == [[]]


def test_seven_at_continental_play_at_one_table_of_five_and_the_byes_go_round(client, tables):
    evening = Evening(client, tables, players=SEVEN, rounds=4)  # refused with 422 before
    had: dict[str, int] = {}
    for n in range(4):
        started = evening.start()
        assert [len(t["seats"]) for t in started["tables"]] == [5]
        byes = evening.read()["byes"]
        assert len(byes) == n + 1 and len(byes[n]) == 2
        assert sorted(byes[n] + seated(started)) == sorted(SEVEN)
        assert started["byes"] == byes[n]
        for name in byes[n]:
            had[name] = had.get(name, 0) + 1
        assert max(had.values()) == 1 or len(had) == 7  # nobody twice before everyone once
        table = evening.rounds[n][0]
        play_out(table, [0, 1, 2, 3, 4])
    assert sorted(had.values()) == [1, 1, 1, 1, 1, 1, 2]
    standings = {s["player"]: s for s in evening.read()["standings"]}
    assert sum(s["byes"] for s in standings.values()) == 8
    assert all(s["tables"] + s["byes"] == 4 for s in standings.values())


def test_a_bye_counts_as_her_average_table(client, tables):
    evening = Evening(client, tables, players=TWELVE[:6], rounds=2, table_size=5)
    evening.start()
    table = evening.rounds[0][0]
    balances = play_out(table, [0, 0, 0, 0, 0])
    out = evening.read()["byes"][0][0]
    evening.start()
    second = evening.rounds[1][0]
    assert out in names(second)
    play_out(second, [1, 1, 1, 1, 1])
    view = evening.read()
    standing = {s["player"]: s for s in view["standings"]}
    won_first = names(table)[0]
    if won_first in view["byes"][1]:  # her second round was a bye: it counts her first table again
        assert standing[won_first]["score"] == 2 * balances[0]
        assert (standing[won_first]["tables"], standing[won_first]["byes"]) == (1, 1)


def test_a_late_arrival_is_seated_from_the_next_round(client, tables):
    evening = Evening(client, tables, players=TWELVE, rounds=3)
    url = f"/api/v1/tournaments/{evening.id}/players"
    evening.start()
    answer = client.post(url, json={"name": "Zoé"}, headers=director(evening))
    assert answer.status_code == 201 and answer.json == {"name": "Zoé", "round": 2}
    assert client.post(url, json={"name": "zoé"}, headers=director(evening)).status_code == 409  # already in
    assert client.post(url, json={"name": "Ana"}, headers=director(evening)).status_code == 409
    view = evening.read()
    assert "Zoé" in [s["player"] for s in view["standings"]]
    assert "Zoé" not in {n for t in view["tables"] for n in t["players"]}
    for table in evening.rounds[0]:
        play_out(table, [0, 1, 2, 3])
    second = evening.start()
    assert "Zoé" in seated(second) and len(seated(second)) == 13
    assert sorted(len(t["seats"]) for t in second["tables"]) == [4, 4, 5]
    assert evening.read()["byes"] == [[], []]  # round 1, before she came, is no bye of hers


def test_the_late_arrival_answers_4xx(client, tables):
    evening = Evening(client, tables, players=TWELVE, rounds=1)
    url = f"/api/v1/tournaments/{evening.id}/players"
    assert client.post(url, json={"name": "Zoé"}).status_code == 401
    assert client.post(url, json={"name": "Zoé"}, headers={"Authorization": "Bearer nope"}).status_code == 403
    assert client.post("/api/v1/tournaments/none/players", json={"name": "Zoé"},
                       headers=director(evening)).status_code == 404
    for body in ({}, {"name": ""}, {"name": 3}, {"name": "Zoé", "x": 1}, {"name": "Zo\u202eé"}, {"name": "Zo\x07é"}):
        bad = client.post(url, json=body, headers=director(evening))
        assert bad.status_code == 400, body
    assert client.post(url, json={"name": "\u202e"}, headers={"Authorization": "Bearer nope"}).status_code == 403
    evening.start()  # the only round: none is left to seat her
    late = client.post(url, json={"name": "Zoé"}, headers=director(evening))
    assert late.status_code == 409 and "Zoé" in late.json["detail"]


def test_a_player_who_leaves_is_seated_in_no_later_round_and_keeps_her_results(client, tables):
    evening = Evening(client, tables, players=TWELVE, rounds=3)
    evening.start()
    first = evening.rounds[0][0]
    leaving = names(first)[0]
    balances = play_out(first, [0, 0, 0, 0])
    for table in evening.rounds[0][1:]:
        play_out(table, [0, 1, 2, 3])
    url = f"/api/v1/tournaments/{evening.id}/players/{leaving}"
    assert client.delete(url).status_code == 401
    assert client.delete(url, headers={"Authorization": "Bearer nope"}).status_code == 403
    assert client.delete(f"/api/v1/tournaments/{evening.id}/players/Nobody", headers=director(evening)).status_code == 404
    assert client.delete(url, headers=director(evening)).status_code == 204
    gone = client.delete(url, headers=director(evening))
    assert gone.status_code == 409 and leaving in gone.json["detail"]
    view = evening.read()
    assert view["left"] == [leaving]
    second = evening.start()
    assert leaving not in seated(second) and len(seated(second)) == 10
    assert sorted(len(t["seats"]) for t in second["tables"]) == [5, 5]
    standing = next(s for s in evening.read()["standings"] if s["player"] == leaving)
    assert (standing["score"], standing["tables"], standing["byes"]) == (balances[0], 1, 0)
    byes = evening.read()["byes"][1]  # 11 at continental: two tables of five and one bye, not hers
    assert len(byes) == 1 and leaving not in byes
    back = client.post(f"/api/v1/tournaments/{evening.id}/players", json={"name": leaving}, headers=director(evening))
    assert back.status_code == 201 and back.json["round"] == 3


def test_two_players_swap_seats_before_their_tables_start(client, tables):
    evening = Evening(client, tables, players=TWELVE, rounds=2)
    evening.start()
    one, other = evening.rounds[0][0], evening.rounds[0][1]
    ana, ben = names(one)[1], names(other)[2]
    url = f"/api/v1/tournaments/{evening.id}/rounds/1/swap"
    answer = client.post(url, json={"players": [ana, ben]}, headers=director(evening))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.json["round"] == 1 and len(answer.json["tables"]) == 2
    state_one = [p["name"] for p in one.state()["players"]]
    state_other = [p["name"] for p in other.state()["players"]]
    assert state_one[1] == ben and state_other[2] == ana
    view = evening.read()
    assert ben in view["tables"][0]["players"] and ana in view["tables"][1]["players"]
    # The seat keeps its token: Ben writes at table 1 with seat 1's token; then table 1 has started.
    one.enter("deal", dealer=0)
    refused = client.post(url, json={"players": [ana, ben]}, headers=director(evening))
    assert refused.status_code == 409 and "table 1" in refused.json["detail"]
    assert [p["name"] for p in one.state()["players"]] == state_one


def test_the_swap_answers_4xx(client, tables):
    evening = Evening(client, tables, players=SEVEN, rounds=2)
    url = f"/api/v1/tournaments/{evening.id}/rounds/1/swap"
    assert client.post(url, json={"players": ["Ana", "Ben"]}).status_code == 401
    assert client.post(url, json={"players": ["Ana", "Ben"]},
                       headers={"Authorization": "Bearer nope"}).status_code == 403
    assert client.post("/api/v1/tournaments/none/rounds/1/swap", json={"players": ["Ana", "Ben"]},
                       headers=director(evening)).status_code == 404
    for body in ({}, {"players": ["Ana"]}, {"players": ["Ana", "Ana"]}, {"players": ["Ana", 3]}, []):
        assert client.post(url, json=body, headers=director(evening)).status_code == 400, body
    assert client.post(url, json={"players": ["Ana", "Ben"]}, headers=director(evening)).status_code == 409  # no round
    evening.start()
    out = evening.read()["byes"][0][0]
    here = names(evening.rounds[0][0])[0]
    refused = client.post(url, json={"players": [here, out]}, headers=director(evening))
    assert refused.status_code == 422 and out in refused.json["detail"]
    later = client.post(f"/api/v1/tournaments/{evening.id}/rounds/2/swap", json={"players": ["Ana", "Ben"]},
                        headers=director(evening))
    assert later.status_code == 409


def test_a_message_reaches_the_tournament_and_its_stream(client, tables):
    evening = Evening(client, tables, players=TWELVE, rounds=2)
    url = f"/api/v1/tournaments/{evening.id}/messages"
    answer = client.post(url, json={"text": "Round 2 in  five minutes"}, headers=director(evening))
    assert answer.status_code == 201 and answer.json["text"] == "Round 2 in five minutes"
    assert evening.read()["message"]["text"] == "Round 2 in five minutes"
    stream = TestStream(client.get(f"/api/v1/tournaments/{evening.id}/events", buffered=False))
    events, _ = stream.until(lambda ev, _c: len(ev) >= 1)
    assert events[0]["data"]["message"]["text"] == "Round 2 in five minutes"
    client.post(url, json={"text": "Fin à 23 h"}, headers=director(evening))
    events, _ = stream.until(lambda ev, _c: any((e["data"]["message"] or {}).get("text") == "Fin à 23 h" for e in ev))
    assert events[-1]["data"]["message"]["text"] == "Fin à 23 h"


def test_the_message_answers_4xx(client, tables):
    evening = Evening(client, tables, players=TWELVE, rounds=2)
    url = f"/api/v1/tournaments/{evening.id}/messages"
    assert client.post(url, json={"text": "hi"}).status_code == 401
    assert client.post(url, json={"text": "hi"}, headers={"Authorization": "Bearer nope"}).status_code == 403
    assert client.post("/api/v1/tournaments/none/messages", json={"text": "hi"},
                       headers=director(evening)).status_code == 404
    for body in ({}, {"text": " "}, {"text": 3}, {"text": "x" * 281}, {"text": "a\u202eb"}, {"text": "a\x1bb"}):
        bad = client.post(url, json=body, headers=director(evening))
        assert bad.status_code == 400, body
    bidi = client.post(url, json={"text": "a\u2067b"}, headers=director(evening))
    assert "U+2067" in bidi.json["detail"]
    assert evening.read()["message"] is None


def test_a_late_arrival_a_withdrawal_and_a_swap_are_in_the_groups_audit(app, client, tables):
    evening = Evening(client, tables, players=TWELVE, rounds=2)
    evening.start()
    one, other = names(evening.rounds[0][0])[0], names(evening.rounds[0][1])[0]
    assert client.post(f"/api/v1/tournaments/{evening.id}/rounds/1/swap", json={"players": [one, other]},
                       headers=director(evening)).status_code == 200
    assert client.post(f"/api/v1/tournaments/{evening.id}/players", json={"name": "Zoé"},
                       headers=director(evening)).status_code == 201
    assert client.delete(f"/api/v1/tournaments/{evening.id}/players/Ana", headers=director(evening)).status_code == 204
    with app.app_context():
        actions = context.current().audit.actions(evening.group.id)
        members = {name: member for member, name in context.current().groups.members(evening.group.id).items()}
    assert [(a.action, a.by) for a in actions] == [("withdrawal", "director"), ("late_arrival", "director"),
                                                   ("swap", "director")]
    assert actions[0].target == {"tournament": evening.id, "member": members["Ana"]}
    assert actions[1].target == {"tournament": evening.id, "member": members["Zoé"]}
    assert actions[2].target == {"tournament": evening.id, "round": 1, "members": [members[one], members[other]]}
    assert not any(name in repr(a.target) for a in actions for name in TWELVE)
