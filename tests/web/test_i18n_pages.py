"""Walk the pages of both games in French and find no English on any of them (text and readable attributes)."""

from __future__ import annotations

import pytest

from tests.web.conftest import joined
from tests.web.english import bare_colons, leaks

BAD_EXIT = "5H 6H 8H\n3C 4C 5C\n8D 9D 10D\nJS QS KS\n4S 5S 6S"
GOOD_EXIT = "5H 6H 7H\n3C 4C 5C\n8D 9D 10D\nJS QS KS\n4S 5S 6S"
NAMES = ("Ana", "Ben", "Chloé", "Dan", "Eve", "Fox")


def english_on(phone, paths) -> dict:
    out = {}
    for path in paths:
        response = phone.client.get(path, headers=phone.headers)
        assert response.status_code in (200, 422), (path, response.status_code)  # 422: a preview refused
        page = response.get_data(as_text=True)
        found = leaks(page, NAMES) + [f"colon: {c}" for c in bare_colons(page)]  # `Score :`, not `Score:`
        if found:
            out[path] = found
    return out


def test_a_continental_table_in_french_shows_no_english(phone):
    host = phone("fr")
    host.start()
    t = f"/t/{host.table}"
    pages = ["/", "/new", "/join", "/import", "/rules", f"{t}/share", t]
    host.enter(type="deal", dealer="0", upcard="7H")
    pages += [t]
    host.enter(type="draw", seat="1", from_="discard")
    pages += [t]
    host.enter(type="discard", seat="1", card="9C")
    host.enter(type="discard", seat="2", card="9C", status=303)  # refused: Chloé takes first
    pages += [t, f"{t}/compose/exit?seat=1"]
    host.post(f"{t}/entry", {"version": host.version(), "type": "exit", "seat": "1", "runs": BAD_EXIT,
                             "confirm": "declared"})  # an invalid exit, recorded as declared
    pages += [t, f"{t}/history", f"{t}/e/2", f"{t}/e/3", f"{t}/e/5", f"{t}/e/4/void", f"{t}/e/4/replace"]
    host.enter(type="draw", seat="2", from_="stock")
    host.enter(type="discard", seat="2", card="KD")
    host.post(f"{t}/entry", {"version": host.version(), "type": "exit", "seat": "2", "runs": GOOD_EXIT})
    pages += [t, f"{t}/history", f"{t}/e/8", f"{t}/e/7/replace"]
    found = english_on(host, pages)
    assert not found, found
    host.post(f"{t}/e/8/void", {"version": host.version(), "action": "confirm"})  # the host voids Chloé's exit
    found = english_on(host, [f"{t}/history"])  # "Fait : entrée 8 annulée."
    assert not found, found
    ben = joined(host, phone("fr"), 1)  # a seat's own phone sees the table its way
    found = english_on(ben, [t, f"{t}/history", f"{t}/e/5", f"{t}/e/5/void"])
    assert not found, found


def test_a_rami_table_in_french_shows_no_english(phone):
    host = phone("fr")
    host.start(game="rami", players=("Eve", "Fox"), opening="51", ceiling="100", clock="on")
    t = f"/t/{host.table}"
    host.enter(type="deal", dealer="0")
    pages = [t]
    host.enter(type="meld", seat="1", melds="3C 4C 5C")  # refused: below 51
    pages += [t]
    host.enter(type="meld", seat="1", melds="QH KH AH\n10S JS QS")
    pages += [t, f"{t}/compose/meld?seat=1", f"{t}/compose/lay_off?meld=1&seat=1", f"{t}/history", f"{t}/e/3"]
    found = english_on(host, pages)
    assert not found, found


@pytest.mark.parametrize("path", ["/t/nope", "/j/ZZZZZZ", "/nowhere", "/t/nope/history"])
def test_error_pages_in_french_show_no_english(phone, path):
    page = phone("fr").get(path, status=404).get_data(as_text=True)
    assert not leaks(page), leaks(page)


def test_refused_forms_outside_a_table_are_french(phone):
    french = phone("fr")
    page = french.post("/new", {"game": "continental", "player": ["Ana", "Ben", "Chloé"], "tracking": "full",
                                "dealer": "0"}, status=422).get_data(as_text=True)
    assert "Rami continental se joue de 4 à 5 joueurs, pas 3" in page.replace("\xa0", " ")
    assert not leaks(page, NAMES), leaks(page, NAMES)
    broken = french.post("/import", {"log": "not a log"}, status=400).get_data(as_text=True)
    assert not leaks(broken, NAMES), leaks(broken, NAMES)


def test_results_tracking_tables_in_french_show_no_english(phone):
    host = phone("fr")
    host.start(tracking="results")
    t = f"/t/{host.table}"
    host.enter(type="deal", dealer="0")
    pages = [t, f"{t}/compose/exit"]
    host.post(f"{t}/entry", {"version": host.version(), "type": "exit", "seat": "2", "runs": GOOD_EXIT,
                             "timing": "first_turn"})
    host.enter(type="deal", dealer="1")
    host.enter(type="null_deal")
    pages += [t, f"{t}/history", f"{t}/e/3"]
    found = english_on(host, pages)
    rami = phone("fr")
    rami.start(game="rami", players=("Eve", "Fox"), tracking="results", clock="off")
    r = f"/t/{rami.table}"
    rami.enter(type="deal", dealer="0")
    paths = [r, f"{r}/compose/round"]
    rami.post(f"{r}/entry", {"version": rami.version(), "type": "round", "winner": "0", "hand1": "KH QH 5C"})
    paths += [r, f"{r}/history"]
    found.update(english_on(rami, paths))
    assert not found, found


def test_a_rami_round_end_in_french_shows_no_english(phone):
    host = phone("fr")
    host.start(game="rami", players=("Eve", "Fox", "Gil"), opening="51", ceiling="100", clock="off")
    t = f"/t/{host.table}"
    host.enter(type="deal", dealer="1")
    host.enter(type="meld", seat="2", melds="3H 4H 5H 6H 7H 8H 9H 10H JH QH KH\n7C 7D 7S")
    host.enter(type="discard", seat="2", card="2C")  # Gil goes out on his first turn
    pages = [t, f"{t}/compose/hand?seat=0"]
    refused = host.enter(type="hand", seat="0", cards="2D 2D 2H 2H 2S 2S 3C 3C 3D 3D 4C 4C 4D")  # 14 held
    assert "Eve a 14 cartes en main, pas 13" in refused.replace("\xa0", " ")
    assert not leaks(refused, NAMES), leaks(refused, NAMES)
    found = english_on(host, pages)
    assert not found, found
