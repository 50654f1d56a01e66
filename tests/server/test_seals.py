"""Exports are sealed with the server's key (§4): a cut or rehashed export is seen; a foreign one is unverified."""

import json
from datetime import datetime

import pytest

from api import create_app
from events.chain import entry_hash
from events.db import dispose
from tests.web.conftest import Phone


@pytest.fixture
def played(tables):
    table = tables.create("continental", ["Ana", "Ben", "Chloé", "Dan"])
    table.enter("deal", dealer=0, upcard="7H")
    table.enter("draw", 1, from_="stock")
    table.enter("discard", 1, card="QH")
    return table


def export(table) -> list[dict]:
    return [json.loads(line) for line in table.client.get(f"/api/v1/tables/{table.id}/export").get_data(
        as_text=True).splitlines()]


def imported(client, lines: list[dict], expect: int = 201) -> dict:
    text = "\n".join(json.dumps(line, ensure_ascii=False) for line in lines)
    response = client.post("/api/v1/tables/import", data=text.encode(), content_type="application/x-ndjson")
    assert response.status_code == expect, response.get_data(as_text=True)
    return response.json


def rehashed(lines: list[dict]) -> list[dict]:
    """Recompute every hash, as a forger who changed a line would."""
    prev, out = None, []
    for line in lines:
        data = {k: v for k, v in line.items() if k not in ("seq", "type", "at", "seat", "hash", "seal", "names")}
        prev = entry_hash(line["seq"], line["type"], line["seat"], datetime.fromisoformat(line["at"]), data, prev)
        out.append(line | {"hash": prev})
    return out


def test_an_export_of_this_server_imports_verified(played, client):
    assert imported(client, export(played))["verified"] is True


def test_recomputing_every_hash_after_a_change_breaks_the_seal(played, client):
    lines = export(played)
    lines[3]["card"] = "KH"
    problem = imported(client, rehashed(lines), expect=422)
    assert problem["rules"] == ["E-4"] and "seal" in problem["detail"]


def test_cutting_lines_off_the_end_and_moving_the_seal_is_refused(played, client):
    lines = export(played)
    cut = lines[:-1]
    cut[-1]["seal"] = lines[-1]["seal"]
    assert "seal" in imported(client, cut, expect=422)["detail"]


def test_cutting_the_sealed_line_off_leaves_an_unverified_log(played, client):
    assert imported(client, export(played)[:-1])["verified"] is False


def test_an_export_sealed_by_another_server_imports_unverified(played, database_url):
    other = create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "another server"})
    try:
        assert imported(other.test_client(), export(played))["verified"] is False
    finally:
        dispose(other)


def test_the_page_says_an_import_is_unverified(played, app):
    phone = Phone(app, "fr")
    text = "\n".join(json.dumps(line) for line in export(played)[:-1])
    page = phone.follow(phone.post("/import", {"log": text})).get_data(as_text=True)
    assert "non vérifié" in page
    other = Phone(app)
    page = other.follow(other.post("/import", {"log": "\n".join(json.dumps(x) for x in export(played))}))
    assert "seal holds" in page.get_data(as_text=True)
