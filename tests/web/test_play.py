"""Playing from the pages: two taps a turn, refusals with their rule, the 409, exits with the solver."""

import re
from datetime import UTC

from tests.web.conftest import joined

EXIT = "5H 6H 7H 3C 4C 5C 8D 9D 10D JS QS KS 4S 5S 6S"


def test_a_turn_is_two_taps(host, client):
    host.start()
    page = host.enter(type="deal", dealer="0", upcard="7H")
    assert "Ben&#39;s turn: take a card." in page
    page = host.enter(type="draw", seat="1", from_="stock")
    assert "Tap the card Ben discarded" in page
    page = host.enter(type="discard", seat="1", card="9C")
    assert "Chloé&#39;s turn: take a card." in page
    assert client.get(f"/api/v1/tables/{host.table}").json["deal"]["discard_top"] == "9C"


def test_a_refusal_names_its_rule_with_a_link(host):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    page = host.enter(type="discard", seat="1", card="9C")
    assert 'role="alert"' in page
    assert re.search(r'href="/rules#C-3">C-3</a>', page)


def test_an_unknown_card_is_refused_with_k1(host):
    host.start()
    page = host.enter(type="deal", dealer="0", upcard="ZZ")
    assert "/rules#K-1" in page


def test_a_stale_version_is_refused_and_the_page_asks_again(host, client):
    host.start()
    stale = host.version()
    host.enter(type="deal", dealer="0", upcard="7H")
    response = host.post(f"/t/{host.table}/entry", {"version": stale, "type": "draw", "seat": "1", "from": "stock"})
    page = host.follow(response).get_data(as_text=True)
    assert "The table moved on" in page
    assert "Someone entered something first. Here is the table now: check, then send again." in page
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 2


def test_the_same_form_sent_twice_is_written_once(host, client):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    form = {"version": host.version(), "type": "draw", "seat": "1", "from": "stock", "key": "tap-1"}
    host.post(f"/t/{host.table}/entry", form)
    host.post(f"/t/{host.table}/entry", form)
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 3


def test_arrange_for_me_fills_the_runs_and_the_exit_is_judged(host, phone):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    ben = joined(host, phone(), 1)
    ben.enter(type="draw", seat="1", from_="discard")
    assert "Ben goes out" not in ben.page()
    ben.enter(type="discard", seat="1", card="9C")
    assert "Ben goes out</a>" in ben.page()
    response = ben.post(f"/t/{host.table}/compose/exit", {"runs": EXIT, "action": "arrange", "seat": "1"}, status=200)
    page = response.get_data(as_text=True)
    assert "A valid exit, arranged by the referee" in page and "Each opponent would pay 18." in page
    runs = re.search(r'<textarea id="runs"[^>]*>([^<]*)</textarea>', page).group(1)
    assert len(runs.strip().splitlines()) == 5
    response = ben.post(f"/t/{host.table}/entry", {"version": ben.version(), "type": "exit", "seat": "1",
                                                   "runs": runs})
    verdict = ben.follow(response).get_data(as_text=True)
    assert "Valid exit" in verdict and "+54" in verdict
    assert "−18" in host.page()


def test_an_invalid_exit_shows_each_violation_on_its_run(host):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    host.enter(type="draw", seat="1", from_="stock")
    host.enter(type="discard", seat="1", card="9C")
    bad = "5H 6H 8H\n3C 4C 5C\n8D 9D 10D\nJS QS KS\n4S 5S 6S"
    response = host.post(f"/t/{host.table}/entry", {"version": host.version(), "type": "exit", "seat": "1",
                                                    "runs": bad, "confirm": "declared"})
    assert response.headers["Location"] == f"/t/{host.table}"  # issue 18 §6: back to the table, not the entry
    page = host.follow(response).get_data(as_text=True)
    assert "Not a valid exit" in page and "/rules#C-7" in page and f"/t/{host.table}/e/5" in page
    assert re.search(r'<li class="bad">.*?/rules#C-7', host.page(f"/t/{host.table}/e/5"), re.S)  # one tap away


def test_a_rami_opening_then_a_lay_off_form(host, client):
    host.start(game="rami", players=("Eve", "Fox"), opening="51", ceiling="100", clock="off")
    host.enter(type="deal", dealer="0")
    page = host.enter(type="meld", seat="1", melds="QH KH AH\n10S JS QS")
    assert "Melds on the table" in page and "Q♥" in page
    assert "61 points laid down · opening" in page
    assert "Lay off" in page
    meld = client.get(f"/api/v1/tables/{host.table}").json["deal"]["melds"][0]["id"]
    page = host.page(f"/t/{host.table}/compose/lay_off?meld={meld}&seat=1")
    assert 'name="cards"' in page


def test_a_rami_opening_below_51_is_refused_with_r9(host):
    host.start(game="rami", players=("Eve", "Fox"), opening="51", ceiling="100", clock="off")
    host.enter(type="deal", dealer="0")
    page = host.enter(type="meld", seat="1", melds="3C 4C 5C")
    assert "/rules#R-9" in page


def test_when_the_rami_clock_runs_out_the_page_says_so(host):
    from datetime import datetime, timedelta

    from freezegun import freeze_time

    host.start(game="rami", players=("Eve", "Fox"), opening="51", ceiling="100", clock="on")
    page = host.enter(type="deal", dealer="0")
    assert 'class="clock"' in page and "data-deadline" in page
    with freeze_time(datetime.now(UTC) + timedelta(seconds=61)):
        page = host.page()
    assert "Time ran out for Fox (R-17): Fox discards the heaviest card in hand." in page  # the starter: 14 cards
    assert "time ran out (R-17)" in host.page(f"/t/{host.table}/history")


def test_every_action_returns_to_the_table_page(host, client):
    """Issue 18 §6: an exit landed on its entry's page and a correction on the history; Ben then needed "Back to
    the table" before he could deal."""
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    host.enter(type="draw", seat="1", from_="stock")
    fixed = host.post(f"/t/{host.table}/e/3/replace", {"version": host.version(), "from": "discard",
                                                       "action": "confirm"})
    assert fixed.headers["Location"] == f"/t/{host.table}"
    assert "Done: entry 3 replaced." in host.follow(fixed).get_data(as_text=True)
    host.enter(type="discard", seat="1", card="9C")
    voided = host.post(f"/t/{host.table}/e/5/void", {"version": host.version(), "action": "confirm"})
    assert voided.headers["Location"] == f"/t/{host.table}"
    host.enter(type="discard", seat="1", card="9C")
    exit_ = host.post(f"/t/{host.table}/entry", {"version": host.version(), "type": "exit", "seat": "1",
                                                 "runs": "7H 8H 9H\n3C 4C 5C\n8D 9D 10D\nJS QS KS\n4S 5S 6S",
                                                 "confirm": "valid"})
    assert exit_.headers["Location"] == f"/t/{host.table}"
    page = host.follow(exit_).get_data(as_text=True)
    assert "Valid exit · Each opponent pays" in page
    assert client.get(f"/api/v1/tables/{host.table}").json["deal"]["phase"] == "deal"
    assert 'name="type" value="deal"' in page  # the next deal, right there
