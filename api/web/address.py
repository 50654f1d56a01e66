"""The address other phones at the table should open: join links and QR codes must reach this server.

Order: `PUBLIC_URL` (a deployment behind a proxy) wins; else the host the request came in on, unless it is
loopback (a phone cannot reach another phone's 127.0.0.1); else this machine's address on the local network.
Finding that address sends nothing: connecting a UDP socket only picks the interface a packet would leave by.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import sys

from flask import current_app, request, url_for

PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")  # private: never routed to the outside
LOOPBACK = "127.0.0.1"


def lan_address() -> str:
    """This machine's address on the local network, or 127.0.0.1 when it has none (no packet is sent)."""
    for probe in PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))  # UDP connect: chooses a route, sends nothing
                address = s.getsockname()[0]
        except OSError:
            continue
        if not _is_loopback(address) and address != "0.0.0.0":
            return address
    return LOOPBACK


def _is_loopback(host: str) -> bool:
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def public_base() -> str:
    """The scheme, host and port other phones open, without a trailing slash."""
    configured = current_app.config.get("PUBLIC_URL") or os.environ.get("PUBLIC_URL")
    if configured:
        return configured.rstrip("/")
    name, port = split_host(request.host)
    if not _is_loopback(name):
        return f"{request.scheme}://{request.host}"
    address = current_app.config.get("LAN_ADDRESS") or lan_address()
    return f"{request.scheme}://{address}{':' + port if port else ''}"


def split_host(host: str) -> tuple[str, str]:
    """Split a Host header into name and port (`[::1]:8000` gives `[::1]`, `8000`; no port gives "")."""
    if host.startswith("["):
        name, _, rest = host.partition("]")
        return name + "]", rest[1:] if rest.startswith(":") else ""
    name, colon, port = host.rpartition(":")
    return (name, port) if colon and port.isdigit() else (host, "")


def external_url(endpoint: str, **values) -> str:
    """An absolute link to `endpoint` that another phone can open."""
    return public_base() + url_for(endpoint, **values)


def main(argv: list[str]) -> None:
    """Print the address to open on the other phones (`make run` calls this before serving)."""
    port = argv[1] if len(argv) > 1 else "8000"
    address = lan_address()
    if address == LOOPBACK:
        print(f"Arbitre: no local network found; only this machine can open http://127.0.0.1:{port}")
    else:
        print(f"Arbitre: phones on this Wi-Fi open http://{address}:{port} (this machine: http://127.0.0.1:{port})")


if __name__ == "__main__":
    main(sys.argv)
