"""The phone's session cookie: encrypted (its seat and host tokens cannot be read from it), `Secure` when
served over HTTPS, and kept for 30 days after the phone's last visit (sent again on a visit once a day at most).

Flask's own cookie is only signed: anyone holding it (a shared computer, a log, a proxy) could read the
tokens in it by decoding base64. Here the cookie is a Fernet token (AES-128-CBC and HMAC-SHA256) of the
compressed session under a key derived from SECRET_KEY, so it is both unreadable and tamper-proof.
Behind a proxy that terminates HTTPS, set ARBITRE_PROXIES to the number of proxies in front, so that the
client's address (rate limits) and scheme (`Secure`, and HSTS) are read from their X-Forwarded-* headers.
Every answer served over HTTPS carries `Strict-Transport-Security` (two years, subdomains too): a phone that
once came over HTTPS never again sends its cookie, or follows a table's link, in clear.
"""

from __future__ import annotations

import base64
import hashlib
import os
import time
import zlib
from datetime import timedelta

from cryptography.fernet import Fernet, InvalidToken
from flask import Flask, request
from flask.json.tag import TaggedJSONSerializer
from flask.sessions import SecureCookieSessionInterface

LIFETIME = timedelta(days=30)  # a month after the last visit: the next game night, not forever
RESEAL_AFTER = timedelta(days=1)  # an unchanged session is sent again, to keep it a month on, once a day at most
HSTS = "max-age=63072000; includeSubDomains"  # two years, the preload list's figure


class _Sealed:
    """An itsdangerous-like serializer (`dumps`, `loads`) that encrypts what it writes."""

    def __init__(self, secret: str, max_age: int, fallback):
        digest = hashlib.sha256(b"arbitre.session\0" + secret.encode()).digest()
        self.fernet = Fernet(base64.urlsafe_b64encode(digest))
        self.max_age, self.fallback, self.json = max_age, fallback, TaggedJSONSerializer()

    def dumps(self, value) -> str:
        return self.fernet.encrypt(zlib.compress(self.json.dumps(value).encode())).decode()

    def loads(self, text, max_age=None):
        try:
            raw = self.fernet.decrypt(text.encode() if isinstance(text, str) else text, ttl=self.max_age)
            return self.json.loads(zlib.decompress(raw).decode())
        except (InvalidToken, zlib.error, ValueError):
            if self.fallback is None:
                raise BadCookie() from None
            return self.fallback.loads(text, max_age=max_age)  # a cookie signed before encryption came in

    def sealed_at(self, text: str) -> int | None:
        """When this cookie was sealed (Unix seconds), or None if it is not one of ours (an older, signed one)."""
        try:
            return self.fernet.extract_timestamp(text.encode())
        except InvalidToken:
            return None


class BadCookie(Exception):
    """Not a cookie of ours: Flask starts a new, empty session."""


class SealedSessionInterface(SecureCookieSessionInterface):
    """Flask's cookie session, encrypted; `Secure` whenever the request came over HTTPS."""

    def get_signing_serializer(self, app: Flask):
        if not app.secret_key:
            return None
        made = (str(app.secret_key), int(app.permanent_session_lifetime.total_seconds()))
        kept = app.extensions.get("arbitre.session")
        if kept is None or kept[0] != made:  # made once per app: a key derivation is not free
            kept = app.extensions["arbitre.session"] = (made, _Sealed(*made, super().get_signing_serializer(app)))
        return kept[1]

    def open_session(self, app, request_):
        if not request_.cookies.get(self.get_cookie_name(app)):
            return self.session_class()  # the API's requests carry none: nothing to decrypt
        try:
            return super().open_session(app, request_)
        except BadCookie:
            return self.session_class()

    def save_session(self, app: Flask, session, response) -> None:
        """Send the cookie when the answer changed the session; an unchanged one only on a page the phone visits,
        and at most once a day, to keep it a month after the last visit.

        A cookie that changes nothing is the session as it was when its request left: landing after a form's
        answer, it undoes what that answer wrote (its verdict, a seat just taken, a host's token). Every
        answer used to send it, a file of the page's (the service worker refreshes them behind the page) as
        much as a page's own refresh in the background (`X-Live`) or the table's stream, which sends its
        headers with the very entry a form has just written: on a loaded machine an exit's "Valid exit" went
        missing from the table page it returned to.
        """
        if session.modified or self._reseals(app, session, response):
            super().save_session(app, session, response)
        elif session.accessed:
            response.vary.add("Cookie")

    def _reseals(self, app: Flask, session, response) -> bool:
        if not session.permanent or request.method != "GET" or request.headers.get("X-Live"):
            return False
        if response.mimetype != "text/html" or request.path.startswith("/api/"):
            return False  # a file, the manifest, the service worker, the API's JSON and stream
        if request.headers.get("Sec-Fetch-Dest", "document") != "document":
            return False  # a page fetched by a script (the service worker keeping History for offline)
        sealed = self.get_signing_serializer(app)
        at = sealed.sealed_at(request.cookies.get(self.get_cookie_name(app), "")) if sealed else None
        return at is None or time.time() - at >= RESEAL_AFTER.total_seconds()

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"] or request.is_secure)


def init_app(app: Flask) -> None:
    app.session_interface = SealedSessionInterface()
    if app.config.get("PERMANENT_SESSION_LIFETIME") == timedelta(days=31):  # Flask's default: ours instead
        app.config["PERMANENT_SESSION_LIFETIME"] = LIFETIME
    app.config.setdefault("SESSION_COOKIE_HTTPONLY", True)
    proxies = int(os.environ.get("ARBITRE_PROXIES", app.config.get("ARBITRE_PROXIES", 0)) or 0)
    if proxies:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)
    app.after_request(strict_transport)


def strict_transport(response):
    """HSTS on an answer that came over HTTPS (as the proxies in front say, when ARBITRE_PROXIES trusts them; an
    X-Forwarded-Proto that no trusted proxy wrote is ignored, as it is for the cookie's `Secure`)."""
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", HSTS)
    return response
