"""One reaper per process frees the live streams whose phone has gone, within `LIVE_CHECK` seconds.

A quiet stream waits for its table's next entry and writes nothing between heartbeats (15 or 30 s), so a phone that
closed its connection would hold its stream, its greenlet and its slot until the next heartbeat failed. Rather
than each stream waking every few seconds to look at its own socket (10,000 streams: 2,000 wake-ups a second,
each with its timer), the streams' sockets sit in one epoll set of the process, which the reaper asks every
`LIVE_CHECK` seconds with one call that returns only the sockets with something to say: a hang-up, an error,
or bytes to read (a phone sends nothing after its request, so bytes mean its close, or are looked at). The
stream of each such socket is told (`on_gone`) and ends at once.

Without epoll (not Linux) the reaper looks at every socket in turn, still from one place.
"""

from __future__ import annotations

import contextlib
import select
import threading
import time
from collections.abc import Callable

from api.shell.client import gone

CHECK = 2.0  # seconds between two looks


def _epoll():
    """A real epoll set (gevent's monkey-patching removes `select.epoll`; its original is still there), or None."""
    try:
        from gevent.monkey import get_original

        return get_original("select", "epoll")()
    except (ImportError, AttributeError, OSError):
        maker = getattr(select, "epoll", None)
        return maker() if maker else None


HANG_UP = getattr(select, "EPOLLHUP", 0x10) | getattr(select, "EPOLLERR", 0x8) | getattr(select, "EPOLLRDHUP", 0x2000)
LOOK_FOR = HANG_UP | getattr(select, "EPOLLIN", 0x1)


class Reaper:
    """The sockets of this process's streams, each with what to call when its phone has gone."""

    def __init__(self, every: float = CHECK):
        self.every = every
        self.lock = threading.Lock()
        self.held: dict[int, tuple[object, Callable[[], None]]] = {}  # fd -> (socket, on_gone)
        self.poller = _epoll()
        self.thread: threading.Thread | None = None

    def add(self, sock, on_gone: Callable[[], None]) -> None:
        """Watch `sock` (a stream's connection) until `remove`; call `on_gone()` once if its client goes."""
        if sock is None:
            return  # the test client: its client is always there
        with self.lock:
            fd = sock.fileno()
            if self.poller is not None:
                self.poller.register(fd, LOOK_FOR)
            self.held[fd] = (sock, on_gone)
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, name="arbitre-reaper", daemon=True)
                self.thread.start()

    def remove(self, sock) -> None:
        """Stop watching `sock` (before it is closed: its file number may then be another socket's)."""
        if sock is None:
            return
        with self.lock, contextlib.suppress(OSError, ValueError):
            fd = sock.fileno()
            if self.held.pop(fd, None) is not None and self.poller is not None:
                self.poller.unregister(fd)

    def look(self) -> int:
        """Tell the streams whose phones have gone; give how many."""
        with self.lock:
            if self.poller is not None:
                ready = [(fd, events) for fd, events in self.poller.poll(0) if fd in self.held]
            else:
                ready = [(fd, 0) for fd in self.held]
            suspects = [(fd, self.held[fd], events) for fd, events in ready]
        found = 0
        for fd, (sock, on_gone), events in suspects:
            if events & HANG_UP or gone(sock):
                with self.lock:
                    if self.held.pop(fd, None) is not None and self.poller is not None:
                        with contextlib.suppress(OSError, ValueError):
                            self.poller.unregister(fd)
                on_gone()
                found += 1
        return found

    def _run(self) -> None:
        while True:
            time.sleep(self.every)
            with self.lock:
                if not self.held:
                    self.thread = None
                    return
            self.look()
