"""A Gin club night through the API, on SQLite (and PostgreSQL when TEST_DATABASE_URL is set: the `client`
fixture's database): five players at tables of two over two rounds, so one has a bye each round; results entered
by the seats' phones (the other seat confirms, E-6) or by the director; standings by each game's result (G-11: the
winner's total less the loser's, bonuses included; higher is better); a table closed as it stood; the CSV.
"""

from __future__ import annotations

import csv
import io

from tests.gin.gin_evening import FIVE, by_director, by_phones, gin_evening, result, totals
from tests.tournaments.evening import names


def test_a_gin_evening_seats_pairs_gives_byes_and_ranks_by_each_game_s_result(client, tables):
    evening = gin_evening(client, tables)
    first = evening.start()
    assert [len(t["seats"]) for t in first["tables"]] == [2, 2] and len(first["byes"]) == 1  # pairs, one bye
    rested = first["byes"][0]
    assert sorted([*first["byes"], *(n for t in evening.rounds[0] for n in names(t))]) == sorted(FIVE)
    assert all(t.state()["game"] == "gin" for t in evening.rounds[0])
    phones, director = evening.rounds[0]
    by_phones(phones, [(1, 2, 12), (0, 0, 60), (0, 0, 30)])  # seat 0: 85 + 55 + 100 + 2 × 25; seat 1: 10 + 25
    by_director(director, [(0, 0, 30), (0, 0, 30)])  # seat 0 wins 520 to 0, a shutout (G-11)
    assert list(totals(phones).values()) == [290, 35] and list(totals(director).values()) == [520, 0]
    assert result(phones) == dict(zip(names(phones), [255, -255], strict=True))
    seen = evening.read()
    assert [t["status"] for t in seen["tables"]] == ["finished", "finished"]
    assert all(t["waiting"] == 0 for t in seen["tables"])  # every hand confirmed (E-6)
    rows = {s["player"]: s for s in seen["standings"]}
    assert [s["player"] for s in seen["standings"]] == [names(director)[0], names(phones)[0], rested,
                                                         names(phones)[1], names(director)[1]]  # higher first
    assert [s["score"] for s in seen["standings"]] == [520, 255, 0, -255, -520]
    assert rows[rested]["byes"] == 1 and rows[rested]["tables"] == 0
    assert rows[names(director)[0]]["won"] == 1 and rows[names(director)[1]]["won"] == 0

    second = evening.start()
    assert [len(t["seats"]) for t in second["tables"]] == [2, 2] and len(second["byes"]) == 1
    assert second["byes"][0] != rested  # nobody has two byes before everyone has had one
    assert rested in {n for t in evening.rounds[1] for n in names(t)}
    met = [{frozenset(names(t)) for t in tables_} for tables_ in evening.rounds]
    assert not met[0] & met[1]  # no pair plays twice while another seating allows it
    played, cut = evening.rounds[1]
    by_phones(played, [(0, 0, 40), (0, 5, 25), (0, 0, 30)])  # (65 + 20 + 55 + 100 + 3 × 25) × 2: a shutout
    assert list(totals(played).values()) == [630, 0]
    cut.enter("deal", dealer=0, as_seat=0)
    cut.enter("knock", 1, deadwood=3, as_seat=0)
    cut.enter("show", 0, deadwood=20, as_seat=0)  # seat 1 scores 17, still waiting for seat 1's phone
    assert evening.start(expect=409, round=3, close=False)
    closed = evening.start(expect=200, round=3, close=True)
    assert closed["closed"] == [cut.id]
    assert list(totals(cut).values()) == [0, 17]  # as it stood: no bonus, the game did not end (G-11)

    expected: dict[str, int] = dict.fromkeys(FIVE, 0)
    played_tables: dict[str, int] = dict.fromkeys(FIVE, 0)
    for table in (phones, director, played, cut):
        for name, points in result(table).items():
            expected[name] += points
            played_tables[name] += 1
    for name in FIVE:  # a bye counts as her average table: one table played, two rounds
        if played_tables[name] == 1:
            expected[name] *= 2
    seen = evening.read()
    assert seen["status"] == "finished"
    assert {s["player"]: s["score"] for s in seen["standings"]} == expected
    scores = [s["score"] for s in seen["standings"]]
    assert scores == sorted(scores, reverse=True)  # higher is better
    waiting = {s["player"] for s in seen["standings"] if s["waiting"]}
    assert waiting == set(names(cut))  # the closed table's last hand was never confirmed

    text = client.get(f"/n/{evening.id}/results.csv").get_data(as_text=True)
    lines = list(csv.DictReader(io.StringIO(text)))
    assert text.splitlines()[0] == "round,table,seat,player,score,status,table_id,place,total"
    for table, round_ in ((phones, 1), (director, 1), (played, 2), (cut, 2)):
        mine = [r for r in lines if r["table_id"] == table.id]
        assert [(r["player"], int(r["score"]), int(r["total"]), int(r["round"])) for r in mine] == \
            [(n, result(table)[n], totals(table)[n], round_) for n in names(table)]
    assert {r["status"] for r in lines if r["table_id"] == cut.id} == {"closed"}
    place = {s["player"]: str(s["place"]) for s in seen["standings"]}
    assert all(r["place"] == place[r["player"]] for r in lines)
    for name in FIVE:  # her scores in the file add up to her standing, her bye counted as her average table
        summed = sum(int(r["score"]) for r in lines if r["player"] == name)
        assert summed * (2 if played_tables[name] == 1 else 1) == expected[name]
    excel = client.get(f"/n/{evening.id}/results.csv?excel=1", headers={"Accept-Language": "fr"})
    header = excel.get_data(as_text=True).lstrip("\ufeff").splitlines()[0]
    assert header.split(";")[-1] == "Total" and header.split(";")[4] == "Score"
