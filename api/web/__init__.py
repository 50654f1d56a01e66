"""The table's web pages: server-rendered, mobile first, on the same service as the JSON API."""

from __future__ import annotations

from datetime import timedelta

from flask import Flask, request

from api.web import gameview, security
from api.web.table import cardview
from api.web.words import i18n

INDEXED = frozenset({"/", "/rules"})  # the pages a search engine may list; every other address says noindex
PUBLIC = frozenset({"/rules", "/privacy"})  # the same for everyone: a browser or a proxy may keep them


def capability(path: str) -> bool:
    """A page whose address or session is a capability (a table, a seat, a group, a console, the players' page,
    the screen, this phone's tables on the home page, a form): `Cache-Control: no-store`, so that neither a
    shared computer's cache nor a proxy keeps it for the next person. Static files and the public pages are
    not; the API's answers are the API's."""
    return not path.startswith(("/api/", "/static/")) and path not in PUBLIC


def init_app(app: Flask) -> None:
    """Register the page blueprints, the language, the CSRF check and the template helpers."""
    from api.web import csv_download, pages
    from api.web.table import history, play, summary, undo
    from api.web.words import messages

    if app.config.get("PERMANENT_SESSION_LIFETIME") == timedelta(days=31):  # Flask's default: a phone keeps
        app.config["PERMANENT_SESSION_LIFETIME"] = timedelta(days=365)  # its tables for a year
    if not app.config.get("SESSION_COOKIE_SAMESITE"):
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    for bp in (pages.bp, play.bp, history.bp, undo.bp, summary.bp, csv_download.bp):
        app.register_blueprint(bp)
    i18n.init_app(app)
    messages.init_app(app)
    gameview.init_app(app)
    app.jinja_env.globals.update(
        _=i18n.gettext, ngettext=i18n.ngettext, csrf_token=security.csrf_token, lang=i18n.current_lang,
        card_label=i18n.card_label, card_name=i18n.card_name, key_name=i18n.key_name, is_red=i18n.is_red,
        picker_rows=cardview.picker_rows, seat_name=cardview.seat_name, hand_sizes=cardview.hand_sizes,
    )
    from api.web.table import changes, turn

    app.jinja_env.globals.update(undo_short=undo.short, undo_author=undo.author,
                                 table_headline=turn.headline, changed_hands=changes.changed_hands,
                                 stock_only=turn.both_passed)
    app.jinja_env.filters.update(card=i18n.card_label, when=cardview.when, signed=cardview.signed,
                                number=cardview.number)

    @app.after_request
    def _headers(response):
        if request.path not in INDEXED:  # a table's, a group's or a join link's address is its capability
            response.headers.setdefault("X-Robots-Tag", "noindex, nofollow")
        if not request.path.startswith("/api/"):
            response.headers.setdefault("Content-Security-Policy",
                                        "default-src 'self'; img-src 'self' data:; style-src 'self'; "
                                        "frame-ancestors 'none'; form-action 'self'")
            response.headers.setdefault("X-Content-Type-Options", "nosniff")
            response.headers.setdefault("Referrer-Policy", "same-origin")
            response.vary.add("Cookie")
            response.vary.add("Accept-Language")
        if capability(request.path):
            response.headers.setdefault("Cache-Control", "no-store")
        return response
