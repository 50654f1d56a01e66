"""The session cookie (§4): tokens unreadable from it, Secure over HTTPS, a month's lifetime."""

import base64
import re
import zlib
from datetime import UTC, datetime, timedelta

from tests.web.conftest import Phone


def cookie_of(response) -> str:
    header = next(v for k, v in response.headers.items() if k == "Set-Cookie" and v.startswith("session="))
    return header


def decodings(value: str) -> list[str]:
    """Every way someone holding the cookie might read it: as is, base64, base64 of zlib (Flask's own)."""
    out = [value]
    for part in value.lstrip(".").split("."):
        try:
            raw = base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))
        except ValueError:
            continue
        out.append(raw.decode("latin-1"))
        try:
            out.append(zlib.decompress(raw).decode("latin-1"))
        except zlib.error:
            pass
    return out


def test_the_host_token_cannot_be_read_from_the_cookie(app):
    host = Phone(app)
    host.start()
    value = host.client.get_cookie("session").value
    with host.client.session_transaction() as session:
        token = session["tables"][0][3]
    assert token and len(token) > 20
    assert not any(token in text for text in decodings(value))


def test_the_session_still_works_and_a_forged_cookie_is_an_empty_session(app):
    host = Phone(app)
    host.start()
    assert "Invite players" in host.page()
    host.client.set_cookie("session", "forged")
    assert host.get("/").status_code == 200
    assert host.table not in host.get("/").get_data(as_text=True)


def test_the_cookie_is_secure_over_https_only(app):
    phone = Phone(app)
    secure = phone.client.post("/lang", data={"lang": "fr", "csrf": phone.csrf()}, base_url="https://arbitre.test")
    plain = Phone(app)
    insecure = plain.client.post("/lang", data={"lang": "fr", "csrf": plain.csrf()})
    assert "Secure" in cookie_of(secure) and "Secure" not in cookie_of(insecure)
    assert "HttpOnly" in cookie_of(secure)


def test_a_phone_keeps_its_tables_for_a_month_after_its_last_visit(app):
    host = Phone(app)
    host.start()
    expires = re.search(r"Expires=([^;]+)", cookie_of(host.post("/lang", {"lang": "fr", "next": "/"}))).group(1)
    when = datetime.strptime(expires, "%a, %d %b %Y %H:%M:%S GMT").replace(tzinfo=UTC)
    assert timedelta(days=29) < when - datetime.now(UTC) <= timedelta(days=31)
