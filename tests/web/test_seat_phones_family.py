"""One phone, one seat at a table of one's own (E-6): where results wait for another seat's confirmation, a seat's
invitation link (its code, its QR code) opened on a second phone is refused while the first holds it, and the host
releases it from the invitation page in one tap. A table that asks for no confirmation opens a seat on any phone."""

from __future__ import annotations

import re


def test_a_seat_link_opened_on_a_second_phone_is_refused_and_the_host_releases_it(host, phone):
    host.start("continental", tracking="results", confirmation="1")
    code = host.codes()[1]
    ben, other = phone(), phone("fr")
    ben.get(f"/j/{code}", status=303)
    refused = other.get(f"/j/{code}", status=409).get_data(as_text=True)
    assert "La place de Ben est prise sur un autre téléphone\u00a0: demandez à l’hôte." in refused
    assert "ask the host" in phone().post("/join", {"code": code}, status=409).get_data(as_text=True)
    share = host.page(f"/t/{host.table}/share")
    assert share.count("Release the seat of") == 1 and "Release the seat of Ben" in share
    action = re.search(r'action="([^"]+/seats/1/release)"', share).group(1)
    ben.post(action, {}, status=403)  # a seat's phone does not release
    host.post(action, {})  # one tap
    other.get(f"/j/{code}", status=303)
    other.table = ben.table = host.table
    with ben.client.session_transaction() as session:
        kept = next(r for r in session["tables"] if r[0] == host.table)
    assert kept[1] == "seat"  # the token is still in its cookie, and yet it acts no more
    host.enter(type="deal", dealer="0")
    ben.enter(status=None, type="exit", seat="1", quick="1", twos="0", jokers="0", timing="later", key="q-b")
    assert [e["type"] for e in _entries(ben)] == ["create", "deal"]  # nothing written from the released phone
    other.enter(type="exit", seat="1", quick="1", twos="0", jokers="0", timing="later", key="q-1")  # the new phone
    assert [e["type"] for e in _entries(ben)] == ["create", "deal", "exit"]


def _entries(phone) -> list[dict]:
    return phone.client.get(f"/api/v1/tables/{phone.table}/entries").json["entries"]


def test_a_table_without_confirmation_opens_a_seat_on_any_phone(host, phone):
    host.start("continental", tracking="results")
    code = host.codes()[1]
    phone().get(f"/j/{code}", status=303)
    phone().get(f"/j/{code}", status=303)
    assert "Release the seat of" not in host.page(f"/t/{host.table}/share")
