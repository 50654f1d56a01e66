"""Whether the whole host is full, for /readyz: each worker marks itself full in a directory the host's workers
share, and the host is full when every one of its workers is.

A worker that reaches a cap (its streams, `LIVE_STREAMS`, or its connections, `--worker-connections`) creates
a small file named after its pid and the cap, in `/dev/shm/arbitre-<master pid>/` (memory, not disk; else the
temporary directory; `ARBITRE_SHARED_DIR` to choose); it removes it once below the cap again. A file is
written only when a worker crosses its cap, never per request. /readyz counts the marks of the live workers
(a worker killed without removing its mark is no longer alive, and is not counted) against the host's
workers (`ARBITRE_WORKERS`, set by the Procfile's worker): while one worker still has room, a new phone's
stream that reaches a full worker is refused with Retry-After and its retry reaches another; once they are
all full, /readyz answers 503 "full" and a load balancer sends phones to another host.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

GROUP = "ARBITRE_HOST_GROUP"  # the master's pid, set by the Procfile's worker: the workers of one server


def directory() -> Path:
    """The directory this host's workers share (made when first needed)."""
    base = os.environ.get("ARBITRE_SHARED_DIR") or ("/dev/shm" if os.access("/dev/shm", os.W_OK) else
                                                   tempfile.gettempdir())
    return Path(base) / f"arbitre-{os.environ.get(GROUP) or os.getpid()}"


def workers() -> int:
    """The host's workers (1 when not served by the Procfile's worker)."""
    return max(1, int(os.environ.get("ARBITRE_WORKERS") or 1))


def mark(kind: str, full: bool) -> None:
    """Say that this worker is at its cap of `kind` (streams, connections), or no longer is. The directory goes
    with its last mark, so that servers started and stopped (tests, restarts) leave nothing in memory."""
    path = directory() / f"{os.getpid()}.{kind}"
    with contextlib.suppress(OSError):
        if full:
            for _ in range(3):  # another worker may remove the directory between our mkdir and touch
                path.parent.mkdir(mode=0o700, exist_ok=True)
                with contextlib.suppress(FileNotFoundError):
                    path.touch()
                    return
        else:
            path.unlink(missing_ok=True)
            _remove_if_empty(path.parent)


def _remove_if_empty(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not empty: another worker's mark keeps it
        folder.rmdir()


def full_workers() -> set[int]:
    """The pids of this host's live workers that are at one of their caps."""
    found = set()
    with contextlib.suppress(OSError):
        for path in directory().iterdir():
            pid = int(path.name.split(".")[0]) if path.name.split(".")[0].isdigit() else 0
            if pid and _alive(pid):
                found.add(pid)
            else:  # a worker killed at its cap: its mark goes with it
                path.unlink(missing_ok=True)
    if not found:
        _remove_if_empty(directory())
    return found


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def full() -> str | None:
    """Why the host has no room for another phone (every worker at a cap), or None."""
    count, most = len(full_workers()), workers()
    return f"{count} of {most} workers at their caps" if count >= most else None
