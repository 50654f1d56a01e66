"""The host's ruling (E-5) from the table page: the form, and the ruling with its reason wherever scores are."""

from __future__ import annotations

import html

from tests.web.conftest import joined


def _quick_table(host) -> str:
    return host.start("continental", tracking="results")


def test_the_host_rules_from_the_table_page_and_every_page_shows_it(host, phone):
    _quick_table(host)
    page = host.page()
    assert "Ruling: points and a reason" in page
    shown = host.enter(type="adjust", points0="", points1="−4", points2="+3", points3="", reason="Ben peeked")
    text = html.unescape(shown)
    assert "Rulings" in text and "Ben peeked" in text
    assert "Ben -4" in text.replace("−", "-") and "Chloé +3" in text
    history = html.unescape(host.page(f"/t/{host.table}/history"))
    assert "ruling (E-5)" in history and "Ben peeked" in history
    summary = html.unescape(host.page(f"/t/{host.table}/summary"))
    assert "Ben peeked" in summary


def test_the_host_is_offered_the_ruling_form_and_a_seat_is_not(host, phone):
    _quick_table(host)
    ben = joined(host, phone(), 1)
    assert "Ruling: points and a reason" not in ben.page()
    assert "Ruling: points and a reason" in host.page()


def test_a_ruling_without_a_reason_says_so_and_records_nothing(host):
    _quick_table(host)
    page = html.unescape(host.enter(type="adjust", points0="5", reason=""))
    assert "a ruling says why it is made" in page
    assert "Rulings" not in page


def test_the_ruling_in_french(host, phone):
    _quick_table(host)
    host.enter(type="adjust", points2="10", reason="retard")
    fr = phone("fr")
    fr.client = host.client  # the host's phone, read in French
    page = html.unescape(fr.page(f"/t/{host.table}"))
    assert "Décision" in page and "retard" in page


def test_a_rulings_reason_is_quoted_as_each_language_writes_it(host, phone):
    """French guillemets hold the reason with a no-break space inside (« retard »), on the table page and in the
    history; English uses its curly quotes."""
    _quick_table(host)
    host.enter(type="adjust", points2="10", reason="retard")
    assert "\u201cretard\u201d" in html.unescape(host.page())
    fr = phone("fr")
    fr.client = host.client
    for address in (f"/t/{host.table}", f"/t/{host.table}/history"):
        assert "\u00ab\u00a0retard\u00a0\u00bb" in html.unescape(fr.page(address)), address


def test_the_host_corrects_a_ruling_from_its_page(host):
    _quick_table(host)
    host.enter(type="adjust", points1="-4", reason="Ben peeked")
    seq = 2
    form = html.unescape(host.page(f"/t/{host.table}/e/{seq}/replace"))
    assert 'name="points1" value="-4"' in form and 'value="Ben peeked"' in form
    data = {"version": host.version(), "points1": "-2", "reason": "Ben peeked, once", "action": "confirm", "key": "k"}
    host.post(f"/t/{host.table}/e/{seq}/replace", data)
    page = html.unescape(host.page())
    assert "Ben peeked, once" in page and "Ben −2" in page
