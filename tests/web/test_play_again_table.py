"""Play again for the whole table (issue 18 item 4): one next table whoever taps, in the same group, with the
same host, and every phone of the table offered its seat there (after a reload too)."""

from __future__ import annotations

import re
import threading

from api.application import successor
from api.application.commands import CreateTable
from tests.web.conftest import joined
from tests.web.test_summary import HEAVY


def finished(host, phone, **fields):
    """Eve, Fox and Gus (results), the host's phone and one phone per seat; Eve wins at once."""
    host.start(game="rami", players=("Eve", "Fox", "Gus"), ceiling="100", clock="off", tracking="results", **fields)
    seats = [joined(host, phone(), seat) for seat in range(3)]
    host.enter(type="deal", dealer="0")
    host.enter(type="round", winner="0", hand1=HEAVY, hand2="3C 4D")
    return seats


def new_id(response) -> str:
    return response.headers["Location"].split("/")[2]


def test_a_seat_plays_again_and_every_phone_finds_its_seat_at_the_one_next_table(host, phone, client):
    eve, fox, gus = finished(host, phone, group="new", group_name="Sunday table")
    old = host.table
    assert "Play again with the same players" in fox.page(f"/t/{old}")  # offered on the table page itself
    first = fox.post(f"/t/{old}/again", {})
    nxt = new_id(first)
    assert first.headers["Location"] == f"/t/{nxt}" and "This phone is Fox&#39;s seat." in fox.page(f"/t/{nxt}")
    again = gus.post(f"/t/{old}/again", {})  # a second tap, from another phone: the same table
    assert new_id(again) == nxt and "This phone is Gus&#39;s seat." in gus.page(f"/t/{nxt}")
    assert new_id(host.post(f"/t/{old}/again", {})) == nxt
    # The other phones, still on the finished table, are offered their seat there (a reload, or next.js).
    assert client.get(f"/t/{old}/next.json").json == {"next": f"/t/{old}/next"}
    page = eve.page(f"/t/{old}")
    assert "Go to my seat at the next game: Eve" in page and "Play again with the same players" not in page
    assert eve.get(f"/t/{old}/next", status=303).headers["Location"] == f"/t/{nxt}"
    assert "This phone is Eve&#39;s seat." in eve.page(f"/t/{nxt}")
    # The host's phone stays the host (not Fox, who tapped first) and the next table is in the group.
    hosting = host.page(f"/t/{old}/summary")
    assert "Go to the next game (this phone stays the host)" in hosting
    assert host.get(f"/t/{old}/next", status=303).headers["Location"] == f"/t/{nxt}/share"
    assert "Play: this phone enters for everyone" in host.page(f"/t/{nxt}/share")
    assert "This phone is the host" in host.page(f"/t/{nxt}")
    assert "This phone is the host" not in fox.page(f"/t/{nxt}")
    group = re.search(r'href="/g/([^"/]+)"', host.page("/")).group(1)
    listed = host.page(f"/g/{group}")
    assert f"/t/{nxt}" in listed and f"/t/{old}" in listed
    table = client.get(f"/api/v1/tables/{nxt}").json
    assert [p["name"] for p in table["players"]] == ["Eve", "Fox", "Gus"] and table["version"] == 1
    # Each phone enters for its own seat at the next table.
    fox.table = nxt
    fox.enter(type="deal", dealer="1", status=303)
    assert client.get(f"/api/v1/tables/{nxt}").json["version"] == 2


def test_a_spectator_is_offered_to_watch_the_next_game_and_cannot_start_it(host, phone):
    eve, _fox, _gus = finished(host, phone)
    stranger = phone()
    assert "When a player starts the next game" in stranger.page(f"/t/{host.table}/summary")
    stranger.post(f"/t/{host.table}/again", {}, status=403)
    nxt = new_id(eve.post(f"/t/{host.table}/again", {}))
    assert "Watch the next game" in stranger.page(f"/t/{host.table}")
    assert stranger.get(f"/t/{host.table}/next", status=303).headers["Location"] == f"/t/{nxt}"
    assert "Watching: this phone cannot enter anything." in stranger.page(f"/t/{nxt}")


def test_two_phones_playing_again_at_once_open_one_table(app, host, phone):
    finished(host, phone)
    body = CreateTable("rami", ("Eve", "Fox", "Gus"), {"ceiling": 100, "turn_seconds": None}, "results")
    start, answers = threading.Barrier(4), []

    def tap():
        with app.app_context():
            start.wait()
            answers.append(successor.open_next(host.table, body))

    threads = [threading.Thread(target=tap) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({table for table, _opened in answers}) == 1 and sum(opened for _table, opened in answers) == 1
    with app.app_context():
        assert successor.existing(host.table) == answers[0][0]
