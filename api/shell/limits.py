"""Rate limits that fit a club: writes per seat or host token, anonymous work per client address.

Each limit is a `limits` string read from the environment (or the app's config), so a club can change it
without code; a refused request is a 429 with `Retry-After`.

- Writes (entries, corrections, play forms, the offline outbox, renames) count per token: the API's Bearer
  token, a group's X-Group-Token, or the seat or host token a page's session holds for its table. A table's
  phones then never share a count with the other tables of their Wi-Fi or carrier (every phone of a club, or
  of a mobile network's NAT, comes from one address). A write with no token counts per address. Every write
  also counts, far more generously, per address (RATELIMIT_ADDRESS_WRITES), so that made-up tokens cannot
  write without end.
- New tables and imports count per address, or per group token when a group's page or client makes them
  (a club's evening opens its tables in its group).
- Wrong join codes (a right one is free), by form or by QR link, count per address; one code's uses count
  whoever tries it; the stateless referee counts per address.

Counts are shared by every worker and host when RATELIMIT_STORAGE_URI (or REDIS_URL) names a Redis. Without
one each worker counts in its own memory and allows its share of each limit: the limit divided by the
workers of the host (ARBITRE_WORKERS, set by the Procfile's worker, or WEB_CONCURRENCY), so that a host
allows about the limit whichever worker each request reaches. A Redis that does not answer never stops a
table: the worker counts in its memory meanwhile (a warning in the log) and tries the Redis again every 5 s.

The `limits` library is called straight from the views (no Flask-Limiter): only the strategy and the storage
are used, and no private name of the library.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import math
import os
import threading
import time

from flask import Flask, current_app, request, session
from limits import RateLimitItem, parse_many
from limits.errors import StorageError
from limits.storage import MemoryStorage, storage_from_string
from limits.strategies import STRATEGIES
from werkzeug.exceptions import HTTPException, TooManyRequests

from api.shell.errors import problem
from api.shell.local_counts import LocalCounts

DEFAULTS = {
    "RATELIMIT_WRITES": "50 per 10 seconds;1200 per 10 minutes",  # per token: one table's phones
    "RATELIMIT_ADDRESS_WRITES": "600 per 10 seconds;20000 per 10 minutes",  # per address: a whole club
    "RATELIMIT_TABLES": "30 per minute;200 per hour",  # new tables and imports: a club opens its evening's at once
    "RATELIMIT_JOINS": "10 per minute;60 per hour;200 per day",  # wrong join codes (a right one is free)
    "RATELIMIT_CODE": "30 per hour",  # uses of one join code, whoever tries it
    "RATELIMIT_REFEREE": "120 per minute",  # the stateless referee (an arrangement costs CPU)
    "RATELIMIT_ROUNDS": "10 per minute;60 per hour",  # a tournament's rounds (each opens its tables), per director
}

# endpoint: (its limit, the methods it limits)
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
    "groups.rename_group": ("RATELIMIT_WRITES", None),
    "groups_web.rename": ("RATELIMIT_WRITES", None),
    "pages.join": ("RATELIMIT_JOINS", None),
    "pages.join_code": ("RATELIMIT_JOINS", None),
    "tournaments.create": ("RATELIMIT_TABLES", None),
    "tournaments.start_round": ("RATELIMIT_ROUNDS", None),
    "tournaments_web.create": ("RATELIMIT_TABLES", None),
    "tournaments_web.start_round": ("RATELIMIT_ROUNDS", None),
}
JOINS = ("pages.join", "pages.join_code")
REFEREE = "referee."  # every endpoint of the stateless referee


class Breached(TooManyRequests):
    """A limit this request would go over: which one, and when it lets a request through again."""

    def __init__(self, item: RateLimitItem, reset_at: float):
        super().__init__(str(item))
        self.item, self.reset_at = item, reset_at


def workers() -> int:
    """The workers of this host that each count in their own memory."""
    return max(1, int(os.environ.get("ARBITRE_WORKERS") or os.environ.get("WEB_CONCURRENCY") or 1))


@functools.lru_cache(maxsize=64)
def _items(text: str, share: int) -> tuple[RateLimitItem, ...]:
    """The limits of `text`, each allowing `1/share` of its amount (at least 1)."""
    return tuple(type(item)(max(1, math.ceil(item.amount / share)), item.multiples, item.namespace)
                 for item in parse_many(text))


class Counts:
    """Where the limits count: the configured storage (memory, or a Redis); while that Redis does not answer, this
    process's memory (a warning in the log), trying the Redis again every RETRY seconds."""

    RETRY = 5.0

    def __init__(self, uri: str, options: dict, strategy: str):
        self.kind = STRATEGIES[strategy]
        self.storage = LocalCounts() if uri == "memory://" else storage_from_string(uri, **options)
        self.limiter = self.kind(self.storage)
        self.shared = not isinstance(self.storage, MemoryStorage)
        self.fallback = None
        self.away_until = 0.0
        self.lock = threading.Lock()

    def strategy(self):
        """The strategy to count with now, and the share of each limit it allows (1: counts are shared)."""
        if time.monotonic() < self.away_until:
            return self.fallback, workers()
        return self.limiter, 1 if self.shared else workers()

    def away(self, error: Exception):
        with self.lock:
            if self.fallback is None:
                self.fallback = self.kind(LocalCounts())
            if time.monotonic() >= self.away_until:
                logging.getLogger("arbitre.limits").warning(
                    "rate-limit storage unreachable (%s): counting in this process's memory for %.0f s", error,
                    self.RETRY)
            self.away_until = time.monotonic() + self.RETRY
        return self.fallback, workers()


def address() -> str:
    return "address:" + (request.remote_addr or "-")


def _hashed(token: str) -> str:
    return "token:" + hashlib.sha256(token.encode()).hexdigest()[:32]  # no secret in a shared Redis


def writer() -> str:
    """Who writes: the Bearer or group token sent, else the token this page's session holds for its table (or the
    director's, for its tournament's console), else the address."""
    sent = request.headers.get("Authorization", "")
    token = sent[7:].strip() if sent[:7].lower() == "bearer " else ""
    token = token or request.headers.get("X-Group-Token", "").strip()
    found = request.view_args or {}
    if not token and found.get("table_id"):
        token = next((row[3] for row in session.get("tables", []) if row[0] == found["table_id"] and row[3]), "")
    if not token and found.get("tournament_id"):
        token = next((row[1] for row in session.get("directing", []) if row[0] == found["tournament_id"] and row[1]),
                     "")
    return _hashed(token) if token else address()


def creator() -> str:
    """Who opens tables: a group, by the token its client sends or its page's session holds, else the address."""
    token = request.headers.get("X-Group-Token", "").strip()
    if not token and request.method == "POST" and request.mimetype != "application/json":
        group_id = request.form.get("group", "")
        token = next((row[1] for row in session.get("groups", []) if row[0] == group_id and row[1]), "")
    return _hashed(token) if token else address()


def code() -> str:
    """The join code tried, as the lookup reads it (so `abcd-efgh` and `ABCDEFGH` count as one)."""
    from api.web.table.codes import normalise

    tried = request.form.get("code") if request.method == "POST" else (request.view_args or {}).get("code")
    return "code:" + (normalise(tried or "") or "-")


def wrong_code(status: int) -> bool:
    return status == 404


class Check:
    """One limit (by its config name) on a view, counted per `key()`.

    `methods`: the methods counted (None: all); `deduct_when(status)`: count only answers of such a status (a
    wrong join code), whether the view returns that answer or raises it (a 404 page).
    """

    def __init__(self, counts: Counts, name: str, methods=None, deduct_when=None, key=address):
        self.counts, self.name, self.methods, self.deduct_when, self.key = counts, name, methods, deduct_when, key

    def __call__(self, view):
        @functools.wraps(view)
        def limited(*args, **kwargs):
            if not current_app.config.get("RATELIMIT_ENABLED", True) or (
                    self.methods is not None and request.method not in self.methods):
                return view(*args, **kwargs)
            ids, text = (self.key(), self.name), current_app.config[self.name]
            self._count(text, ids, before=True)
            try:
                response = current_app.make_response(view(*args, **kwargs))
            except HTTPException as error:
                if self.deduct_when is not None and self.deduct_when(error.code):
                    self._count(text, ids, before=False)
                raise
            if self.deduct_when is not None and self.deduct_when(response.status_code):
                self._count(text, ids, before=False)
            return response
        limited.limited_by = getattr(view, "limited_by", ()) + (self.name,)
        return limited

    def _count(self, text: str, ids, before: bool) -> None:
        """Before the view: count (or, with `deduct_when`, only look), refusing a request over a limit. After it:
        count an answer that `deduct_when` names."""
        strategy, share = self.counts.strategy()
        try:
            self._apply(strategy, _items(text, share), ids, before)
        except StorageError as error:
            strategy, share = self.counts.away(error)
            self._apply(strategy, _items(text, share), ids, before)

    def _apply(self, strategy, items, ids, before: bool) -> None:
        for item in items:
            if not before:
                strategy.hit(item, *ids)
            elif not (strategy.test(item, *ids) if self.deduct_when else strategy.hit(item, *ids)):
                raise Breached(item, strategy.get_window_stats(item, *ids).reset_time)


def _storage(app: Flask) -> tuple[str, dict]:
    """The counts' storage: RATELIMIT_STORAGE_URI, else REDIS_URL, else this process's memory; a Redis that does
    not answer within half a second is taken as away, not waited for."""
    uri = app.config.get("RATELIMIT_STORAGE_URI") or os.environ.get("RATELIMIT_STORAGE_URI") or \
        os.environ.get("REDIS_URL") or "memory://"
    redis = str(uri).startswith("redis")  # rediss, redis+unix too
    options = {"wrap_exceptions": True, **({"socket_connect_timeout": 0.5, "socket_timeout": 0.5} if redis else {})}
    return uri, {**options, **app.config.get("RATELIMIT_STORAGE_OPTIONS", {})}


def init_app(app: Flask) -> None:
    """Limit the endpoints that write or guess; must come after the parts that register them (every endpoint of
    ENDPOINTS must exist: a renamed view fails here rather than silently losing its limit)."""
    for name, default in DEFAULTS.items():
        app.config.setdefault(name, os.environ.get(name, default))
    uri, options = _storage(app)
    counts = Counts(uri, options, app.config.get("RATELIMIT_STRATEGY", "sliding-window-counter"))
    app.extensions["arbitre.limits"] = counts
    views = app.view_functions
    missing = [endpoint for endpoint in ENDPOINTS if endpoint not in views]
    if missing:
        raise RuntimeError(f"rate limits name endpoints the app does not have: {', '.join(missing)}")
    # Shared by name: the API and the pages count together (a new table is one, by either way in).
    for endpoint, (name, methods) in ENDPOINTS.items():
        view = views[endpoint]
        if name == "RATELIMIT_WRITES":
            view = Check(counts, "RATELIMIT_ADDRESS_WRITES", methods)(Check(counts, name, methods, key=writer)(view))
        elif name == "RATELIMIT_TABLES":
            view = Check(counts, name, methods, key=creator)(view)
        elif name == "RATELIMIT_ROUNDS":  # per director token (a round opens all its tables in one request)
            view = Check(counts, name, methods, key=writer)(view)
        elif endpoint in JOINS:
            view = Check(counts, "RATELIMIT_CODE", key=code)(Check(counts, name, methods, wrong_code)(view))
        else:
            view = Check(counts, name, methods)(view)
        views[endpoint] = view
    referee = Check(counts, "RATELIMIT_REFEREE")
    for endpoint in [e for e in views if e.startswith(REFEREE)]:
        views[endpoint] = referee(views[endpoint])

    @app.errorhandler(Breached)
    def too_many(exc: Breached):
        limit = exc.item
        name = limit.GRANULARITY.name
        unit = name if limit.multiples == 1 else f"{limit.multiples} {name}s"  # "per minute", "per 10 minutes"
        detail = (f"too many requests here: {limit.amount} per {unit} at most "
                  "(per token for writes, else per address); Retry-After says when to try again")
        if not request.path.startswith("/api/"):
            from flask import make_response, render_template

            from api.web.words.i18n import N_

            response = make_response(render_template(
                "error.html", code=429, title=N_("Too many tries"),
                detail=N_("Too many tries from this network. Wait a minute, then try again.")), 429)
        else:
            response = problem(429, "Too many requests", detail)
        response.headers["Retry-After"] = str(max(1, math.ceil(exc.reset_at - time.time())))
        return response
