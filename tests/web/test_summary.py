"""After the game: the summary to share, and "play again with the same players" (issue 8 §5)."""

from __future__ import annotations

import re

from tests.web.conftest import joined
from tests.web.test_history_changes import text

HEAVY = "KH KS KD KC QH QS QD QC JH JS JD"  # 110 points: past a ceiling of 100 in one round


def finished_rami(host, **options):
    host.start(game="rami", players=("Eve", "Fox", "Gus"), ceiling="100", clock="off", tracking="results",
               **options)
    host.enter(type="deal", dealer="0")
    page = host.enter(type="round", winner="0", hand1=HEAVY, hand2="3C 4D")
    return page


def test_the_finished_table_leads_to_its_summary(host):
    page = finished_rami(host)
    assert "The game&#39;s summary" in page and f"/t/{host.table}/summary" in page
    summary = text(host.page(f"/t/{host.table}/summary"))
    assert "Eve wins the game" in summary
    assert re.search(r"Place Player Score 1 Eve winner 0 2 Gus 7 3 Fox 110", summary), summary
    page = host.page(f"/t/{host.table}/summary")
    assert "<polyline" in page and 'class="deals"' in page  # the chart and the deals


def test_the_table_page_marks_the_winner_with_a_star_every_phone_can_draw(host, phone):
    """A trophy emoji showed as an empty box in Chromium's font: a star, and the word for a screen reader."""
    page = finished_rami(host)
    row = re.search(r'<th scope="row">Eve(.*?)</th>', page).group(1)
    assert '<span class="won" aria-hidden="true">★</span><span class="sr">winner</span>' in row
    assert "🏆" not in page and "★" not in re.search(r'<th scope="row">Gus(.*?)</th>', page).group(1)
    french = phone("fr")
    french.client = host.client
    assert '<span class="sr">a gagné</span>' in french.page(f"/t/{host.table}")


def test_the_summary_is_shared_as_a_reachable_link_anyone_can_read(host, phone, app):
    app.config["LAN_ADDRESS"] = "192.168.1.23"
    finished_rami(host)
    page = host.page(f"/t/{host.table}/summary")
    link = f"http://192.168.1.23/t/{host.table}/summary"
    assert f'data-share-url="{link}"' in page and "Copy link" in page and "share.js" in page
    stranger = phone().page(f"/t/{host.table}/summary")
    assert "Eve wins the game" in stranger and "Play again" not in stranger


def test_play_again_opens_a_table_for_the_same_players_with_the_next_dealer(host, client):
    finished_rami(host, opening="71")
    old = client.get(f"/api/v1/tables/{host.table}").json
    share = host.post(f"/t/{host.table}/again", {})
    new_id = share.headers["Location"].split("/")[2]
    assert new_id != host.table and share.headers["Location"].endswith("/share")
    new = client.get(f"/api/v1/tables/{new_id}").json
    assert [p["name"] for p in new["players"]] == ["Eve", "Fox", "Gus"]
    assert new["options"] == old["options"] and new["options"]["opening"] == 71
    assert new["tracking"] == "results" and new["version"] == 1 and new["status"] == "playing"
    assert "Play: this phone enters for everyone" in host.follow(share).get_data(as_text=True)  # the new host
    play = host.page(f"/t/{new_id}")
    assert "Fox deals." in play  # Eve dealt first last time (scorekeeping: the round implies its deal, §13)


def test_a_seat_may_play_again_but_a_spectator_may_not(host, phone):
    host.start(game="rami", players=("Eve", "Fox"), ceiling="100", clock="off", tracking="results")
    fox = joined(host, phone(), 1)
    host.enter(type="deal", dealer="0")
    host.enter(type="round", winner="0", hand1=HEAVY)
    phone().post(f"/t/{host.table}/again", {}, status=403)
    new_table = fox.post(f"/t/{host.table}/again", {}).headers["Location"]
    assert "This phone is Fox&#39;s seat." in fox.page(new_table)  # a seat lands at its seat, not on the share page


def test_play_again_waits_for_the_end_of_the_game(host):
    host.start()
    assert "Standings so far" in host.page(f"/t/{host.table}/summary")
    host.post(f"/t/{host.table}/again", {}, status=409)


def test_a_continental_summary_signs_the_balances(host):
    from tests.web.test_history import deal_to_exit

    deal_to_exit(host)
    summary = text(host.page(f"/t/{host.table}/summary"))
    assert "1 Ben +54" in summary and "−18" in summary and "Standings so far" in summary


def test_the_french_summary_is_in_french(host, phone):
    finished_rami(host)
    page = text(phone("fr").page(f"/t/{host.table}/summary"))
    assert "Eve remporte la partie" in page and "Classement" in page and "Copier le lien" in page


def test_playing_again_keeps_the_next_game_in_the_group(host, client):
    host.start(game="rami", players=("Eve", "Fox", "Gus"), ceiling="100", clock="off", tracking="results",
               group="new", group_name="Sunday table")
    host.enter(type="deal", dealer="0")
    host.enter(type="round", winner="0", hand1=HEAVY, hand2="3C 4D")
    first = host.table
    new_id = host.post(f"/t/{first}/again", {}).headers["Location"].split("/")[2]
    groups = [link for link in re.findall(r'href="/g/([^"/]+)"', host.page("/"))]
    assert groups, "the phone that started the group lists it"
    page = host.page(f"/g/{groups[0]}")
    assert f"/t/{new_id}" in page and f"/t/{first}" in page  # both games are the group's
