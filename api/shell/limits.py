"""Rate limits per client address (Flask-Limiter): writes, new tables, join-code guesses, the stateless referee.

Each limit is a Flask-Limiter string read from the environment (or the app's config), so a club can
change it without code. The defaults never slow a real table: five phones on one Wi-Fi address write
about one entry every two seconds together at their fastest (a turn is a draw and a discard); the write
limit lets one address write 5 a second for 10 seconds and 2 a second for 10 minutes, enough for four
such tables at once behind one address. A refused request is a 429 with `Retry-After`.

Counts live in memory (`memory://`): right for one process. With several gunicorn workers each keeps
its own counts (a client gets up to the limit times the workers); several workers or hosts that must
share the counts name a Redis in RATELIMIT_STORAGE_URI (`redis://host:6379/0`).
"""

from __future__ import annotations

import functools
import logging
import math
import os
import threading
import time

from flask import Flask, current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import RateLimitItem, parse_many
from limits.errors import StorageError
from limits.storage import MemoryStorage
from werkzeug.exceptions import TooManyRequests

from api.shell.errors import problem

DEFAULTS = {
    "RATELIMIT_WRITES": "50 per 10 seconds;1200 per 10 minutes",  # entries, corrections, form posts
    "RATELIMIT_TABLES": "10 per minute;60 per hour",  # new tables and imports
    "RATELIMIT_JOINS": "10 per minute;60 per hour;200 per day",  # wrong join codes (a right one is free)
    "RATELIMIT_CODE": "30 per hour",  # uses of one join code, whoever tries it
    "RATELIMIT_REFEREE": "120 per minute",  # the stateless referee (an arrangement costs CPU)
}

# endpoint: (its limit, the methods it limits, counted only when the answer is a 404: a wrong code)
ENDPOINTS = {
    "tables.enter": ("RATELIMIT_WRITES", None),
    "tables.create": ("RATELIMIT_TABLES", None),
    "tables.import_": ("RATELIMIT_TABLES", None),
    "pages.create": ("RATELIMIT_TABLES", None),
    "pages.import_log": ("RATELIMIT_TABLES", ["POST"]),
    "play.enter": ("RATELIMIT_WRITES", None),
    "play.compose": ("RATELIMIT_WRITES", ["POST"]),
    "history.void": ("RATELIMIT_WRITES", ["POST"]),
    "history.replace": ("RATELIMIT_WRITES", ["POST"]),
    "outbox.send": ("RATELIMIT_WRITES", None),  # entries made offline, sent when the phone is back
    "groups.create": ("RATELIMIT_TABLES", None),
    "groups.rename": ("RATELIMIT_WRITES", None),
    "groups_web.rename": ("RATELIMIT_WRITES", None),
    "pages.join": ("RATELIMIT_JOINS", None),
    "pages.join_code": ("RATELIMIT_JOINS", None),
}
JOINS = ("pages.join", "pages.join_code")


class SweptMemoryStorage(MemoryStorage):
    """`memory://`, swept of expired counts at most once a second in the request that passes by.

    The library's own starts a timer thread whenever its last one has run (every 10 ms): a thread start on
    nearly every write under load, several milliseconds each on a busy machine. Counts expire on read all
    the same (`get` checks the expiry); the sweep only frees memory. Registered under `memory`, it is what
    `memory://` names from here on.
    """

    STORAGE_SCHEME = ["memory"]
    SWEEP_EVERY = 1.0

    def _MemoryStorage__schedule_expiry(self) -> None:  # the name the base class calls (name-mangled)
        now = time.time()
        if now >= getattr(self, "_next_sweep", 0.0):
            self._next_sweep = now + self.SWEEP_EVERY
            self._MemoryStorage__expire_events()


class Breached(TooManyRequests):
    """A limit this request would go over: which one, and when it lets a request through again."""

    def __init__(self, item: RateLimitItem, reset_at: float):
        super().__init__(str(item))
        self.item, self.reset_at = item, reset_at


@functools.lru_cache(maxsize=64)
def _items(text: str) -> tuple[RateLimitItem, ...]:
    return tuple(parse_many(text))


class Counts:
    """Where the limits count: the configured storage (memory, or the Redis of RATELIMIT_STORAGE_URI); while
    that Redis does not answer, this process's memory (a warning in the log), trying the Redis again every
    RETRY seconds. A Redis that is down never stops a table: the limits go on per worker meanwhile."""

    RETRY = 5.0

    def __init__(self, limiter: Limiter):
        self.limiter = limiter
        self.fallback = None
        self.away_until = 0.0
        self.lock = threading.Lock()

    def strategy(self):
        return self.fallback if time.monotonic() < self.away_until else self.limiter.limiter

    def away(self, error: Exception):
        with self.lock:
            if self.fallback is None:
                self.fallback = type(self.limiter.limiter)(SweptMemoryStorage())
            if time.monotonic() >= self.away_until:
                logging.getLogger("arbitre.limits").warning(
                    "rate-limit storage unreachable (%s): counting in this process's memory for %.0f s", error,
                    self.RETRY)
            self.away_until = time.monotonic() + self.RETRY
        return self.fallback


class Check:
    """One limit (by its config name) on a view, counted per `key()` (the client's address unless told).

    Flask-Limiter's strategy and storage (`Limiter.limiter`: memory, or the Redis of RATELIMIT_STORAGE_URI),
    called straight from the view: its own per-view decorator looks for exemptions, request filters, dynamic
    and default limits on every call, none of which we use, and cost an append a fifth of its time.
    `methods`: the methods counted (None: all); `deduct_when(response)`: count only such answers (a wrong
    join code), the view's answer waiting for nothing but a look at the count.
    """

    def __init__(self, counts: Counts, name: str, methods=None, deduct_when=None, key=get_remote_address):
        self.counts, self.name, self.methods, self.deduct_when, self.key = counts, name, methods, deduct_when, key

    def __call__(self, view):
        @functools.wraps(view)
        def limited(*args, **kwargs):
            if not self.counts.limiter.enabled or (self.methods is not None and request.method not in self.methods):
                return view(*args, **kwargs)
            ids, items = (self.key(), self.name), _items(current_app.config[self.name])
            self._count(items, ids, before=True)
            response = current_app.make_response(view(*args, **kwargs))
            if self.deduct_when is not None and self.deduct_when(response):
                self._count(items, ids, before=False)
            return response
        return limited

    def _count(self, items, ids, before: bool) -> None:
        """Before the view: count (or, with `deduct_when`, only look), refusing a request over a limit. After it:
        count an answer that `deduct_when` names."""
        strategy = self.counts.strategy()
        try:
            self._apply(strategy, items, ids, before)
        except StorageError as error:
            self._apply(self.counts.away(error), items, ids, before)

    def _apply(self, strategy, items, ids, before: bool) -> None:
        for item in items:
            if not before:
                strategy.hit(item, *ids)
            elif not (strategy.test(item, *ids) if self.deduct_when else strategy.hit(item, *ids)):
                raise Breached(item, strategy.get_window_stats(item, *ids).reset_time)


def _code_key() -> str:
    """The join code tried, as the lookup reads it (so `abcd-efgh` and `ABCDEFGH` count as one)."""
    from api.web.codes import normalise

    code = request.form.get("code") if request.method == "POST" else (request.view_args or {}).get("code")
    return "code:" + (normalise(code or "") or "-")


def _wrong_code(response) -> bool:
    return response.status_code == 404


def init_app(app: Flask) -> None:
    """Limit the endpoints that write or guess; must come after the parts that register them."""
    for name, default in DEFAULTS.items():
        app.config.setdefault(name, os.environ.get(name, default))
    app.config.setdefault("RATELIMIT_STORAGE_URI", os.environ.get("RATELIMIT_STORAGE_URI", "memory://"))
    app.config.setdefault("RATELIMIT_STRATEGY", "sliding-window-counter")
    # Storage errors as `limits`' own (Counts falls back on them), and a Redis that does not answer within half
    # a second is taken as away, not waited for.
    redis = str(app.config["RATELIMIT_STORAGE_URI"]).startswith("redis")  # rediss, redis+unix too
    app.config.setdefault("RATELIMIT_STORAGE_OPTIONS", {"wrap_exceptions": True, **(
        {"socket_connect_timeout": 0.5, "socket_timeout": 0.5} if redis else {})})
    # No X-RateLimit-* headers on every answer (a tenth of an append's time): a 429 alone says Retry-After.
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", False)
    limiter = Limiter(get_remote_address, app=app)
    # Its check before every request looks for default, application and blueprint limits: none are set here.
    # Every limit is on its view (below), which checks it itself; that look cost a sixth of an append.
    # (An app made with RATELIMIT_ENABLED false has no such check to remove.)
    checks = app.before_request_funcs.get(None, [])
    if limiter._check_request_limit in checks:
        checks.remove(limiter._check_request_limit)
    app.extensions["arbitre.limiter"] = limiter
    counts = Counts(limiter)
    views = app.view_functions
    # Shared by name: the API and the pages count together (a new table is one, by either way in).
    for endpoint, (name, methods) in ENDPOINTS.items():
        if endpoint not in views:
            continue
        wrong = _wrong_code if endpoint in JOINS else None
        view = Check(counts, name, methods, wrong)(views[endpoint])
        if endpoint in JOINS:
            view = Check(counts, "RATELIMIT_CODE", key=_code_key)(view)
        views[endpoint] = view
    referee = Check(counts, "RATELIMIT_REFEREE")
    for endpoint in [e for e in views if e.startswith("referee.")]:
        views[endpoint] = referee(views[endpoint])

    @app.errorhandler(Breached)
    def too_many(exc: Breached):
        limit = exc.item
        detail = (f"too many requests from this address here: {limit.amount} per "
                  f"{limit.multiples} {limit.GRANULARITY.name}(s) at most; Retry-After says when to try again")
        if not request.path.startswith("/api/"):
            from flask import make_response, render_template

            from api.web.i18n import N_

            response = make_response(render_template(
                "error.html", code=429, title=N_("Too many tries"),
                detail=N_("Too many tries from this network. Wait a minute, then try again.")), 429)
        else:
            response = problem(429, "Too many requests", detail)
        response.headers["Retry-After"] = str(max(1, math.ceil(exc.reset_at - time.time())))
        return response
