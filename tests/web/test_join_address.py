"""Join links and QR codes carry an address another phone can open (issue 8 §1)."""

from __future__ import annotations

import re
import socket

import pytest

from api.web import address
from api.web.qr import qr_svg

LINK = re.compile(r'<p class="link"><a href="([^"]+)"')


def share_links(host, base: str, **env) -> list[str]:
    """Start a table, read the share page as it is served on `base` (a Host header), return its links."""
    host.headers["Host"] = base.split("//")[1]
    host.start()
    return LINK.findall(host.page(f"/t/{host.table}/share"))


def test_on_a_loopback_address_the_links_use_the_machines_lan_address(host, app):
    app.config["LAN_ADDRESS"] = "192.168.1.23"
    links = share_links(host, "http://127.0.0.1:8000")
    assert len(links) == 5  # four seats and the spectators' link
    assert all(link.startswith("http://192.168.1.23:8000/") for link in links), links
    host.headers["Host"] = "localhost:8000"
    assert "127.0.0.1" not in host.page(f"/t/{host.table}/share")


def test_a_request_that_came_in_on_a_reachable_host_keeps_it(host, app):
    app.config["LAN_ADDRESS"] = "192.168.1.23"
    links = share_links(host, "http://10.0.0.7:5000")
    assert links and all(link.startswith("http://10.0.0.7:5000/j/") for link in links[:4]), links


def test_public_url_overrides_the_address_behind_a_proxy(host, app):
    app.config["PUBLIC_URL"] = "https://rami.club.example/"
    links = share_links(host, "http://127.0.0.1:8000")
    assert links[0].startswith("https://rami.club.example/j/") and links[-1].startswith("https://rami.club.example/t/")


def test_the_qr_code_encodes_the_same_reachable_link(host, app):
    app.config["LAN_ADDRESS"] = "192.168.1.23"
    host.headers["Host"] = "127.0.0.1:8000"
    host.start()
    page = host.page(f"/t/{host.table}/share")
    link = LINK.findall(page)[0]
    drawn = re.search(r'<path d="([^"]+)"', page).group(1)
    assert drawn == re.search(r'<path d="([^"]+)"', str(qr_svg(link, "x"))).group(1)


def test_the_lan_address_is_found_without_sending_anything(monkeypatch):
    sent = []

    class Recording(socket.socket):
        def send(self, *a, **k):
            sent.append(a)
            return super().send(*a, **k)

        def sendto(self, *a, **k):
            sent.append(a)
            return super().sendto(*a, **k)

    monkeypatch.setattr(address.socket, "socket", Recording)
    found = address.lan_address()
    assert found and not sent
    assert found == "127.0.0.1" or not found.startswith("127.")


def test_without_a_network_the_lan_address_falls_back_to_loopback(monkeypatch):
    class Offline(socket.socket):
        def connect(self, *a):
            raise OSError("Network is unreachable")

    monkeypatch.setattr(address.socket, "socket", Offline)
    assert address.lan_address() == "127.0.0.1"


@pytest.mark.parametrize("found, says", [("192.168.1.23", "phones on this Wi-Fi open http://192.168.1.23:8000"),
                                          ("127.0.0.1", "only this machine can open http://127.0.0.1:8000")])
def test_make_run_prints_the_address_to_open(monkeypatch, capsys, found, says):
    monkeypatch.setattr(address, "lan_address", lambda: found)
    address.main(["address", "8000"])
    assert says in capsys.readouterr().out


@pytest.mark.parametrize("host, split", [("127.0.0.1:8000", ("127.0.0.1", "8000")), ("[::1]:80", ("[::1]", "80")),
                                         ("example.org", ("example.org", "")), ("[fd00::2]", ("[fd00::2]", ""))])
def test_a_host_header_splits_into_name_and_port(host, split):
    assert address.split_host(host) == split


ABSOLUTE = re.compile(r'(?:href|content|src)="(https?://[^"]+)"')


def test_every_page_with_an_absolute_link_or_qr_code_uses_the_reachable_address(host, app):
    """The group's link and QR code encoded 127.0.0.1 while the join links used the LAN (issue 18, item 5)."""
    app.config["LAN_ADDRESS"] = "192.168.1.23"
    host.headers["Host"] = "127.0.0.1:8000"
    group = host.client.post("/api/v1/groups", json={"name": "Le dimanche"}, headers=host.headers).json
    host.get(group["page"], status=303)  # the link opens the group on this phone
    group_page = host.page(f"/g/{group['id']}")
    host.start(group=group["id"])
    pages = {path: host.page(path) for path in ("/", f"/t/{host.table}", f"/t/{host.table}/share",
                                               f"/t/{host.table}/history", f"/t/{host.table}/summary")}
    pages["group"] = group_page
    links = {path: ABSOLUTE.findall(page) for path, page in pages.items()}
    assert links[f"/t/{host.table}/share"] and links["group"]
    for path, page in pages.items():
        assert "127.0.0.1" not in page and "localhost" not in page, path
        assert all(link.startswith("http://192.168.1.23:8000/") for link in links[path]), (path, links[path])
    link = LINK.findall(group_page)[0]
    drawn = re.search(r'<path d="([^"]+)"', group_page).group(1)
    assert drawn == re.search(r'<path d="([^"]+)"', str(qr_svg(link, "x"))).group(1)
