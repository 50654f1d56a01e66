"""History and disputes: the timeline, the chart, evidence, corrections with a preview, the past state."""

import re


def deal_to_exit(host):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    host.enter(type="draw", seat="1", from_="discard")
    host.enter(type="discard", seat="1", card="9C")
    host.enter(type="exit", seat="1", runs="5H 6H 7H/3C 4C 5C/8D 9D 10D/JS QS KS/4S 5S 6S")


def test_the_timeline_lists_every_entry_with_its_verdict_and_the_chart(host):
    deal_to_exit(host)
    page = host.page(f"/t/{host.table}/history")
    assert page.count('class="seq"') == 5
    assert 'class="badge ok"' in page
    assert "<polyline" in page and "Ben: +54" in page


def test_the_rami_chart_shows_the_totals_against_the_ceiling(host):
    host.start(game="rami", players=("Eve", "Fox"), ceiling="200", clock="off", tracking="results")
    assert "No round has ended yet." in host.page(f"/t/{host.table}/history")
    host.enter(type="deal", dealer="0")
    host.enter(type="round", winner="0", hand1="KH QH 5C")
    page = host.page(f"/t/{host.table}/history")
    assert "Totals against the ceiling" in page and "the ceiling, 200." in page
    assert "Fox: 25" in page and 'stroke="#b00020"' in page


def test_an_exit_shows_the_evidence_of_the_cards_seen(host):
    deal_to_exit(host)
    page = host.page(f"/t/{host.table}/e/5")
    assert "/rules#C-11" in page
    assert re.search(r"taken from the discard pile by\s+Ben", page)


def test_void_shows_what_changes_before_writing(host, client):
    deal_to_exit(host)
    page = host.page(f"/t/{host.table}/e/5/void")
    assert "What changes" in page and 'class="changed"' in page
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 5
    host.post(f"/t/{host.table}/e/5/void", {"version": "5", "action": "confirm"})
    table = client.get(f"/api/v1/tables/{host.table}").json
    assert table["version"] == 6 and table["players"][1]["score"] == 0


def test_a_void_that_breaks_the_log_names_the_entry_and_rule(host, client):
    deal_to_exit(host)
    response = host.get(f"/t/{host.table}/e/3/void", status=422)
    assert "no longer replays" in response.get_data(as_text=True)


def test_replace_previews_then_writes(host, client):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    host.enter(type="draw", seat="1", from_="stock")
    host.enter(type="discard", seat="1", card="9C")
    response = host.post(f"/t/{host.table}/e/4/replace", {"version": "4", "card": "9S", "seat": "1",
                                                          "action": "preview"}, status=200)
    assert "Confirm the correction" in response.get_data(as_text=True)
    host.post(f"/t/{host.table}/e/4/replace", {"version": "4", "card": "9S", "seat": "1", "action": "confirm"})
    assert client.get(f"/api/v1/tables/{host.table}").json["deal"]["discard_top"] == "9S"
    assert "replaced by 5" in host.page(f"/t/{host.table}/history")


def test_the_table_as_of_an_earlier_entry(host):
    deal_to_exit(host)
    page = host.page(f"/t/{host.table}?at=2")
    assert "as of entry 2" in page and "Ben&#39;s turn: take a card." in page
    assert 'data-live' not in page


def test_a_disputed_card_shows_where_it_was_seen(host):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    host.enter(type="draw", seat="1", from_="discard")
    host.enter(type="discard", seat="1", card="9C")
    host.enter(type="exit", seat="1", runs="5C 6C 7C/3C 4C 5C/8D 9D 10D/JS QS KS/4S 5S 6S", confirm="declared")
    page = host.page(f"/t/{host.table}/e/5")
    assert "Not a valid exit" in page and "/rules#C-11" in page
    assert re.search(r"turned up\s+\(<a[^>]*>entry 2</a>\);\s+taken from the discard pile by\s+Ben", page)
