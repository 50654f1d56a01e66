"""Capability pages answer `Cache-Control: no-store` (a shared computer's cache or a proxy keeps no table, seat,
group, console, players' page or screen for the next person); HSTS when served over HTTPS as the trusted proxies
in front say (ARBITRE_PROXIES), never on a scheme a client claims on its own."""

from __future__ import annotations

import re

import pytest

from api import create_app
from tests.tournaments.evening import Evening
from tests.web.conftest import Phone

EIGHT = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred", "Gus", "Hana"]
HSTS = "max-age=63072000; includeSubDomains"


def test_every_capability_page_says_no_store_and_public_ones_do_not(app, client, tables):
    evening = Evening(client, tables, players=EIGHT, rounds=1)
    evening.start()
    table = evening.rounds[0][0].id
    host = Phone(app)
    seat = host.start()
    director = Phone(app)
    director.get(f"/n/{evening.id}/k/{evening.director}", status=303)
    group = Phone(app)
    group.get(f"/g/{evening.group.id}/k/{evening.group.token}", status=303)
    console = director.page(f"/n/{evening.id}/d")
    players_link = re.search(r'href="(http[^"]*/n/[^"]+/p/[^"]+)"', console).group(1).split("localhost", 1)[-1]
    pages = [(host, "/"), (host, f"/t/{seat}"), (host, f"/t/{seat}/share"), (host, f"/t/{seat}/history"),
             (Phone(app), f"/t/{table}"), (group, f"/g/{evening.group.id}"), (director, f"/n/{evening.id}/d"),
             (Phone(app), players_link), (Phone(app), f"/n/{evening.id}/screen"),
             (Phone(app), f"/n/{evening.id}/results"), (Phone(app), f"/n/{evening.id}/results.csv"),
             (Phone(app), "/join")]
    for phone, path in pages:
        answer = phone.get(path)
        assert answer.headers.get("Cache-Control") == "no-store", path
    for path in ("/rules", "/privacy"):
        assert "no-store" not in client.get(path).headers.get("Cache-Control", ""), path


@pytest.fixture
def proxied(database_url):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "ARBITRE_PROXIES": 1})
    yield app
    from events.db import dispose

    dispose(app)


def test_hsts_over_https_behind_the_trusted_proxy_only(app, proxied):
    https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    for path in ("/", "/rules", "/api/openapi.json"):
        assert proxied.test_client().get(path, headers=https).headers.get("Strict-Transport-Security") == HSTS
        assert "Strict-Transport-Security" not in proxied.test_client().get(path).headers  # plain HTTP
        # no proxy is trusted: a client saying https on its own gets no HSTS (nor a Secure cookie)
        assert "Strict-Transport-Security" not in app.test_client().get(path, headers=https).headers
