"""Rami entry screens at a real table (issue 8): meld numbers, stale lay-off links, the table between deals,
the timeout said as the table does it, the pile card that must be laid (R-5), an accepted hand."""

import html
import re
from datetime import UTC, datetime, timedelta

from freezegun import freeze_time

OPENING = "QH KH AH\n10S JS QS"
OUT = "QH KH AH\n10S JS QS\nJD QD KD AD\n9C 10C JC QC"  # 14 of Fox's 15 cards: the 15th is discarded


def rami(host, clock="off"):
    host.start(game="rami", players=("Eve", "Fox"), opening="51", ceiling="100", clock=clock)
    return host.enter(type="deal", dealer="0")  # Fox starts, with 15 cards


def test_melds_are_numbered_1_2_3_in_the_order_laid_and_forms_keep_the_id(host, client):
    rami(host)
    page = host.enter(type="meld", seat="1", melds=OPENING)
    ids = [m["id"] for m in client.get(f"/api/v1/tables/{host.table}").json["deal"]["melds"]]
    assert ids == [31, 32]
    assert "run 1" in page and "run 2" in page and "run 31" not in page and "run 32" not in page
    form = host.page(f"/t/{host.table}/compose/lay_off?seat=1")
    assert '<option value="31"' in form and "1 · Fox" in form and "2 · Fox" in form
    host.enter(type="discard", seat="1", card="5C")
    host.enter(type="draw", seat="0", from_="stock")
    host.enter(type="meld", seat="0", melds="7D 7S 7C\n8H 8S 8C\n9D 9S 9H")
    host.enter(type="lay_off", seat="0", meld="31", cards="JH")
    history = host.page(f"/t/{host.table}/history")
    assert "laid off on meld 1" in history and "meld 31" not in history


def test_a_stale_lay_off_link_after_a_new_deal_says_the_meld_is_gone_by_name(host, phone):
    rami(host)
    host.enter(type="meld", seat="1", melds=OUT)
    link = f"/t/{host.table}/compose/lay_off?meld=31&seat=1"
    assert "That meld is gone" not in host.page(link)
    host.enter(type="discard", seat="1", card="5H")  # Fox goes out: the round ends
    host.enter(type="hand", seat="0", cards="2C 3C 4C 5C 6C 7C 8C 9H 9H 2D 3D 4D 5D 6D")
    host.enter(type="deal", dealer="1")
    page = host.page(link)
    assert "That meld is gone" in page and "Meld 1 of Fox is no longer on the table" in page
    assert "Malformed" not in page and "lay_off needs" not in page
    stale = host.post(f"/t/{host.table}/entry", {"version": host.version(), "type": "lay_off", "seat": "0",
                                                 "meld": "31", "cards": "KH", "back": link})
    page = host.follow(stale).get_data(as_text=True)
    assert "Meld 1 of Fox is no longer on the table" in page and "Malformed" not in page
    french = phone("fr")
    french.client = host.client
    french.headers = {"Accept-Language": "fr"}
    assert "La combinaison 1 de Fox n’est plus sur la table" in french.page(link)


def test_between_deals_the_status_shows_no_stock_pile_or_melds_of_the_last_deal(host):
    rami(host)
    host.enter(type="meld", seat="1", melds=OUT)
    host.enter(type="discard", seat="1", card="5H")
    page = host.enter(type="hand", seat="0", cards="2C 3C 4C 5C 6C 7C 8C 9H 9H 2D 3D 4D 5D 6D")
    assert "Deal the cards and start the round." in page  # Rami plays rounds (issue 18 item 10)
    status = page.split('class="status"')[1].split("</section>")[0]
    for gone in ("Stock", "Discard pile", "Discard top", "Cards in hand"):
        assert gone not in status, gone
    assert "Melds on the table" not in page


def test_an_accepted_rami_hand_shows_no_exit_verdict(host):
    rami(host)
    host.enter(type="meld", seat="1", melds=OUT)
    host.enter(type="discard", seat="1", card="5H")
    assert "0 of 14 cards" in host.page(f"/t/{host.table}/compose/hand?seat=0")  # the count the hand must reach
    host.enter(type="hand", seat="0", cards="2C 3C 4C 5C 6C 7C 8C 9H 9H 2D 3D 4D 5D 6D")
    page = host.page(f"/t/{host.table}/e/5")
    assert "cards left in hand" in page
    assert "Not a valid exit" not in page and "Valid exit" not in page
    assert "Accepted" in page and "/rules#R-14" in page


def test_a_timeout_tells_the_player_to_take_the_stock_card_and_explains_the_count(host):
    rami(host, clock="on")
    host.enter(type="meld", seat="1", melds=OPENING)
    host.enter(type="discard", seat="1", card="5C")
    with freeze_time(datetime.now(UTC) + timedelta(seconds=61)):
        page = host.page()
    assert ("Time ran out for Eve (R-17): Eve takes the top card of the stock, then discards the heaviest card "
            "in hand.") in page
    assert "The table now counts 15 cards in Eve&#39;s hand, the stock card included." in page


def test_a_pile_card_that_cannot_be_laid_says_why_and_the_host_puts_it_back_in_one_tap(host, phone, client):
    from tests.web.conftest import joined

    rami(host)
    host.enter(type="meld", seat="1", melds=OPENING)
    host.enter(type="discard", seat="1", card="5C")
    eve = joined(host, phone(), 0)
    page = eve.enter(type="draw", seat="0", from_="discard")
    assert "Eve took this card from the discard pile:" in page and "5♣" in page
    assert "must be laid down this turn" in page and "/rules#R-5" in page
    assert "the host can put the card back" in page
    page = host.page()
    form = re.search(r'<form[^>]*>(?:(?!</form>).)*A slip: put the card back on the pile.*?</form>', page, re.S)
    assert form and 'name="type" value="void"' in form.group(0)
    target = re.search(r'name="target" value="(\d+)"', form.group(0)).group(1)
    page = host.enter(type="void", target=target)
    deal = client.get(f"/api/v1/tables/{host.table}").json["deal"]
    assert deal["discard_top"] == "5C" and deal["phase"] == "take"
    assert "Eve&#39;s turn: take a card." in page


def test_taking_a_joker_back_is_offered_above_the_discard_grid(host, client):
    rami(host)
    host.enter(type="meld", seat="1", melds="10H JK=JH QH\n7C 7D 7S")
    host.enter(type="discard", seat="1", card="4C")
    host.enter(type="draw", seat="0", from_="stock")
    page = host.enter(type="meld", seat="0", melds="QS KS AS\n10D JD QD")
    above = page.split('class="discard"')[0]
    assert "Meld 1: take the joker, put J♥" in above
    form = re.search(r'<form[^>]*>(?:(?!</form>).)*Meld 1: take the joker.*?</form>', above, re.S).group(0)
    assert 'name="meld" value="31"' in form and 'name="card" value="JH"' in form
    page = html.unescape(host.enter(type="retrieve_joker", seat="0", meld="31", card="JH"))
    assert client.get(f"/api/v1/tables/{host.table}").json["deal"]["melds"][0]["cards"] == ["10H", "JH", "QH"]
    assert "↶ Undo: Eve took the joker of meld 1, putting J♥" in page  # which joker, for which card


def test_a_refusal_about_a_meld_names_it_by_its_number_on_the_table(host, client):
    rami(host)
    host.enter(type="meld", seat="1", melds=OPENING)
    host.enter(type="discard", seat="1", card="5C")
    host.enter(type="draw", seat="0", from_="stock")
    host.enter(type="meld", seat="0", melds="7D 7S 7C\n8H 8S 8C\n9D 9S 9H")
    page = host.enter(type="lay_off", seat="0", meld="32", cards="2H")  # 2♥ does not fit 10♠ J♠ Q♠: refused
    api = client.get(f"/api/v1/tables/{host.table}").json
    assert [m["id"] for m in api["deal"]["melds"]][:2] == [31, 32]
    assert re.search(r"meld 2\b", page) and "meld 32" not in page


def test_two_lay_offs_of_one_player_are_told_apart_in_undo_and_corrections(host, phone):
    """Fox's two lay-offs were both "Fox's lay-off" (« la pose de Fox ») in the undo button and the list of
    recent entries to correct: now each says its cards and its meld's number, as the history does."""
    rami(host)
    host.enter(type="meld", seat="1", melds=OPENING)
    host.enter(type="lay_off", seat="1", meld="31", cards="JH")
    page = html.unescape(host.enter(type="lay_off", seat="1", meld="32", cards="9S"))
    assert "↶ Undo: Fox laid off 9♠ on meld 2" in page
    assert "Fox laid off J♥ on meld 1" in page  # the older one, among the entries to correct
    assert "lay-off" not in page.split("Correct a recent entry", 1)[1].split("</section>", 1)[0]
    french = phone("fr")
    french.client = host.client  # the host's phone, read in French
    page = html.unescape(french.page(f"/t/{host.table}"))
    assert "Annuler\u00a0: Fox a complété la combinaison 2 avec 9♠" in page
    assert "Fox a complété la combinaison 1 avec V♥" in page
    assert "la pose de Fox" not in page


def test_a_joker_taken_back_says_its_meld_and_card_in_french(host, phone):
    rami(host)
    host.enter(type="meld", seat="1", melds="10H JK=JH QH\n7C 7D 7S")
    host.enter(type="discard", seat="1", card="4C")
    host.enter(type="draw", seat="0", from_="stock")
    host.enter(type="meld", seat="0", melds="QS KS AS\n10D JD QD")
    host.enter(type="retrieve_joker", seat="0", meld="31", card="JH")
    french = phone("fr")
    french.client = host.client
    page = html.unescape(french.page(f"/t/{host.table}"))
    assert "Annuler\u00a0: Eve a repris le joker de la combinaison 1 en mettant V♥" in page
