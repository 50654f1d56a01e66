"""E-6 on the phones: a result waits, another seat confirms or disputes it in one tap, the host settles it."""

from __future__ import annotations

import html
import re

from tests.web.conftest import joined

CONFIRM = "Confirm: this is what was shown"


def _table_with_exit(host, phone, confirmation: bool = True):
    fields = {"confirmation": "1"} if confirmation else {}
    host.start("continental", tracking="results", **fields)
    ben, chloe = joined(host, phone(), 1), joined(host, phone("fr"), 2)
    host.enter(type="deal", dealer="0")
    ben.enter(type="exit", seat="1", quick="1", twos="0", jokers="0", timing="later", key="q-1")
    return ben, chloe


def _confirm_forms(page: str) -> list[str]:
    return re.findall(r'name="type" value="(confirm|dispute)"', page)


def test_a_waiting_exit_is_marked_and_another_seat_confirms_it_in_one_tap(host, phone):
    ben, chloe = _table_with_exit(host, phone)
    page = html.unescape(ben.page())
    assert "waiting for confirmation" in page and "Another player confirms it on their phone." in page
    assert _confirm_forms(page) == []  # Ben's own exit: nothing to tap
    french = html.unescape(chloe.page())
    assert "Confirmer : c’est bien ce qui a été montré" in french.replace("\u00a0", " ")
    assert _confirm_forms(french) == ["confirm", "dispute"]
    seq = re.search(r'name="target" value="(\d+)"', french).group(1)
    after = html.unescape(chloe.enter(type="confirm", seat="2", target=seq))
    assert "À confirmer" not in after and "attend encore" not in after and "attendent encore" not in after
    history = html.unescape(host.page(f"/t/{host.table}/history"))
    assert f"confirms entry {seq}: this is what was shown" in history


def test_a_dispute_is_shown_to_the_host_who_confirms_it(host, phone):
    ben, chloe = _table_with_exit(host, phone)
    seq = re.search(r'name="target" value="(\d+)"', chloe.page()).group(1)
    chloe.enter(type="dispute", seat="2", target=seq)
    page = html.unescape(host.page())
    assert "disputed by Chloé" in page and "Confirm as the host" in page
    assert "Confirm as the host" not in html.unescape(ben.page())
    done = html.unescape(host.enter(type="confirm", target=seq))
    assert "disputed by" not in done and "To confirm" not in done


def test_a_table_made_without_it_shows_nothing_to_confirm(host, phone):
    ben, chloe = _table_with_exit(host, phone, confirmation=False)
    assert _confirm_forms(chloe.page()) == [] and "To confirm" not in host.page()
    assert "each result confirmed on another player’s phone" in html.unescape(host.page("/new"))


def test_the_waiting_note_says_entry_for_one_result_and_entries_for_two(host, phone):
    ben, chloe = _table_with_exit(host, phone)
    first = re.search(r'name="target" value="(\d+)"', chloe.page()).group(1)
    assert f"a result still waiting for confirmation (entry {first})." in html.unescape(host.page())
    assert f"un résultat qui attend encore sa confirmation (entrée {first})." in html.unescape(chloe.page())
    host.enter(type="deal", dealer="1")
    ben.enter(type="exit", seat="1", quick="1", twos="0", jokers="0", timing="later", key="q-2")
    second = re.findall(r'name="target" value="(\d+)"', chloe.page())[-1]
    assert f"results still waiting for confirmation (entries {first} and {second})." in html.unescape(host.page())
    assert f"(entrées {first} et {second})." in html.unescape(chloe.page())


def test_a_dispute_is_a_contestation_on_a_french_page(host, phone):
    """The undo button of a dispute named the entry as the log writes it ("Annuler : dispute"): French says
    « contestation » for it everywhere, and English names the player."""
    from tests.web.english import shown_text

    ben, chloe = _table_with_exit(host, phone)
    seq = re.search(r'name="target" value="(\d+)"', chloe.page()).group(1)
    chloe.enter(type="dispute", seat="2", target=seq)
    french = shown_text(chloe.page(), " ")
    assert "Annuler\u00a0: la contestation de Chloé" in french
    assert not re.search(r"\b(dispute|confirm)\b", french, re.I), french
    assert "Undo: Chloé's dispute" in shown_text(host.page(), " ")
