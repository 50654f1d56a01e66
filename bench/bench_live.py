"""Live streams under load: N phones hold GET /events on gunicorn (2 workers) while tables write.

For N = 2,000, 5,000, 10,000 (or `BENCH_LIVE_N=50,200`), each on a server of its own: N/4 continental
tables, 4 phones each holding a stream, PER_ADDRESS phones behind each client address (127.0.1.2,
127.0.1.3...: a club's Wi-Fi each), the phones arriving ARRIVALS a second. Prints, from POST answered to event
received on every phone of the table, p50 / p99 / max; the server's memory (master + workers) and what the
streams added to it (measured with every stream open, from the tables made and no phone yet); the workers' CPU
over the IDLE_SECONDS that follow, nothing written (what holding the streams costs); and writes/s
with the streams held (on the streams' tables: each entry goes out to four phones) against writes/s with
none: on a twin server of the same kind, on a database of its own, as many tables written alike and never a
stream, timed while the streams' server is paused (SIGSTOP), in windows alternating back to back with the
streams' (this machine's speed drifts within seconds), each of the streams' windows SETTLE seconds after its
pause; reads/s once on each at the end. Each writer and
reader keeps its connection, as a phone's browser does. Writers move to another table every ROTATE entries,
as a deal ends: a log thousands of entries long is no table's, and would time the bench. The writers and
readers run in a process of their own: the events the phones receive are not their work. A phase whose
streams do not all open in time is printed with what the phones got, and ends the run. Worker class: the
Procfile's, or e.g. `BENCH_LIVE_WORKER="--worker-class gthread --threads 1000"`. Databases: two temporary
SQLite files, or beside `BENCH_LIVE_DATABASE_URL` a PostgreSQL schema of its own (the streams' server) and a
database of its own (the twin). `BENCH_SERVER_LOG=path` keeps gunicorn's log. The open-file limit is raised
to the hard limit (a socket a phone). Loopback only; each phase is bounded in time and both servers are
stopped at the end.
"""
from __future__ import annotations

import asyncio
import collections
import contextlib
import itertools
import json
import os
import random
import shlex
import statistics
import sys
import tempfile
import time

from bench import figures
from bench.gunicorn import serve, worker_flags
from bench.served import GENEROUS

PACED_RATE = 25.0  # writes/s over all tables while latency is measured: 125 tables, one entry per 5 s each
PACED_SECONDS = 8.0
IDLE_SECONDS = 30.0  # the workers' CPU with every stream open and nothing written, over one quiet heartbeat period
RATE_SECONDS = 6.0
SETTLE = 1.0  # seconds the streams' server runs between its pause and its window: every stream whose heartbeat
# fell due while it was paused sends it at once when it goes on, and a window that began then would pay for 12 s
# of idle streams in 6 (counted at 10,000 streams: 4,100 heartbeats a window on average, 2,400 with SETTLE, where a
# server never paused sends 2,000 in 6 s)
WINDOWS = int(os.environ.get("BENCH_LIVE_WINDOWS", 9))  # windows with the streams, the median ratio kept: one
# window of 6 s on this machine ranges ±20 % from the next, more than what the streams cost
WRITERS = 4
ROTATE = 25  # entries a writer makes at one table before it moves to the next
FRESH = 160  # new tables the writers share when no stream is open (4 writers × 6 s at ~600/s ÷ ROTATE)
ARRIVALS = float(os.environ.get("BENCH_LIVE_ARRIVALS", 100))  # new streams a second while they open (10,000
# phones whose streams end every 5 minutes reconnect at 33 a second)
RETRY = 2.0  # seconds before a phone whose stream was refused or reset tries again (the stream's `retry:`)
PER_ADDRESS = 120  # phones behind one address (a club's Wi-Fi): each address is another 127.x.y.z
# The server: the Procfile's (gunicorn and its gevent worker), or the candidate of bench/asgi_live.py (uvicorn,
# the streams on its event loop, Flask mounted beside them).
ASGI = os.environ.get("BENCH_LIVE_SERVER") == "asgi"
CARDS = [r + s for s in "CDHS" for r in ("3", "4", "5", "6", "8", "9", "10", "J", "Q", "K")]


async def http(port: int, method: str, path: str, body=None, token=None) -> tuple[int, dict]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    data = b"" if body is None else json.dumps(body).encode()
    head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close", f"Content-Length: {len(data)}",
            "Content-Type: application/json"] + ([f"Authorization: Bearer {token}"] if token else [])
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
    raw = await asyncio.wait_for(reader.read(), 30)
    writer.close()
    status = int(raw.split(b" ", 2)[1])
    text = raw.split(b"\r\n\r\n", 1)[1]
    return status, json.loads(text) if text.startswith(b"{") else {}


class KeptConnection:
    """One phone's connection, kept open from request to request as a browser keeps it (HTTP/1.1 keep-alive),
    opened again when the server closes it. A new connection a request would time the loopback's port search
    too: with thousands of streams bound to their addresses and the closed connections in TIME_WAIT, opening
    one costs more, and the writes measured just after the streams close fell by a fifth."""

    def __init__(self, port: int):
        self.port, self.reader, self.writer = port, None, None

    async def request(self, method: str, path: str, body=None, token=None) -> tuple[int, dict]:
        for attempt in (1, 2):  # a connection the server closed meanwhile (its keep-alive ran out): once more
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            try:
                return await self._exchange(method, path, body, token)
            except (ConnectionError, asyncio.IncompleteReadError):
                self.writer.close()
                self.writer = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _exchange(self, method: str, path: str, body, token) -> tuple[int, dict]:
        data = b"" if body is None else json.dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(data)}",
                "Content-Type: application/json"] + ([f"Authorization: Bearer {token}"] if token else [])
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        raw = await asyncio.wait_for(self.reader.readuntil(b"\r\n\r\n"), 30)
        lines = raw.decode("latin-1").split("\r\n")
        fields = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:] if line)}
        text = await asyncio.wait_for(self.reader.readexactly(int(fields.get("content-length", 0))), 30)
        if fields.get("connection", "").lower() == "close":
            self.writer.close()
            self.writer = None
        return int(lines[0].split(" ", 2)[1]), json.loads(text) if text.startswith(b"{") else {}

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


class Table:
    def __init__(self, port: int, created: dict):
        self.port, self.id, self.host, self.version, self.turns = port, created["id"], created["host_token"], 1, 0
        self.lock = asyncio.Lock()  # one phone writes at a table: one entry after another

    async def write(self, kept: KeptConnection | None = None) -> int:
        """Enter the next entry (a deal, then draws and discards), on a new connection or on `kept`; give its
        seq."""
        async with self.lock:
            return await self._write(kept)

    async def _write(self, kept: KeptConnection | None) -> int:
        if self.version == 1:
            entry = {"type": "deal", "dealer": 0, "upcard": "7H"}
        else:
            seat = (self.turns // 2 + 1) % 4  # dealer 0: seat 1 plays first
            entry = ({"type": "draw", "seat": seat, "from": "stock"} if self.turns % 2 == 0
                     else {"type": "discard", "seat": seat, "card": CARDS[self.turns // 2 % len(CARDS)]})
            self.turns += 1
        path, body = f"/api/v1/tables/{self.id}/entries", {"expected_version": self.version, "entry": entry}
        status, answer = await (kept.request("POST", path, body, self.host) if kept
                                else http(self.port, "POST", path, body, self.host))
        assert status == 201, answer
        self.version = answer["version"]
        return self.version


class Phone:
    """One stream, as a browser's EventSource holds it: the time each event id arrived; a connection refused,
    reset or answered 503/429 is tried again RETRY seconds later (a little spread), until it is open."""

    def __init__(self, table: Table):
        self.table, self.seen, self.task, self.status = table, {}, None, "not connected"
        self.tries, self.open = 0, False

    async def hold(self, ready: asyncio.Event, address: str) -> None:
        after = self.table.version
        while True:
            self.tries += 1
            try:
                await self._hold(ready, address, after)
            except OSError as error:
                self.status = repr(error)
            if ready.is_set():  # it was open: go on after the last event, as EventSource does
                after = max(self.seen, default=after)
            await asyncio.sleep(RETRY * (0.5 + random.random()))

    async def _hold(self, ready: asyncio.Event, address: str, after: int) -> None:
        loop = asyncio.get_running_loop()
        ended = loop.create_future()
        transport, _ = await loop.create_connection(lambda: Reading(self, ready, ended), "127.0.0.1",
                                                    self.table.port, local_addr=(address, 0))
        self.status = "connected"
        transport.write(f"GET /api/v1/tables/{self.table.id}/events?after={after} HTTP/1.1\r\n"
                        "Host: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
        try:
            await ended
        finally:
            self.open = False
            transport.close()


class Reading(asyncio.Protocol):
    """What a phone's stream receives, read as it comes in a callback (no coroutine to resume a chunk, no
    stream reader): these phones run on the server's own two cores, and their reading is not the server's
    work (a real phone is another machine)."""

    def __init__(self, phone: Phone, ready: asyncio.Event, ended: asyncio.Future):
        self.phone, self.ready, self.ended, self.rest = phone, ready, ended, b""

    def data_received(self, data: bytes) -> None:
        at, phone = time.monotonic(), self.phone
        *lines, self.rest = (self.rest + data).split(b"\n")
        for line in lines:
            if line.startswith(b"id: "):
                phone.seen[int(line[4:])] = at
            elif line.startswith(b": live"):
                self.ready.set()
            elif line.startswith(b"HTTP/1.1 "):
                phone.status = line.decode().strip()
                phone.open = phone.status.startswith("HTTP/1.1 200")

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.ended.done():
            self.ended.set_result(None)


async def open_phones(port: int, n: int, server) -> tuple[list[Table], list[Phone], float]:
    """Make n/4 tables, then open their phones' streams; give them, and the server's memory with the tables
    made and no phone yet (what the streams cost is measured from there: a table's replay is the table's)."""
    gate = asyncio.Semaphore(50)  # one address: under its cap of connections

    async def create():
        async with gate:
            status, body = await http(port, "POST", "/api/v1/tables", {"game": "continental",
                                      "players": ["Ana", "Ben", "Chloé", "Dan"]})
            assert status == 201, (status, body)
            return body
    tables = [Table(port, body) for body in await asyncio.gather(*[create() for _ in range(max(1, n // 4))])]
    await asyncio.sleep(1.0)
    before = server.rss_mb()
    phones = [Phone(tables[i % len(tables)]) for i in range(n)]
    readies = [asyncio.Event() for _ in phones]
    for i, (phone, ready) in enumerate(zip(phones, readies, strict=True)):  # a club of PER_ADDRESS phones per address
        phone.task = asyncio.create_task(phone.hold(ready, f"127.0.{1 + i // PER_ADDRESS // 250}."
                                                           f"{2 + i // PER_ADDRESS % 250}"))
        if i % 50 == 49:
            await asyncio.sleep(50 / ARRIVALS)  # phones arrive over seconds, not in one instant
    wait = 60 + n / min(ARRIVALS, 25)  # a loaded machine opens streams far slower than they arrive
    try:
        await asyncio.wait_for(asyncio.gather(*[r.wait() for r in readies]), wait)
    except TimeoutError as late:
        statuses = collections.Counter(p.status for p, r in zip(phones, readies, strict=True) if not r.is_set())
        raise RuntimeError(f"{sum(statuses.values())} of {n} streams not open after {wait:.0f} s: "
                           f"{dict(statuses)}") from late
    return tables, phones, before


async def paced(tables: list[Table], phones: list[Phone]) -> list[float]:
    """Write at PACED_RATE over the tables; give each phone's delay from POST answered to event received."""
    answered: list[tuple[Table, int, float]] = []
    end, i = time.monotonic() + PACED_SECONDS, 0
    pending = []
    while time.monotonic() < end:
        table = tables[i % len(tables)]
        i += 1

        async def one(table=table):
            seq = await table.write()
            answered.append((table, seq, time.monotonic()))
        pending.append(asyncio.create_task(one()))
        await asyncio.sleep(1 / PACED_RATE)
    await asyncio.gather(*pending)
    await asyncio.sleep(2.0)  # let the last events arrive
    by_table: dict[str, list[Phone]] = {}
    for phone in phones:
        by_table.setdefault(phone.table.id, []).append(phone)
    delays = []
    for table, seq, at in answered:
        for phone in by_table[table.id]:
            got = phone.seen.get(seq)
            delays.append(max(0.0, got - at) if got is not None else float("inf"))
    return delays


async def new_tables(port: int, count: int) -> list[Table]:
    """`count` new tables, made before any timing starts."""
    gate = asyncio.Semaphore(16)

    async def create():
        async with gate:
            status, body = await http(port, "POST", "/api/v1/tables", {"game": "continental",
                                      "players": ["Ana", "Ben", "Chloé", "Dan"]})
            assert status == 201, (status, body)
            return Table(port, body)
    return list(await asyncio.gather(*[create() for _ in range(count)]))


async def rates(port: int, tables: list[Table], reading: bool = True) -> tuple[float, float]:
    """Writes/s from WRITERS phones one entry after another, each moving to the next table after ROTATE entries
    (a deal is a few dozen entries: a log thousands of entries long would time the bench's tables, not a
    table's append); then, if `reading`, reads/s of GET /tables/{id} (else 0)."""
    queue = itertools.cycle(tables)

    async def writer(end: float) -> int:
        n, kept = 0, KeptConnection(port)
        while time.monotonic() < end:
            table = next(queue)
            for _ in range(ROTATE):
                if time.monotonic() >= end:
                    break
                await table.write(kept)
                n += 1
        kept.close()
        return n

    end = time.monotonic() + RATE_SECONDS
    writes = sum(await asyncio.gather(*[writer(end) for _ in range(WRITERS)]))
    if not reading:
        return writes / RATE_SECONDS, 0.0

    async def reader(table: Table, end: float) -> int:
        n, kept = 0, KeptConnection(port)
        while time.monotonic() < end:
            status, _ = await kept.request("GET", f"/api/v1/tables/{table.id}")
            assert status == 200
            n += 1
        kept.close()
        return n

    end = time.monotonic() + RATE_SECONDS
    reads = sum(await asyncio.gather(*[reader(tables[i % len(tables)], end) for i in range(WRITERS * 2)]))
    return writes / RATE_SECONDS, reads / RATE_SECONDS


def _rates_apart(port: int, states: list[tuple] | None, reading: bool) -> tuple[float, float, list[tuple]]:
    """`rates` in a process of its own (the writers' phones are not the ones holding the streams), on the tables
    of `states` or, for None, on FRESH new ones: give the rates and where each table's log got to."""
    async def go():
        if states is None:
            tables = await new_tables(port, FRESH)
        else:
            tables = []
            for id_, host, version, turns in states:
                table = Table(port, {"id": id_, "host_token": host})
                table.version, table.turns = version, turns
                tables.append(table)
        writes, reads = await rates(port, tables, reading)
        return writes, reads, [(t.id, t.host, t.version, t.turns) for t in tables]
    return asyncio.run(go())


async def rates_apart(pool, port: int, tables: list[Table] | None, reading: bool = True) -> tuple[float, float]:
    """Writes/s and reads/s measured from another process than the one holding the phones' streams, so that the
    events those phones receive do not slow the writers' own client: on `tables` (the streams' own: each entry
    goes to their phones), or on new tables with no stream."""
    states = None if tables is None else [(t.id, t.host, t.version, t.turns) for t in tables]
    writes, reads, after = await asyncio.get_running_loop().run_in_executor(pool, _rates_apart, port, states,
                                                                           reading)
    for table, (_, _, version, turns) in zip(tables, after, strict=True) if tables is not None else ():
        table.version, table.turns = version, turns
    return writes, reads


async def alternate(pool, streamed, quiet, tables: list[Table], twins: list[Table]
                    ) -> tuple[list[float], list[float], list[float], tuple[float, float]]:
    """WINDOWS windows of writes on the streams' tables, each between two windows with no stream: on the quiet
    server's `twins` (as many tables, written alike), the streams' server paused meanwhile; then one window of
    reads on each. Give each window's writes with the streams, its ratio to the mean of the two windows around
    it, the windows with none, and the reads with and without: this machine's speed drifts by a third within
    seconds (a fixed loop: 0.12–0.23 s), so rates timed minutes apart measured the drift more than the
    streams."""
    async def without(reading: bool = False) -> tuple[float, float]:
        with streamed.paused():
            return await rates_apart(pool, quiet.port, twins, reading)

    quiet_writes, held = [(await without())[0]], []
    for _ in range(WINDOWS):
        await asyncio.sleep(SETTLE)  # what fell due while it was paused goes out before its window, not in it
        held.append((await rates_apart(pool, streamed.port, tables, False))[0])
        quiet_writes.append((await without())[0])
    ratios = [w / ((quiet_writes[i] + quiet_writes[i + 1]) / 2) for i, w in enumerate(held)]
    reads = ((await rates_apart(pool, streamed.port, tables))[1], (await without(True))[1])
    return held, ratios, quiet_writes, reads


def spread(values: list[float]) -> str:
    return f"{min(values):.0f}–{max(values):.0f}" if len(values) > 1 else f"{values[0]:.0f}"


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(pool, server, quiet, n: int) -> None:
    """Hold n streams on `server`, measure their delays and memory, then the rates with them against the rates on
    as many tables of the `quiet` server (no stream) in the windows around each."""
    tables, phones, idle = await open_phones(server.port, n, server)
    held = sum(1 for p in phones if p.open)
    memory = server.rss_mb()  # every stream open, nothing written yet
    retried = sum(p.tries - 1 for p in phones)
    spent = server.cpu_seconds()  # what holding them costs, nothing written: a heartbeat period, the reaper's looks
    await asyncio.sleep(IDLE_SECONDS)
    idle_cpu = (server.cpu_seconds() - spent) / IDLE_SECONDS
    delays = await paced(tables, phones)
    lost = sum(1 for d in delays if d == float("inf"))
    got = [d for d in delays if d != float("inf")] or [float("inf")]
    with server.paused():  # the same tables with no stream, made on the quiet server
        twins = await new_tables(quiet.port, len(tables))
    windows, ratios, quiet_writes, (reads, quiet_reads) = await alternate(pool, server, quiet, tables, twins)
    for phone in phones:
        phone.task.cancel()
    await asyncio.gather(*[p.task for p in phones], return_exceptions=True)
    ratio, writes = statistics.median(ratios), statistics.median(windows)
    print(f"  N={n:4d}: {held} streams held ({retried} connections tried again); POST answered → event on every phone: p50 {statistics.median(got)*1000:6.1f}"
          f" ms, p99 {quantile(got, 0.99)*1000:6.1f} ms, max {max(got)*1000:6.1f} ms over {len(delays)} deliveries"
          f" ({lost} missing); server memory {memory:.0f} MB ({(memory - idle) * 1024 / max(1, held):.0f} KB a"
          f" stream); idle, the workers {idle_cpu:.1%} of one core ({idle_cpu / max(1, held) * 1e6:.1f} µs of CPU a"
          f" second a stream); writes {writes:.0f}/s (median of {WINDOWS} windows of {RATE_SECONDS:.0f} s), reads"
          f" {reads:.0f}/s ({reads / quiet_reads:.0%} of no streams); writes ÷ no streams, window by window:"
          f" {' '.join(f'{r:.2f}' for r in ratios)}, median {ratio:.2f} (no streams: {spread(quiet_writes)}/s)",
          flush=True)
    p99, kind = quantile(got, 0.99), server.kind
    figures.record(f"live {kind}: {held} of {n} streams held, events missing", lost, "", "0 missing", lost == 0)
    figures.record(f"live {kind}: POST → event p99 ({n} streams)", round(p99 * 1000, 1), "ms", "< 1000 ms", p99 < 1)
    figures.record(f"live {kind}: memory a stream ({n} streams)", round((memory - idle) * 1024 / max(1, held)),
                   "KB", "≤ 30 KB", (memory - idle) * 1024 / max(1, held) <= 30)
    figures.record(f"live {kind}: writes with {n} streams ÷ none", round(ratio, 2), "", "≥ 0.8", ratio >= 0.8)


async def bench(server, quiet, n: int) -> bool:
    """One phase on a server of its own (a process's memory never shrinks: streams that reuse what an earlier
    phase freed would look free) and a quiet one beside it, on a database of its own: warm up both, then n
    streams. False if they did not all open."""
    import concurrent.futures
    import multiprocessing

    # Forked now, before any stream is open: the writers' client lives apart from the phones' streams.
    pool = concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork"))
    try:
        for warmed in (server, quiet):  # imports, first replays, pools
            await rates_apart(pool, warmed.port, None)
        with server.paused():
            writes, reads = await rates_apart(pool, quiet.port, None)
        print(f"  no streams: writes {writes:.0f}/s, reads {reads:.0f}/s ({WRITERS} writers, {WRITERS * 2} readers);"
              f" server memory {server.rss_mb():.0f} MB", flush=True)
        await run(pool, server, quiet, n)
        return True
    except RuntimeError as failed:  # the streams did not all open
        print(f"  N={n:4d}: {failed}", flush=True)
        figures.record(f"live {server.kind}: streams open ({n})", 0, "", "all", False)
        return False
    finally:
        pool.shutdown(cancel_futures=True)


@contextlib.contextmanager
def databases(tmp: str):
    """Two databases, migrated: the streams' server's, and the quiet server's. Apart on PostgreSQL too: a notice
    goes to every listener of its database, and the paused server's would take the quiet one's."""
    url = os.environ.get("BENCH_LIVE_DATABASE_URL")
    if not url:
        yield f"sqlite:///{tmp}/live.sqlite3", f"sqlite:///{tmp}/quiet.sqlite3"
        return
    from events.db import own_schema

    with own_schema(url, "arbitre_live_bench") as scoped, own_database(url) as quiet:
        yield scoped, quiet


@contextlib.contextmanager
def own_database(url: str):
    """A PostgreSQL database of its own beside `url`'s, dropped afterwards."""
    import uuid

    import sqlalchemy as sa

    name = f"arbitre_live_quiet_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield sa.make_url(url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()


def start(url: str):
    """A server on `url` (the Procfile's, or the ASGI candidate) and its label; `kind` says which, on what."""
    if ASGI:
        from bench import asgi_live

        return asgi_live.serve(url, workers=2, env=GENEROUS), "uvicorn --workers 2 bench.asgi_live:app"
    flags = shlex.split(os.environ["BENCH_LIVE_WORKER"]) if os.environ.get("BENCH_LIVE_WORKER") else worker_flags()
    return serve(url, workers=2, flags=flags, env=GENEROUS), f"gunicorn -w 2 {' '.join(flags)}"


def main() -> int:
    import resource

    if ASGI:
        try:
            import a2wsgi  # noqa: F401
            import uvicorn  # noqa: F401
        except ImportError:
            print("bench_live: the ASGI candidate needs `pip install uvicorn a2wsgi` (bench only): skipped")
            return 0

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # a socket per phone, and the server's (its children
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # inherit the limit)
    counts = [int(n) for n in os.environ.get("BENCH_LIVE_N", "2000,5000,10000").split(",")]
    with tempfile.TemporaryDirectory() as tmp, databases(tmp) as (url, quiet_url):
        from events.db import upgrade

        for migrated in (url, quiet_url):
            upgrade(migrated)
        for n in counts:
            (served, label), (quiet_served, _) = start(url), start(quiet_url)
            with served as server, quiet_served as quiet:  # many tables from one address
                server.kind = url.split(":")[0].split("+")[0] + (" asgi" if ASGI else "")
                print(f"bench_live: {label} on 127.0.0.1:{server.port} (no streams: {quiet.port}),"
                      f" {url.split(':')[0]}; load average {os.getloadavg()[0]:.2f}", flush=True)
                if not asyncio.run(bench(server, quiet, n)):
                    break
    return 0


if __name__ == "__main__":
    sys.exit(main())
