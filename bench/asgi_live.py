"""The other candidate bench_live measures (`BENCH_LIVE_SERVER=asgi`): uvicorn, the streams as async endpoints
on its event loop, the Flask app mounted beside them through a2wsgi (its requests in a2wsgi's thread pool).

A stream here is a coroutine: it checks the table and reads the entries after `after` in a thread (the store is
synchronous), then waits on an asyncio event of its table, set from the process's hub (the same `events.live`
Hub as the Procfile's server: PostgreSQL's LISTEN in one thread, or SQLite's look at the heads) through
`call_soon_threadsafe`; entries the hub heard go out as they are, others are read in a thread. A heartbeat
every LIVE_HEARTBEAT seconds; a client gone is seen by uvicorn (`http.disconnect`). No caps per address or
host here: this measures what a stream costs, not the overload answers.

Bench-only: `pip install uvicorn a2wsgi` (not in the project's dependencies; bench_live says so if missing).
`python -m uvicorn bench.asgi_live:app --workers 2`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
from pathlib import Path

from a2wsgi import WSGIMiddleware

from api import create_app
from api.application import service
from api.shell.live import live
from bench.gunicorn import Server, free_port, running
from events.live import Hub
from events.records import entry_text

ROOT = Path(__file__).resolve().parents[1]
STREAM = re.compile(r"^/api/v1/tables/([^/]+)/events$")
HEARTBEAT = float(os.environ.get("LIVE_HEARTBEAT", 15))


class AsyncHub(Hub):
    """The process's hub, also waking the coroutines waiting on a table (from whichever thread heard)."""

    def __init__(self, engine, loop: asyncio.AbstractEventLoop):
        super().__init__(engine)
        self.loop, self.events = loop, {}

    def event(self, table_id: str) -> asyncio.Event:
        return self.events.setdefault(table_id, asyncio.Event())

    def _wake(self, table_id: str | None) -> None:
        for name in [table_id] if table_id else list(self.events):
            found = self.events.pop(name, None)
            if found is not None:
                found.set()

    def heard(self, table_id: str, seq: int, text: str | None = None) -> None:
        super().heard(table_id, seq, text)
        self.loop.call_soon_threadsafe(self._wake, table_id)

    def wake_all(self) -> None:
        super().wake_all()
        self.loop.call_soon_threadsafe(self._wake, None)


_made: dict = {}


def _flask():
    """The Flask app and its ASGI mount, made in the worker on its first request (not when bench_live imports
    this module)."""
    if "app" not in _made:
        _made["app"] = create_app()
        _made["wsgi"] = WSGIMiddleware(_made["app"], workers=int(os.environ.get("ASGI_THREADS", 10)))
    return _made["app"]


def _hub() -> AsyncHub:
    flask_app = _flask()
    with flask_app.app_context():
        state = live()  # this process's live state (api/shell/live.py), its hub made async once
        if not isinstance(state.hub, AsyncHub):
            state.hub = AsyncHub(state.hub.engine, asyncio.get_running_loop())
        return state.hub


def _read(table_id: str, after: int) -> list[tuple[int, str]]:
    with _flask().app_context():
        return [(e["seq"], entry_text(e)) for e in service.entries_as_logged(table_id, after)]


async def _stream(scope, receive, send, table_id: str) -> None:
    query = dict(p.split("=", 1) for p in scope.get("query_string", b"").decode().split("&") if "=" in p)
    after = int(query.get("after", "0") or 0)
    hub = _hub()
    hub.watch(table_id)
    loop = asyncio.get_running_loop()
    try:
        try:
            batch = await loop.run_in_executor(None, _read, table_id, after)
        except Exception:
            await send({"type": "http.response.start", "status": 404, "headers": [(b"content-length", b"0")]})
            await send({"type": "http.response.body", "body": b""})
            return
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/event-stream"), (b"cache-control", b"no-cache")]})
        await send({"type": "http.response.body", "body": b"retry: 2000\n: live\n\n", "more_body": True})
        gone = asyncio.ensure_future(_disconnected(receive))
        try:
            while not gone.done():
                if batch:
                    text = "".join(f"id: {seq}\ndata: {body}\n\n" for seq, body in batch)
                    await send({"type": "http.response.body", "body": text.encode(), "more_body": True})
                    after, batch = batch[-1][0], None
                if hub.heads.get(table_id, 0) > after:
                    batch = hub.entries_after(table_id, after) or await loop.run_in_executor(None, _read, table_id,
                                                                                             after)
                    continue
                woken = asyncio.ensure_future(hub.event(table_id).wait())
                done, _ = await asyncio.wait({woken, gone}, timeout=HEARTBEAT, return_when=asyncio.FIRST_COMPLETED)
                woken.cancel()
                if not done:
                    await send({"type": "http.response.body", "body": b": heartbeat\n\n", "more_body": True})
        finally:
            gone.cancel()
    finally:
        hub.unwatch(table_id)


async def _disconnected(receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


async def app(scope, receive, send):
    """Streams on the loop; everything else to the Flask app."""
    if scope["type"] == "http" and scope["method"] == "GET":
        found = STREAM.match(scope["path"])
        if found:
            with contextlib.suppress(OSError, asyncio.CancelledError):
                await _stream(scope, receive, send, found.group(1))
            return
    _flask()
    await _made["wsgi"](scope, receive, send)


def serve(url: str, workers: int = 2, env: dict | None = None):
    """`uvicorn bench.asgi_live:app --workers N` on a free loopback port until the block ends, killed with its
    process group then."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "bench", "PYTHONPATH": str(ROOT),
           "ARBITRE_WORKERS": str(workers), **(env or {})}
    return running([sys.executable, "-m", "uvicorn", "bench.asgi_live:app", "--workers", str(workers),
                    "--host", "127.0.0.1", "--port", str(port), "--backlog", "4096", "--no-access-log",
                    "--lifespan", "off", "--timeout-keep-alive", "5"], port, env, kill_group, start_new_session=True)


def kill_group(server: Server) -> None:
    """uvicorn and its workers at once: it runs in a session of its own."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.process.pid, signal.SIGKILL)
    server.process.wait(timeout=10)
