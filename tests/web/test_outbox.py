"""POST /t/<id>/outbox: the phone's queued entries, answered in JSON; the service worker and manifest routes."""

from __future__ import annotations

from tests.web.conftest import joined


def send(phone, status: int, **fields):
    data = {k.rstrip("_"): v for k, v in fields.items()}
    response = phone.post(f"/t/{phone.table}/outbox", data, status=status)
    assert response.mimetype == "application/json"
    return response.json


def test_a_queued_entry_is_written_once_even_when_sent_twice(host, client):
    host.start()
    version = host.version()
    first = send(host, 201, version=version, key="k1-deal", type="deal", dealer="0", upcard="7H")
    again = send(host, 201, version=version, key="k1-deal", type="deal", dealer="0", upcard="7H")
    assert first["version"] == again["version"] == 2
    assert [e["type"] for e in client.get(f"/api/v1/tables/{host.table}/entries").json["entries"]] == ["create",
                                                                                                       "deal"]
    assert first["redirect"] == f"/t/{host.table}"


def test_a_conflict_says_what_the_table_did_meanwhile_by_name(host, phone, client):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    stale = host.version()
    ben = joined(host, phone("fr"), 1)
    ben.enter(type="draw", seat="1", from_="discard")
    answer = send(host, 409, version=stale, key="k2-draw", type="draw", seat="1", from_="stock")
    assert answer["version"] == 3 and answer["problem"]["title"] == "The table moved on"
    assert "Ben" in answer["meanwhile"] and "took the discard" in answer["meanwhile"]
    french = send(ben, 409, version=stale, key="k3-draw", type="draw", seat="1", from_="stock")
    assert "a pris la défausse" in french["meanwhile"]
    assert len(client.get(f"/api/v1/tables/{host.table}/entries").json["entries"]) == 3  # nothing overwritten


def test_a_refused_entry_is_a_422_with_its_rule(host):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    answer = send(host, 422, version=host.version(), key="k4", type="discard", seat="1", card="9C")
    assert "C-3" in [v["rule"] for v in answer["problem"]["violations"]]


def test_a_seat_phone_cannot_queue_for_another_seat(host, phone):
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    ben = joined(host, phone(), 1)
    answer = send(ben, 403, version=ben.version(), key="k5", type="draw", seat="2", from_="stock")
    assert "Chloé" in answer["problem"]["detail"]


def test_a_post_without_csrf_is_refused(host):
    host.start()
    host.post(f"/t/{host.table}/outbox", {"version": "1", "type": "deal", "dealer": "0"}, status=400, csrf=False)


def test_a_live_send_keeps_the_pages_flow(host):
    """Sent as it was made, a refusal is shown on the page it leads to, as with the plain form."""
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    answer = send(host, 422, version=host.version(), key="k6", type="discard", seat="1", card="9C", live="1")
    assert 'href="/rules#C-3"' in host.page(answer["redirect"])


def test_the_service_worker_covers_the_whole_site(client):
    response = client.get("/sw.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    assert "no-cache" in response.headers["Cache-Control"]
    manifest = client.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json" and manifest.json["scope"] == "/"


def test_every_table_page_shows_the_connection_state(host):
    host.start()
    for path in (f"/t/{host.table}", f"/t/{host.table}/history"):
        page = host.page(path)
        assert 'id="live"' in page and 'aria-live="polite"' in page
    assert 'id="live"' not in host.page("/")


def test_a_queued_exit_is_not_recorded_as_invalid_when_its_cards_make_a_valid_one(host, client):
    """Issue 18, item 1: a valid arrangement is never written as an invalid exit, whatever a page queued."""
    host.start(tracking="results")
    host.enter(type="deal", dealer="0")
    runs = "JD QD KD AD\n5S 6S 7S 8S\n8C 9C 10C JC\n3H JK 5H"
    answer = send(host, 422, version=host.version(), key="k9-exit", type="exit", seat="1", runs=runs,
                  timing="later", confirm="declared")
    assert answer["problem"]["detail"] == "These cards make a valid exit: confirm it on the exit screen."
    assert f"/t/{host.table}/compose/exit?" in answer["redirect"] and "action=check" in answer["redirect"]
    assert "Confirm: Ben goes out" in host.page(answer["redirect"])
    assert client.get(f"/api/v1/tables/{host.table}").json["version"] == 2


def test_the_page_says_ahead_how_the_table_reads_once_a_queued_draw_and_discard_are_sent(host, phone):
    """Issue 18 item 9: offline, outbox.js shows these headlines instead of offering the draw again."""
    import html
    import re

    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    ben = joined(host, phone("fr"), 1)
    template = re.search(r'<template id="after-draw"([^>]*)>', ben.page()).group(1)
    said = dict(re.findall(r'data-([a-z-]+)="([^"]*)"', html.unescape(template)))
    assert said["headline"] == "À Ben\u00a0: défausser une carte."
    assert said["after-discard"] == "À Chloé\u00a0: prendre une carte."
    assert said["version"] == ben.version()
    assert 'data-t-queued="en attente d’envoi"' in html.unescape(ben.page())


def test_an_exit_sent_by_the_outbox_returns_to_the_table_with_its_verdict(host):
    """Issue 18 §6: the phone's outbox (every play form, with JavaScript) sent an exit to its entry's page."""
    host.start()
    host.enter(type="deal", dealer="0", upcard="7H")
    host.enter(type="draw", seat="1", from_="discard")
    host.enter(type="discard", seat="1", card="9C")
    answer = send(host, 201, version=host.version(), key="x1", live="1", type="exit", seat="1", confirm="valid",
                  runs="5H 6H 7H\n3C 4C 5C\n8D 9D 10D\nJS QS KS\n4S 5S 6S")
    assert answer["redirect"] == f"/t/{host.table}"
    assert "Valid exit · Each opponent pays" in host.page(answer["redirect"])


def test_a_quick_score_sent_by_the_outbox_writes_the_deal_it_implies(host, client):
    """Issue 18 §13, through the outbox too: no "Cards dealt" before a quick score."""
    host.start(players=["Ana", "Ben", "Chloé", "Dan"], tracking="results")
    answer = send(host, 201, version=host.version(), key="q1", live="1", type="exit", seat="2", quick="1",
                  twos="0", jokers="0", timing="later")
    assert answer["version"] == 3 and answer["redirect"] == f"/t/{host.table}"
    assert [(e["type"], e.get("dealer")) for e in client.get(f"/api/v1/tables/{host.table}/entries").json["entries"]] \
        == [("create", None), ("deal", 0), ("exit", None)]
