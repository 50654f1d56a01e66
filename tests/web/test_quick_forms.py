"""Quick scores from the pages: who went out or won in one tap, counts as buttons, points on the number pad."""

import html
import json
import re

import pytest

from tests.web.conftest import joined


def results_table(host, game="continental", players=("Ana", "Ben", "Chloé", "Dan")) -> str:
    host.start(game=game, players=list(players), tracking="results")
    host.enter(type="deal", dealer="0")
    return host.table


def quick_exit(host, seat: int, **fields) -> str:
    form = {"type": "exit", "seat": str(seat), "quick": "1", "key": f"q-{seat}", **fields}
    return host.enter(**form)


def test_the_table_page_offers_a_quick_score_for_each_player_who_may_have_gone_out(host, phone):
    table = results_table(host)
    page = host.page()
    assert "Quick score: who went out?" in page
    for seat, name in enumerate(("Ana", "Ben", "Chloé", "Dan")):
        assert f'href="/t/{table}/compose/quick_exit?seat={seat}">{name}</a>' in page
    ben = joined(host, phone(), 1)
    mine = ben.page()
    assert "quick_exit?seat=1" in mine and "quick_exit?seat=0" in mine  # the table's result, whoever won (issue 29)


def test_the_quick_exit_form_gives_counts_as_buttons_within_the_decks(host):
    table = results_table(host)
    page = host.page(f"/t/{table}/compose/quick_exit?seat=1")
    assert "Ben went out" in page and "2s in Ben&#39;s 15 cards" in page
    assert re.findall(r'name="twos" value="(\d+)"', page) == [str(n) for n in range(9)]
    assert re.findall(r'name="jokers" value="(\d+)"', page) == ["0", "1", "2"]
    assert 'name="timing" value="later" checked' in page and 'name="one_suit"' in page
    assert f"/t/{table}/compose/exit?seat=1" in page  # the cards stay possible
    assert "Each opponent pays 11; Ben gains +33." in page  # no 2, no joker: 1 + 10 (C-12)
    preview = re.search(r'data-settlements="([^"]+)"', page).group(1)
    settlements = json.loads(html.unescape(preview))
    assert settlements["2-1-first_turn-1"] == 1 + 4 + 7 + 10 and settlements["0-0-without_drawing-0"] == 21
    assert len(settlements) == 9 * 3 * 3 * 2


def test_a_quick_exit_is_settled_and_shown_as_not_refereed(host, client):
    table = results_table(host)
    page = quick_exit(host, 1, twos="2", jokers="1", timing="first_turn")  # back on the table page (§6)
    assert "Valid exit · Each opponent pays 12 · Winner gains +36" in page  # 1 + (2 + 2) + 7
    assert "quick score, not refereed" in page and 'data-live="' in page
    page = host.page(f"/t/{table}/e/3")
    assert "A quick score, not refereed" in page and re.search(r"Each opponent pays</th><td>12<", page)
    assert "Evidence" not in page  # no card was shown: nothing to weigh against the table's sightings (C-11)
    state = client.get(f"/api/v1/tables/{table}").json
    assert [p["score"] for p in state["players"]] == [-12, 36, -12, -12]
    history = host.page(f"/t/{table}/history")
    assert "twos: 2, jokers: 1, on the first turn" in history and history.count("not refereed") >= 2


def test_a_quick_round_takes_each_losing_hand_on_the_number_pad(host, client):
    table = results_table(host, "rami", ("Ana", "Ben", "Chloé"))
    page = host.page()
    assert "Quick score: who won the round?" in page and "quick_round?winner=none" in page
    form = host.page(f"/t/{table}/compose/quick_round?winner=1")
    assert "Ben won the round" in form
    fields = re.findall(r'<input id="points(\d)"[^>]*inputmode="numeric"[^>]*required', form)
    assert fields == ["0", "2"]  # the winner adds 0: no field
    page = host.enter(type="round", winner="1", points0="35", points2="8", key="r-1")
    assert "quick score, not refereed" in page
    assert [p["score"] for p in client.get(f"/api/v1/tables/{table}").json["players"]] == [35, 0, 8]
    assert "Ana: 35 points" in host.page(f"/t/{table}/history")


def test_a_blocked_quick_round_asks_every_hand(host):
    table = results_table(host, "rami", ("Ana", "Ben"))
    form = host.page(f"/t/{table}/compose/quick_round?winner=none")
    assert "Blocked round: nobody won" in form and re.findall(r'id="points(\d)"', form) == ["0", "1"]
    host.get(f"/t/{table}/compose/quick_round?winner=7", status=404)


def test_quick_scores_are_for_results_tracking_only(host):
    host.start()
    host.get(f"/t/{host.table}/compose/quick_exit?seat=1", status=404)
    assert "Quick score" not in host.page()


@pytest.mark.parametrize("typed, shown", [("abc", "Ben&#39;s points are a whole number, like 35, not “abc”."),
                                          ("209", "Ben&#39;s hand cannot be worth 209")])
def test_points_that_are_no_hand_are_refused_on_the_form_and_nothing_is_written(host, client, typed, shown):
    table = results_table(host, "rami", ("Ana", "Ben"))
    version = host.version()
    page = host.enter(type="round", winner="0", points1=typed,
                      back=f"/t/{table}/compose/quick_round?winner=0")
    assert 'role="alert"' in page and shown in page and "Ana won the round" in page
    assert str(client.get(f"/api/v1/tables/{table}").json["version"]) == version


def test_a_quick_exit_is_corrected_to_its_cards_which_are_then_refereed(host, client):
    table = results_table(host)
    quick_exit(host, 1)
    form = host.page(f"/t/{table}/e/3/replace")
    assert 'name="twos" value="0" checked' in form and 'name="runs"' in form
    runs = "3C 4C 5C\n6D 7D 8D\n9H 10H JH\nQS KS AS\n4H 5H 6H"
    data = {"version": host.version(), "key": "fix-1", "seat": "1", "timing": "later", "quick": "1", "runs": runs,
            "twos": "0", "jokers": "0"}
    host.post(f"/t/{table}/e/3/replace", {**data, "action": "preview"}, status=200)
    host.post(f"/t/{table}/e/3/replace", {**data, "action": "confirm"})
    entries = client.get(f"/api/v1/tables/{table}/entries").json["entries"]
    assert entries[-1]["entry"]["runs"][0] == ["3C", "4C", "5C"] and "counts" not in entries[-1]["entry"]
    assert client.get(f"/api/v1/tables/{table}").json["results"][0].get("refereed", True) is True


def test_a_quick_round_is_corrected_by_its_points(host, client):
    table = results_table(host, "rami", ("Ana", "Ben"))
    host.enter(type="round", winner="0", points1="20", key="r-1")
    form = host.page(f"/t/{table}/e/3/replace")
    assert re.search(r'name="points1"[^>]*value="20"', form)
    data = {"version": host.version(), "key": "fix-2", "winner": "0", "points1": "25"}
    host.post(f"/t/{table}/e/3/replace", {**data, "action": "confirm"})
    assert [p["score"] for p in client.get(f"/api/v1/tables/{table}").json["players"]] == [0, 25]


def test_the_quick_forms_speak_french(host, phone):
    table = results_table(host)
    fr = phone("fr")
    page = fr.page(f"/t/{table}/compose/quick_exit?seat=2")
    for text in ("Chloé sort", "Chloé\u00a0: combien de deux\u202f?", "Au premier tour", "Enregistrer les points",
                 "n’est pas arbitré"):
        assert text in page
    for english in ("went out", "Record the score", "On the first turn", "not refereed"):
        assert english not in page


@pytest.mark.parametrize("game, players", [("continental", ("Ana", "Ben", "Chloé", "Dan")), ("rami", ("Ana", "Ben"))])
def test_a_scorekeeping_table_shows_no_empty_stock_pile_or_melds(host, game, players):
    """Issue 18, item 13: a table that follows no cards had "Stock —", "Discard pile —" and "No meld yet."."""
    results_table(host, game, players)
    page = host.page()
    assert "<dt>Dealer</dt>" in page  # the deal and its dealer still show
    for empty in ("Stock", "Discard pile", "Discard top", "No meld yet."):
        assert empty not in page, empty
    host.start(game=game, players=list(players), tracking="full", dealer="0")
    host.enter(type="deal", dealer="0", **({"upcard": "7H"} if game == "continental" else {}))
    assert "Stock" in host.page()  # a refereed table still shows them


def test_a_scorekeeping_table_takes_each_quick_score_without_a_cards_dealt_tap(host, client):
    """Issue 18 §13: "Cards dealt" was one more tap before every quick score; the score implies its deal, which the
    page writes first (the next dealer's, C-2), both judged by the referee."""
    table = host.start(players=["Ana", "Ben", "Chloé", "Dan"], tracking="results")
    page = host.page()
    assert "Cards dealt" not in page and "Quick score: who went out?" in page and "Ana deals." in page
    assert f"/t/{table}/compose/quick_exit?seat=1" in page and "Null deal" in page
    quick_exit(host, 1, twos="0", jokers="0", timing="later")
    assert quick_exit(host, 2, twos="1", jokers="0", timing="later").count("Cards dealt") == 0
    entries = client.get(f"/api/v1/tables/{table}/entries").json["entries"]
    assert [(e["type"], e.get("dealer"), e.get("seat")) for e in entries] == [
        ("create", None, None), ("deal", 0, None), ("exit", None, 1), ("deal", 1, None), ("exit", None, 2)]
    assert [p["score"] for p in client.get(f"/api/v1/tables/{table}").json["players"]] == [-11 - 2, 33 - 2,
                                                                                           -11 + 6, -11 - 2]


def test_a_scorekeeping_rami_round_implies_its_deal_too(host, client):
    table = host.start(game="rami", players=["Ana", "Ben", "Chloé"], tracking="results")
    page = host.page()
    assert "Cards dealt" not in page and "Quick score: who won the round?" in page
    host.enter(type="round", winner="1", points0="35", points2="8", key="r-1")
    assert [e["type"] for e in client.get(f"/api/v1/tables/{table}/entries").json["entries"]] == [
        "create", "deal", "round"]


def test_a_seat_that_is_not_the_dealer_enters_the_result_its_deal_implied(host, phone):
    """Issue 29 §1: a seat's phone that did not deal was told only "Ana deals the cards"; the deal and its result
    are the table's, so it is offered the result at once, the deal implied (referee/scorekeeping.py)."""
    host.start(players=["Ana", "Ben", "Chloé", "Dan"], tracking="results")
    ben = joined(host, phone(), 1)
    page = ben.page()
    assert "Quick score" in page and "Ana deals." in page and "Ana deals the cards." not in page
