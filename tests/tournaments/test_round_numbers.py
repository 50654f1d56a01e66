"""Closing a round is safe (issue 29, item 6): a round carries its number, so a double tap, a retry or two
directors at once start one round, never two; closing and seating are one transaction; after the last round the
API closes its tables and finishes the evening."""

from __future__ import annotations

import threading

from tests.tournaments.evening import Evening

FOUR = ["Ana", "Ben", "Chloé", "Dan"]
EIGHT = [*FOUR, "Eve", "Fred", "Gus", "Hana"]


def post_round(client, evening, **body):
    return client.post(f"/api/v1/tournaments/{evening.id}/rounds", json=body,
                       headers={"Authorization": f"Bearer {evening.director}"})


def rounds_of(evening) -> list[int]:
    return sorted({t["round"] for t in evening.read()["tables"]})


def test_the_same_round_posted_twice_starts_one_round_and_answers_it_as_it_stands(client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=3)
    first = post_round(client, evening, round=1)
    assert first.status_code == 201
    again = post_round(client, evening, round=1)  # a double tap, a retry
    assert again.status_code == 200
    assert again.json["round"] == 1 and again.json["tables"] == first.json["tables"]  # seats, tokens and codes
    assert rounds_of(evening) == [1] and len(evening.read()["tables"]) == 2


def test_a_double_tap_on_close_and_seat_closes_once_and_seats_one_round(client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=3)
    evening.start(round=1)
    table = evening.rounds[0][0]
    table.enter("deal", dealer=0)
    assert post_round(client, evening, close=True, round=2).status_code == 201
    assert post_round(client, evening, close=True, round=2).status_code == 200
    assert rounds_of(evening) == [1, 2]
    assert [e["type"] for e in table.entries()].count("close") == 1
    assert [t["status"] for t in evening.read()["tables"] if t["round"] == 1] == ["closed", "closed"]


def test_a_round_past_the_next_is_409_and_changes_nothing(client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=3)
    evening.start(round=1)
    table = evening.rounds[0][0]
    table.enter("deal", dealer=0)
    refused = post_round(client, evening, close=True, round=3)
    assert refused.status_code == 409 and "next round is 2" in refused.json["detail"]
    assert rounds_of(evening) == [1] and table.entries()[-1]["type"] == "deal"  # nothing closed
    assert post_round(client, evening, round="2").status_code == 400


def test_two_directors_at_once_start_one_round(app, other_app, tables):
    """Two requests for round 2 at once, through two apps on one database (two workers, or two hosts on one
    PostgreSQL), each on its own thread: one seats the round (201), the other answers it as it stands (200)."""
    one, two = app.test_client(), other_app.test_client()
    evening = Evening(one, tables, players=EIGHT, rounds=3)
    evening.start(round=1)
    evening.rounds[0][0].enter("deal", dealer=0)
    start = threading.Barrier(2)
    answers = []

    def post(client):
        start.wait()
        answers.append(post_round(client, evening, close=True, round=2))

    threads = [threading.Thread(target=post, args=(c,)) for c in (one, two)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(a.status_code for a in answers) == [200, 201]
    assert answers[0].json["tables"] == answers[1].json["tables"]
    assert rounds_of(evening) == [1, 2] and len(evening.read()["tables"]) == 4
    closes = [e["type"] for t in evening.read()["tables"] if t["round"] == 1
              for e in one.get(f"/api/v1/tables/{t['id']}/entries").json["entries"]].count("close")
    assert closes == 2  # each round-1 table closed once


def test_closing_after_the_last_round_finishes_the_evening(client, tables):
    evening = Evening(client, tables, players=FOUR, rounds=1)
    evening.start(round=1)
    table = evening.rounds[0][0]
    table.enter("deal", dealer=0)
    assert evening.read()["status"] == "playing"
    assert post_round(client, evening, round=2).status_code == 409  # the evening has 1 round: close, or finish it
    done = post_round(client, evening, close=True, round=2)
    assert done.status_code == 200 and done.json == {"round": 2, "tables": [], "closed": [table.id]}
    seen = evening.read()
    assert (seen["status"], seen["round"], seen["tables"][0]["status"]) == ("finished", 1, "closed")
    assert post_round(client, evening, close=True, round=2).status_code == 200  # again: nothing more to close


def test_a_crash_between_closing_and_seating_leaves_neither(client, tables, monkeypatch):
    from events.repositories import tournaments as records

    evening = Evening(client, tables, players=EIGHT, rounds=3)
    evening.start(round=1)
    table = evening.rounds[0][0]
    table.enter("deal", dealer=0)

    def crash(*args, **kwargs):
        raise RuntimeError("the server fell over between closing and seating")

    monkeypatch.setattr(records.TournamentRepository, "_open", crash)
    client.application.config["PROPAGATE_EXCEPTIONS"] = False
    assert post_round(client, evening, close=True, round=2).status_code == 500
    monkeypatch.undo()
    assert table.entries()[-1]["type"] == "deal" and table.state()["status"] == "playing"  # not closed
    assert rounds_of(evening) == [1]
    assert post_round(client, evening, close=True, round=2).status_code == 201
