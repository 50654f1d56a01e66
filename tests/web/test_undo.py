"""Undo last: one tap on the table page, a confirmation in words, then a `void` (issue 8 §5)."""

from __future__ import annotations

import html
import re

from tests.web.conftest import joined

UNDO = re.compile(r'href="(/t/[^/]+/undo/(\d+))"[^>]*>↶ ([^<]+)</a>')


def offered(page: str) -> list[tuple[str, str, str]]:
    return [(link, seq, html.unescape(words)) for link, seq, words in UNDO.findall(page)]


def dealt_and_discarded(host, ben):
    host.enter(type="deal", dealer="0", upcard="7H")
    ben.enter(type="draw", seat="1", from_="stock")
    ben.enter(type="discard", seat="1", card="9C")


def test_a_seat_undoes_its_own_last_entry_after_a_confirmation_in_words(host, phone, client):
    host.start()
    ben = joined(host, phone(), 1)
    dealt_and_discarded(host, ben)
    (link, seq, words), = offered(ben.page())
    assert (seq, words) == ("4", "Undo: Ben discarded 9♣")
    confirm = ben.page(link)
    assert "Undo this entry?" in confirm and "What changes" in confirm
    assert "Ben&#39;s turn: discard a card." in confirm  # what the table will wait for after
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 4  # nothing written before confirming
    version = re.search(r'name="version" value="(\d+)"', confirm).group(1)
    page = ben.follow(ben.post(link, {"version": version, "key": "k1"})).get_data(as_text=True)
    table = client.get(f"/api/v1/tables/{host.table}").json
    assert table["version"] == 5 and table["deal"]["phase"] == "discard"
    entry = client.get(f"/api/v1/tables/{host.table}/entries?after=4").json["entries"][0]
    assert entry["type"] == "void" and entry["target"] == 4 and entry["seat"] is None
    assert "Undone: Ben discarded 9♣." in page
    assert offered(page)[0][1:] == ("3", "Undo: Ben took from the stock")  # the next tap goes one further back


def test_a_seat_is_offered_only_its_own_entries(host, phone):
    host.start()
    ana, ben = joined(host, phone(), 0), joined(host, phone(), 1)
    ana.enter(type="deal", dealer="0", upcard="7H")
    assert [w for _, _, w in offered(ana.page())] == ["Undo: Ana's deal"]
    ben.enter(type="draw", seat="1", from_="stock")
    assert [w for _, _, w in offered(ben.page())] == ["Undo: Ben took from the stock"]
    assert offered(ana.page()) == []  # Ben has played on her deal: that one is History's to correct
    watcher = phone()
    assert offered(watcher.page(f"/t/{host.table}")) == []
    ana.get(f"/t/{host.table}/undo/3")  # she may look, but the referee will not let her void Ben's draw
    ana.post(f"/t/{host.table}/undo/3", {"version": "3"}, status=403)


def test_the_host_undoes_the_last_entry_or_any_seats_last(host, phone, client):
    host.start()
    ben = joined(host, phone(), 1)
    dealt_and_discarded(host, ben)
    links = offered(host.page())
    assert [w for _, _, w in links] == ["Undo: Ben discarded 9♣", "Ana's deal"]
    host.post(links[0][0], {"version": "4"})
    assert client.get(f"/api/v1/tables/{host.table}").json["deal"]["phase"] == "discard"


def test_a_seat_is_not_offered_to_undo_its_exit_only_the_host_is(host, phone, client):
    """Issue 18 §3: the seat's phone showed "↶ Undo: Ben's exit", and the tap was refused (E-2)."""
    host.start()
    ben = joined(host, phone(), 1)
    host.enter(type="deal", dealer="0", upcard="7H")
    ben.enter(type="draw", seat="1", from_="discard")
    ben.enter(type="discard", seat="1", card="9C")
    ben.enter(type="exit", seat="1", runs="5H 6H 7H/3C 4C 5C/8D 9D 10D/JS QS KS/4S 5S 6S")
    assert offered(ben.page()) == []
    assert offered(host.page())[0][2] == "Undo: Ben's exit"
    link = f"/t/{host.table}/undo/5"  # typed by hand: told, never refused after a tap
    page = ben.page(link)
    assert "Only the host can undo an exit" in page and "/rules#E-2" in page and "Yes, undo it" not in page
    ben.post(link, {"version": "5"}, status=403)
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 5
    host.post(offered(host.page())[0][0], {"version": "5"})
    assert client.get(f"/api/v1/tables/{host.table}").json["players"][1]["score"] == 0


def test_an_entry_later_ones_depend_on_is_sent_to_history(host, phone, client):
    host.start()
    ben = joined(host, phone(), 1)
    dealt_and_discarded(host, ben)
    link = offered(ben.page())[0][0]
    host.enter(type="draw", seat="2", from_="discard")  # Chloé takes Ben's 9♣ while Ben's page is open
    assert offered(ben.page()) == []
    page = ben.get(link, status=422).get_data(as_text=True)
    assert "no longer replays" in page and "Correct it in History" in page and "Yes, undo it" not in page
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 5


def test_a_french_phone_reads_the_undo_in_french(host, phone):
    host.start()
    ben = joined(host, phone("fr"), 1)
    dealt_and_discarded(host, ben)
    (link, _, words), = offered(ben.page())
    assert words == "Annuler\u00a0: Ben a défaussé 9♣"
    assert "Annuler cette entrée\u00a0?" in ben.page(link)


def test_a_corrected_entry_is_offered_as_it_now_stands(host, phone):
    host.start()
    ben = joined(host, phone(), 1)
    dealt_and_discarded(host, ben)
    ben.post(f"/t/{host.table}/e/4/replace", {"version": "4", "card": "9S", "seat": "1", "action": "confirm"})
    assert [w for _, _, w in offered(ben.page())] == ["Undo: Ben discarded 9♠"]


def test_a_seat_is_offered_to_correct_only_the_entries_the_referee_lets_it_correct(host, phone):
    """Issue 18 §3's cousin: the entry page offered Ana "Void this entry" on Ben's discard, and the referee
    answered 403; her own deal, she may still correct."""
    host.start()
    ana, ben = joined(host, phone(), 0), joined(host, phone(), 1)
    dealt_and_discarded(host, ben)
    page = ana.page(f"/t/{host.table}/e/4")
    assert "/e/4/void" not in page and "/e/4/replace" not in page
    assert "/e/4/void" in ben.page(f"/t/{host.table}/e/4") and "/e/4/void" in host.page(f"/t/{host.table}/e/4")
    assert "/e/2/void" in ana.page(f"/t/{host.table}/e/2")


FIX = re.compile(r'href="(/t/[^/]+/e/(\d+)/replace)"[^>]*>✎ ([^<]+)</a>')


def test_the_table_page_offers_to_correct_each_of_the_three_newest_entries_in_one_tap(host, phone):
    """Issue 18 §7: a correction took History, Correct, the card, Show what changes, Confirm; the table page now
    links each of the three newest entries this phone may correct, and the form opens on its preview."""
    host.start()
    ben = joined(host, phone(), 1)
    dealt_and_discarded(host, ben)
    host.enter(type="draw", seat="2", from_="stock")  # entry 5
    assert [(seq, html.unescape(w)) for _, seq, w in FIX.findall(host.page())] == [
        ("5", "Chloé took from the stock"), ("4", "Ben discarded 9♣"), ("3", "Ben took from the stock")]
    assert [seq for _, seq, _ in FIX.findall(ben.page())] == ["4", "3"]  # his own, not Chloé's
    form = host.page(f"/t/{host.table}/e/3/replace")
    assert f'action="/t/{host.table}/e/3/replace#preview"' in form and "data-autopreview" in form
    assert 'type="radio" name="from" value="discard"' in form  # one tap, not a menu
    preview = host.post(f"/t/{host.table}/e/4/replace", {"version": host.version(), "card": "9S",
                                                         "action": "preview"}, status=200).get_data(as_text=True)
    assert preview.index('id="preview"') < preview.index("Before → after") < preview.index("Confirm the correction")
