"""The phone's session cookie: encrypted (its seat and host tokens cannot be read from it), `Secure` when
served over HTTPS, and kept for 30 days after the phone's last visit.

Flask's own cookie is only signed: anyone holding it (a shared computer, a log, a proxy) could read the
tokens in it by decoding base64. Here the cookie is a Fernet token (AES-128-CBC and HMAC-SHA256) of the
compressed session under a key derived from SECRET_KEY, so it is both unreadable and tamper-proof.
Behind a proxy that terminates HTTPS, set ARBITRE_PROXIES to the number of proxies in front, so that the
client's address (rate limits) and scheme (`Secure`) are read from their X-Forwarded-* headers.
"""

from __future__ import annotations

import base64
import hashlib
import os
import zlib
from datetime import timedelta

from cryptography.fernet import Fernet, InvalidToken
from flask import Flask, request
from flask.json.tag import TaggedJSONSerializer
from flask.sessions import SecureCookieSessionInterface

LIFETIME = timedelta(days=30)  # a month after the last visit: the next game night, not forever


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
