"""The Procfile's gunicorn worker: gevent's (an open stream is a greenlet of a few KB, not a thread), made to
answer at capacity rather than leave connections unanswered in the kernel's queue.

- Past `--worker-connections` open connections, a new one is answered 503 with Retry-After at once; past
  `ARBITRE_CLIENT_CONNECTIONS` from one address, 429 (api/shell/capacity.py). A few spare greenlets beyond
  `--worker-connections` give those answers, reading nothing, so a refusal costs no request's work.
- A connection is accepted once its request has begun to arrive (TCP_DEFER_ACCEPT, or after DEFER seconds);
  its head must then arrive within `--keep-alive` seconds (gunicorn's gevent worker bounds each read of a
  request head by it), so slowloris connections are closed; a body or a reader that stalls for
  `ARBITRE_IDLE_TIMEOUT` seconds ends its connection.
- The open-file limit is raised to the hard limit: each connection is a file.
- The collector looks at young objects every `ARBITRE_GC_YOUNG` allocations (Python's default: 700). A worker
  holding thousands of streams and replays has a heap of a million objects; at 700, objects a request keeps
  for a second reached the oldest generation and a full collection walked that heap every 10–20 s, stopping
  every stream and request of the worker for 0.3 s. At 50,000 those objects die young (docs/BENCHMARKS.md).

`gunicorn -k api.shell.worker.Worker`; see docs/DEPLOYMENT.md.
"""

from __future__ import annotations

import contextlib
import gc
import os
import resource
import socket

from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker

from api.shell import capacity, host

SPARE = 256  # greenlets beyond --worker-connections, for the refusals
DEFER = 10  # seconds the kernel holds a connection that has sent nothing before handing it over anyway
IDLE_TIMEOUT = 60  # seconds a connection may stall in a body's read or a stream's write
GC_YOUNG = 50_000  # allocations between two looks at the young objects (0: Python's default)
REFUSAL = "Server full: try again in a few seconds. / Serveur plein : réessayez dans quelques secondes.\n"
BUSY = "Too many connections from this network. / Trop de connexions depuis ce réseau.\n"


def refusal(status: int) -> bytes:
    """The whole answer to a connection refused before its request is read."""
    reason, text = ("Service Unavailable", REFUSAL) if status == 503 else ("Too Many Requests", BUSY)
    body = text.encode()
    return (f"HTTP/1.1 {status} {reason}\r\nRetry-After: {capacity.RETRY_AFTER}\r\n"
            f"Content-Type: text/plain; charset=utf-8\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n").encode() + body


def refuse(client, status: int) -> None:
    """Answer and close, letting the client's request arrive first (closing on unread bytes would reset the
    connection, and the client could lose the answer)."""
    with contextlib.suppress(OSError):
        client.settimeout(1.0)
        client.sendall(refusal(status))
        client.shutdown(socket.SHUT_WR)  # no more writes; reads until the client closes, or a second
        while client.recv(65536):
            pass
    with contextlib.suppress(OSError):
        client.close()


class Worker(GeventWorker):
    """gunicorn's gevent worker, counting connections per address and answering when there is no room."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.admitted = self.cfg.worker_connections
        self.worker_connections = self.admitted + SPARE  # the size of the pool that accepts

    def init_process(self):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        os.environ.setdefault("ARBITRE_WORKERS", str(self.cfg.workers))  # api.shell.limits divides by it
        os.environ.setdefault(host.GROUP, str(os.getppid()))  # the workers of this server share their marks
        capacity.connections.most = self.admitted
        young = capacity.setting("ARBITRE_GC_YOUNG", GC_YOUNG)
        if young > 0:
            gc.set_threshold(young, *gc.get_threshold()[1:])
        for listener in self.sockets:  # accept a connection once its request has begun to arrive: a phone that
            if listener.FAMILY in (socket.AF_INET, socket.AF_INET6):  # is slow to send it holds no greenlet and
                listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_DEFER_ACCEPT, DEFER)  # runs no head timeout
        # Behind proxies (ARBITRE_PROXIES) every connection comes from one of them: no cap per address unless set.
        proxied = int(os.environ.get("ARBITRE_PROXIES") or 0) > 0
        self.each = capacity.setting("ARBITRE_CLIENT_CONNECTIONS", 0 if proxied else capacity.CLIENT_CONNECTIONS)
        self.idle = capacity.setting("ARBITRE_IDLE_TIMEOUT", IDLE_TIMEOUT)
        super().init_process()

    def handle(self, listener, client, addr):
        address = addr[0] if isinstance(addr, tuple) else "local"
        try:
            capacity.connections.admit(address, self.admitted, self.each)
        except capacity.Full as full:
            refuse(client, full.status)
            return
        try:
            client.settimeout(self.idle or None)
            AsyncWorker.handle(self, listener, client, addr)
        finally:
            capacity.connections.leave(address)
