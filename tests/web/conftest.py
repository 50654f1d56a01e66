"""Fixtures for the web pages: phones (test clients with their own session) that fill forms like a player."""

from __future__ import annotations

import re

import pytest

CSRF = re.compile(r'name="csrf" content="([^"]+)"')
VERSION = re.compile(r'data-version="(\d+)"')
CODE = re.compile(r'<p class="code"[^>]*>([A-Z0-9]{8})</p>')


class Phone:
    """One phone at the table: its own cookies, forms posted with its CSRF token."""

    def __init__(self, app, lang: str = "en"):
        self.client = app.test_client()
        self.headers = {"Accept-Language": lang}
        self.table = None

    def get(self, path: str, status: int = 200):
        response = self.client.get(path, headers=self.headers)
        assert response.status_code == status, (path, response.status_code, response.get_data(as_text=True)[:2000])
        return response

    def csrf(self) -> str:
        return CSRF.search(self.get("/join").get_data(as_text=True)).group(1)

    def post(self, path: str, data: dict, status: int = 303, csrf: bool = True):
        data = dict(data)
        if csrf:
            data["csrf"] = self.csrf()
        response = self.client.post(path, data=data, headers=self.headers)
        assert status is None or response.status_code == status, (path, response.status_code,
                                                                  response.get_data(as_text=True)[:2000])
        return response

    def follow(self, response):
        return self.get(response.headers["Location"])

    def start(self, game="continental", players=("Ana", "Ben", "Chloé", "Dan"), **fields) -> str:
        """Start a table from the form and return its id (this phone is the host)."""
        data = {"game": game, "player": list(players), "tracking": "full", "dealer": "0", **fields}
        response = self.post("/new", data)
        self.table = response.headers["Location"].split("/")[2]
        return self.table

    def codes(self) -> list[str]:
        return CODE.findall(self.get(f"/t/{self.table}/share").get_data(as_text=True))

    def page(self, path: str | None = None) -> str:
        return self.get(path or f"/t/{self.table}").get_data(as_text=True)

    def version(self) -> str:
        return VERSION.search(self.page()).group(1)

    def enter(self, status: int = 303, **fields) -> str:
        """Post a play form (type, seat, ...) and return the page it leads to."""
        data = {"version": self.version(), **{k.rstrip("_"): v for k, v in fields.items()}}
        response = self.post(f"/t/{self.table}/entry", data, status=status)
        return self.follow(response).get_data(as_text=True) if status == 303 else response.get_data(as_text=True)


@pytest.fixture(autouse=True)
def _codes_dir(app, tmp_path):
    app.config["JOIN_CODES_DIR"] = str(tmp_path / "codes")


@pytest.fixture
def host(app) -> Phone:
    return Phone(app)


@pytest.fixture
def phone(app, tmp_path):
    """Make more phones: `phone()`, `phone("fr")`. Their join codes in the test's folder, here and where a game's
    page tests import this fixture (tests/<game>/conftest.py)."""
    app.config["JOIN_CODES_DIR"] = str(tmp_path / "codes")
    return lambda lang="en": Phone(app, lang)


def joined(host: Phone, other: Phone, seat: int) -> Phone:
    """Seat `other` at the host's table with the seat's code."""
    code = host.codes()[seat]
    other.post("/join", {"code": code})
    other.table = host.table
    return other
