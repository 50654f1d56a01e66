"""A correction shows what changed, before → after, in the timeline, on the entry page and in its preview
(issue 8 §2 bugs 5 and 6)."""

from __future__ import annotations

import html
import re

from tests.web.test_history import deal_to_exit


def text(page: str) -> str:
    """The page as a sighted reader sees it: no tags, no screen-reader-only names, single spaces."""
    page = re.sub(r'<span class="sr">.*?</span>', "", page)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def discarded_then_corrected(host):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    host.enter(type="draw", seat="1", from_="stock")
    host.enter(type="discard", seat="1", card="9C")
    host.post(f"/t/{host.table}/e/4/replace", {"version": "4", "card": "9S", "seat": "1", "action": "confirm"})


def test_the_timeline_shows_a_replacement_before_and_after(host):
    discarded_then_corrected(host)
    page = text(host.page(f"/t/{host.table}/history"))
    assert "replaces entry 4: Ben: discarded 9 ♣ → 9 ♠" in page.replace("9♣", "9 ♣").replace("9♠", "9 ♠")
    assert "replaces entry 4: discard" not in page


def test_both_entry_pages_show_before_and_after(host):
    discarded_then_corrected(host)
    for seq in (4, 5):
        page = text(host.page(f"/t/{host.table}/e/{seq}"))
        assert "Before → after" in page and "Ben: discarded 9♣ → 9♠" in page, seq


def test_a_void_in_the_timeline_says_what_it_voided(host):
    deal_to_exit(host)
    host.post(f"/t/{host.table}/e/5/void", {"version": "5", "action": "confirm"})
    page = host.page(f"/t/{host.table}/history")
    assert "voids entry 5: Ben: went out with 5♥ 6♥ 7♥" in text(page)
    assert re.search(r"voids entry 5: <span class=\"change\">Ben: <s>", page)  # struck through


def test_a_french_phone_reads_the_correction_without_english(host, phone):
    discarded_then_corrected(host)
    french = phone("fr")
    page = text(french.page(f"/t/{host.table}/history"))
    assert "remplace l’entrée 4" in page or "remplace l'entrée 4" in page
    assert "Ben : a défaussé 9♣ → 9♠" in page or "Ben: a défaussé 9♣ → 9♠" in page
    assert "discard" not in page.replace("défauss", "")


def test_the_preview_reads_cleanly_with_signed_scores(host):
    deal_to_exit(host)
    page = text(host.page(f"/t/{host.table}/e/5/void"))
    assert "Next:" not in page and "· —" not in page
    assert "Ben +54 0" in page and "Ana −18 0" in page
    assert "Now: The game" not in page
    assert "Now: The game is over" not in page and "After: Chloé's turn: take a card." in page


def test_the_replace_preview_shows_before_and_after(host):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    host.enter(type="draw", seat="1", from_="stock")
    host.enter(type="discard", seat="1", card="9C")
    page = text(host.post(f"/t/{host.table}/e/4/replace", {"version": "4", "card": "9S", "seat": "1",
                                                           "action": "preview"}, status=200).get_data(as_text=True))
    assert "Before → after: Ben: discarded 9♣ → 9♠" in page
