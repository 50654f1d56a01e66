"""A club night over the API: three rounds of a 12-player evening, its standings a fold of the tables' logs."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from freezegun import freeze_time

from tests.tournaments.evening import TWELVE, Evening, names, play_out


def by_hand(totals: dict[str, int], highest_first: bool = True) -> list[tuple[str, int, int]]:
    """(player, score, rank), best first; equal scores share a rank."""
    order = sorted(totals.items(), key=lambda kv: -kv[1] if highest_first else kv[1])
    out: list[tuple[str, int, int]] = []
    for i, (name, score) in enumerate(order):
        out.append((name, score, out[-1][2] if out and out[-1][1] == score else i + 1))
    return out


def shown(evening) -> list[tuple[str, int, int]]:
    return [(s["player"], s["score"], s["rank"]) for s in evening.read()["standings"]]


def same_standings(seen, expected) -> bool:
    """The same scores and ranks; players of equal score in any order."""
    return sorted(seen) == sorted(expected) and [s[1:] for s in seen] == [e[1:] for e in expected]


@pytest.mark.parametrize("seating", ["random", "swiss"])
def test_a_twelve_player_evening_over_three_rounds_ranks_by_the_tables_scores(client, tables, seating):
    evening = Evening(client, tables, seating=seating)
    assert evening.created["page"].startswith(f"/n/{evening.id}/p/")
    assert evening.created["screen"] == f"/n/{evening.id}/screen"
    assert (evening.read()["status"], evening.read()["round"]) == ("seating", 0)
    totals = dict.fromkeys(TWELVE, 0)

    first = evening.start()
    assert first["round"] == 1 and [t["number"] for t in first["tables"]] == [1, 2, 3]
    assert sorted(n for t in evening.rounds[0] for n in names(t)) == sorted(TWELVE)
    assert all(len(s["code"]) == 8 and s["token"] for t in first["tables"] for s in t["seats"])
    create = evening.rounds[0][0].entries()[0]  # the names stay beside the log, as at any table (forgettable)
    assert "players" not in create and len(create["seats"]) == 4
    assert [p["name"] for p in evening.rounds[0][0].state()["players"]] == names(evening.rounds[0][0])
    assert evening.read()["status"] == "playing"
    refused = evening.start(expect=409)  # round 1 still plays, at its three tables
    assert refused["detail"].startswith("tables 1, 2, 3 of round 1 still play: finish them")
    for table in evening.rounds[0]:
        for name, balance in zip(names(table), play_out(table, [0, 1, 2, 0]), strict=True):
            totals[name] += balance
    # A correction (E-2) by the director, host of every table: table 1's last exit was seat 3's, not seat 0's.
    fixed = evening.rounds[0][0]
    last_exit = max(e["seq"] for e in fixed.entries() if e["type"] == "exit")
    before = [p["score"] for p in fixed.state()["players"]]
    fixed.enter("replace", target=last_exit, entry={"type": "exit", "seat": 3, "counts": {"twos": 0, "jokers": 0}})
    after = [p["score"] for p in fixed.state()["players"]]
    assert after != before
    for name, old, new in zip(names(fixed), before, after, strict=True):
        totals[name] += new - old
    # A ruling (E-5) by the director at table 2: whole points to two seats, with its reason.
    ruled = evening.rounds[0][1]
    ruled.enter("adjust", scores={"0": 5, "2": -3}, reason="slow play")
    totals[names(ruled)[0]] += 5
    totals[names(ruled)[2]] -= 3
    assert evening.read()["status"] == "seating"
    assert same_standings(shown(evening), by_hand(totals))

    evening.start()
    for table in evening.rounds[1][:2]:
        for name, balance in zip(names(table), play_out(table, [3, 3, 1, 2]), strict=True):
            totals[name] += balance
    left = evening.rounds[1][2]  # plays one deal, then is closed as it stands
    for name, balance in zip(names(left), play_out(left, [2]), strict=True):
        totals[name] += balance
    seen = evening.read()
    assert [t["status"] for t in seen["tables"][3:]] == ["finished", "finished", "playing"]
    assert all(s["tables"] == 1 for s in seen["standings"] if s["player"] in names(left))  # not counted yet
    evening.start(expect=409)
    evening.start(close=True)
    seen = evening.read()
    assert [t["status"] for t in seen["tables"][3:6]] == ["finished", "finished", "closed"]
    assert all(s["tables"] == 2 for s in seen["standings"])
    assert same_standings(shown(evening), by_hand(totals))

    for table in evening.rounds[2]:
        for name, balance in zip(names(table), play_out(table, [1, 0, 0, 2]), strict=True):
            totals[name] += balance
    answer = evening.start(expect=409)
    assert "(3 in all)" in answer["detail"]  # never "1 rounds"
    seen = evening.read()
    assert (seen["status"], seen["round"], seen["rounds"]) == ("finished", 3, 3)
    assert same_standings(shown(evening), by_hand(totals))
    assert [s["tables"] for s in seen["standings"]] == [3] * 12


def test_a_seats_token_acts_only_at_its_own_table_and_the_directors_at_every_one(client, tables):
    evening = Evening(client, tables)
    evening.start()
    one, two = evening.rounds[0][:2]
    one.enter("deal", dealer=0)
    refused = two.enter("deal", dealer=0, token=one.tokens[0], expect=401)  # not a token of this table
    assert "token of this table" in refused["detail"] and len(two.entries()) == 1
    two.enter("deal", dealer=0, token=evening.director)
    one.enter("exit", 1, counts={}, token=evening.director)
    one.enter("void", target=3, token=evening.director)  # the director corrects (E-2) at any table
    assert len(one.entries()) == 4 and one.state()["results"] == []


def test_the_round_and_director_checks_answer_4xx(client, tables):
    evening = Evening(client, tables)
    url = f"/api/v1/tournaments/{evening.id}/rounds"
    assert client.post(url, json={}).status_code == 401
    assert client.post(url, json={}, headers={"Authorization": "Bearer nope"}).status_code == 403
    assert client.post("/api/v1/tournaments/none/rounds", json={},
                       headers={"Authorization": f"Bearer {evening.director}"}).status_code == 404
    bad = client.post(url, json={"close": "yes"}, headers={"Authorization": f"Bearer {evening.director}"})
    assert bad.status_code == 400 and "close" in bad.json["detail"]
    assert client.get("/api/v1/tournaments/none").status_code == 404
    group = evening.group
    base = {"name": "x", "game": "continental", "players": TWELVE[:3], "rounds": 2, "table_size": 4}
    answer = client.post(f"/api/v1/groups/{group.id}/tournaments", json=base, headers=group.headers)
    assert answer.status_code == 422 and "3 players" in answer.json["detail"]  # fewer than one table of 4-5
    answer = client.post(f"/api/v1/groups/{group.id}/tournaments", json={**base, "rounds": 0}, headers=group.headers)
    assert answer.status_code == 400 and "rounds" in answer.json["detail"]
    answer = client.post(f"/api/v1/groups/{group.id}/tournaments", json={**base, "players": ["Ana", "ana", "Ben",
                                                                                                "Dan", "Eve"]},
                         headers=group.headers)
    assert answer.status_code == 400 and "Ana" in answer.json["detail"]
    assert client.post(f"/api/v1/groups/{group.id}/tournaments", json=base).status_code == 401


def test_thirteen_players_sit_at_tables_differing_by_one_seat_at_most(client, tables):
    players = [*TWELVE, "Max"]
    evening = Evening(client, tables, players=players, game="rami", table_size=4, rounds=1)
    first = evening.start()
    assert sorted(len(t["seats"]) for t in first["tables"]) == [3, 3, 3, 4]
    assert sorted(s["name"] for t in first["tables"] for s in t["seats"]) == sorted(players)


def pairs(table_names: list[str]) -> set[frozenset]:
    return {frozenset((a, b)) for i, a in enumerate(table_names) for b in table_names[i + 1:]}


@pytest.mark.parametrize("game, size, count, seating", [("rami", 3, 12, "random"), ("rami", 3, 12, "swiss"),
                                                         ("continental", 4, 16, "random"),
                                                         ("continental", 4, 16, "swiss")])
def test_no_pair_meets_twice_when_the_draw_allows_it(client, tables, game, size, count, seating):
    players = [f"P{i}" for i in range(count)]
    evening = Evening(client, tables, players=players, game=game, table_size=size, seating=seating)
    met: set[frozenset] = set()
    for round_ in range(3):
        seated = evening.start(close=True) if round_ else evening.start()
        for table in seated["tables"]:
            these = pairs([s["name"] for s in table["seats"]])
            assert not these & met, f"round {round_ + 1}: {these & met} meet again"
            met |= these


def test_rounds_are_limited_per_director_token(app, client, tables):
    app.config["RATELIMIT_ROUNDS"] = "2 per minute"
    with freeze_time(datetime.now(UTC)):  # still while it counts: crossing a minute, a count would weigh less
        first, second = Evening(client, tables), Evening(client, tables)
        first.start()
        first.start(expect=409)  # round 1 plays: refused, and counted
        limited = first.start(expect=429, close=True)
        assert limited["status"] == 429 and len(first.rounds) == 1
        second.start()  # another director's count is its own, from the same address


def test_a_round_refused_names_the_one_table_still_playing_in_the_singular(client, tables):
    """409 when one table of the round still plays: "table 2 … still plays: finish it", not "table(s)"."""
    evening = Evening(client, tables, players=TWELVE[:8], rounds=2)
    evening.start()
    play_out(evening.rounds[0][0], [0, 1, 2, 0])  # table 1 finishes, table 2 plays on
    refused = evening.start(expect=409)
    assert refused["detail"].startswith("table 2 of round 1 still plays: finish it, or send")
    assert refused["key"].startswith("table %(numbers)s") and refused["params"] == {"numbers": "2", "round": 1}
