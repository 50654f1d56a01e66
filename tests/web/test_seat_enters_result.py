"""Issue 29 §1: at a scorekeeping table (a club night's), any seat's phone enters the table's result — whoever went
out or won, the counts or the points — and another seat's phone confirms it in one tap (E-6). Before, only the
dealer's phone could start a Continental result (and only for the dealer), Rami's showed no control at all, and
the winner's phone only said "Ana deals the cards"."""

from __future__ import annotations

import html
import re

import pytest

from tests.web.conftest import joined

PLAYERS = ("Ana", "Ben", "Chloé", "Dan")
CONFIRM = "Confirm: this is what was shown"


def _table(host, phone, game: str = "continental") -> list:
    """A scorekeeping table that asks for confirmations, its four seats each on a phone of its own (no deal yet:
    the result implies it)."""
    host.start(game, players=list(PLAYERS), tracking="results", confirmation="1")
    return [joined(host, phone(), seat) for seat in range(4)]


def _entries(client, table: str) -> list[dict]:
    return client.get(f"/api/v1/tables/{table}/entries").json["entries"]


def _forms(page: str) -> list[str]:
    return re.findall(r'name="type" value="(confirm|dispute)"', page)


def _target(page: str) -> str:
    return re.search(r'name="target" value="(\d+)"', page).group(1)


@pytest.mark.parametrize("game, heading, link", [
    ("continental", "Quick score: who went out?", "compose/quick_exit?seat={seat}"),
    ("rami", "Quick score: who won the round?", "compose/quick_round?winner={seat}")])
def test_every_seat_phone_is_offered_the_result_naming_every_player(host, phone, game, heading, link):
    phones = _table(host, phone, game)
    for mine in phones:
        page = html.unescape(mine.page())
        assert heading in page, page
        assert "deals the cards." not in page  # the old answer of every phone but the dealer's
        for seat in range(4):
            assert f"/t/{host.table}/" + link.format(seat=seat) in page
        if game == "continental":
            assert 'name="type" value="null_deal"' in page
        else:
            assert "quick_round?winner=none" in page  # a blocked round too


def test_the_winners_phone_enters_her_exit_and_a_table_mate_confirms_it_in_one_tap(host, phone, client):
    ana, ben, chloe, dan = _table(host, phone)
    form = chloe.get(f"/t/{host.table}/compose/quick_exit?seat=2").get_data(as_text=True)
    assert "Chloé went out" in html.unescape(form)
    mine = html.unescape(chloe.enter(type="exit", seat="2", quick="1", twos="1", jokers="0", timing="later",
                                     key="q-1"))
    entries = _entries(client, host.table)
    assert [(e["type"], e.get("seat"), e.get("dealer"), e.get("by")) for e in entries[1:]] == [
        ("deal", None, 0, 2), ("exit", 2, None, None)]  # the deal Chloé's phone wrote for Ana, her own exit
    assert _forms(mine) == [] and "Another player confirms it on their phone." in mine
    for other in (ana, ben, dan):
        assert _forms(other.page()) == ["confirm", "dispute"]
    seq = _target(ben.page())
    done = html.unescape(ben.enter(type="confirm", seat="1", target=seq))
    assert "To confirm" not in done
    state = client.get(f"/api/v1/tables/{host.table}").json
    assert state["confirmations"][0]["status"] == "confirmed" and state["confirmations"][0]["confirmed_by"] == 1
    assert [p["score"] for p in state["players"]] == [-2, -2, 6, -2]


def test_a_table_mate_enters_the_winners_exit_and_the_winner_may_dispute_it(host, phone, client):
    """Ben's phone enters Ana's exit: the result is the one Ben's phone showed, so Ben neither confirms nor
    disputes it; Ana may (she finds her jokers missing), as may Chloé and Dan."""
    ana, ben, chloe, dan = _table(host, phone)
    mine = html.unescape(ben.enter(type="exit", seat="0", quick="1", twos="0", jokers="0", timing="later",
                                   key="q-1"))
    exit_ = _entries(client, host.table)[-1]
    assert (exit_["type"], exit_["seat"], exit_["by"]) == ("exit", 0, 1)
    assert _forms(mine) == [] and "Another player confirms it on their phone." in mine
    assert "Ana's exit · deal 1 · entered by Ben" in mine
    page = html.unescape(ana.page())
    assert _forms(page) == ["confirm", "dispute"]
    after = html.unescape(ana.enter(type="dispute", seat="0", target=_target(page)))
    assert "disputed by Ana" in after
    french = html.unescape(phone("fr").page(f"/t/{host.table}")).replace("\u00a0", " ")
    assert "la sortie d’Ana · donne 1 · saisie par Ben" in french


def test_any_seat_phone_enters_a_rami_round_and_another_confirms_it(host, phone, client):
    ana, ben, chloe, dan = _table(host, phone, "rami")
    form = html.unescape(chloe.get(f"/t/{host.table}/compose/quick_round?winner=0").get_data(as_text=True))
    assert "Ana won the round" in form and "Points left in Chloé's hand" in form
    mine = html.unescape(chloe.enter(type="round", winner="0", points1="20", points2="35", points3="8", key="r-1"))
    entries = _entries(client, host.table)
    assert [(e["type"], e.get("winner"), e.get("by")) for e in entries[1:]] == [("deal", None, 2), ("round", 0, 2)]
    assert _forms(mine) == [] and "Another player confirms it on their phone." in mine
    page = html.unescape(ana.page())
    assert _forms(page) == ["confirm", "dispute"]  # the winner confirms what Chloé's phone entered
    assert "To confirm" not in html.unescape(ana.enter(type="confirm", seat="0", target=_target(page)))
    assert [p["score"] for p in client.get(f"/api/v1/tables/{host.table}").json["players"]] == [0, 20, 35, 8]


def test_a_null_deal_from_a_seat_phone_waits_for_another_seat(host, phone, client):
    ana, ben, chloe, dan = _table(host, phone)
    mine = html.unescape(dan.enter(type="null_deal", key="n-1"))
    assert _entries(client, host.table)[-1]["by"] == 3
    assert "the null deal · deal 1 · entered by Dan" in mine and _forms(mine) == []
    page = chloe.page()
    assert _forms(page) == ["confirm", "dispute"]
    assert "To confirm" not in html.unescape(chloe.enter(type="confirm", seat="2", target=_target(page)))


def test_a_refereed_table_still_keeps_each_exit_to_its_own_phone(host, phone):
    """Full tracking: the turns are the seats', so is each exit; a phone cannot enter another's (nothing
    written)."""
    host.start("continental", players=list(PLAYERS), tracking="full", dealer="0")
    host.enter(type="deal", dealer="0", upcard="7H")
    ben = joined(host, phone(), 1)
    assert "quick_exit" not in ben.page()
    before = host.version()
    ben.enter(type="exit", seat="0", runs="3C 4C 5C", status=403)
    assert host.version() == before
