"""Serve the app with gunicorn on a free loopback port, with the Procfile's worker class: for benches and tests.

`running` starts a server process and waits until it answers; bench/asgi_live.py starts uvicorn with it too."""

from __future__ import annotations

import contextlib
import http.client
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORKER_FLAGS = ("-k", "--worker-class", "--threads", "--worker-connections", "--keep-alive", "--backlog")
# No control socket (gunicornc): its default path is one per user ($XDG_RUNTIME_DIR or ~/.gunicorn/gunicorn.ctl),
# so two servers on one machine (two hosts, a test beside a server) removed each other's; nothing uses it.
NO_CONTROL_SOCKET = "--no-control-socket"


def worker_flags(procfile: Path = ROOT / "Procfile") -> list[str]:
    """The worker-class flags of the Procfile's web line (so tests and benches run what production runs)."""
    line = next(ln for ln in procfile.read_text().splitlines() if ln.startswith("web:"))
    words, out = shlex.split(line.removeprefix("web:")), []
    for i, word in enumerate(words):
        name = word.split("=")[0]
        if name in WORKER_FLAGS:
            out += [word] if "=" in word else [word, words[i + 1]]
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A running server (gunicorn, or bench/asgi_live.py's uvicorn): its port and processes."""

    def __init__(self, process: subprocess.Popen, port: int):
        self.process, self.port = process, port

    def workers(self) -> list[int]:
        try:
            return [int(p) for p in Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
                    .read_text().split()]
        except OSError:
            return []

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        """The server stopped (SIGSTOP) until the block ends: it keeps its memory and its connections open and
        runs nothing, so another server on the machine is timed as if this one were not there."""
        pids = [self.process.pid, *self.workers()]
        for pid in pids:
            os.kill(pid, signal.SIGSTOP)
        try:
            yield
        finally:
            for pid in pids:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGCONT)

    def rss_mb(self) -> float:
        """Resident memory of the master and its workers, in MB."""
        total = 0
        for pid in [self.process.pid, *self.workers()]:
            with contextlib.suppress(OSError):
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        return total / 1024

    def cpu_seconds(self) -> float:
        """CPU time the workers have used so far (user and system), in seconds."""
        total = 0
        for pid in self.workers():
            with contextlib.suppress(OSError):
                fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
                total += int(fields[11]) + int(fields[12])  # utime, stime (the 14th and 15th of the line)
        return total / os.sysconf("SC_CLK_TCK")

    def worker_of(self, client: socket.socket) -> int | None:
        """The worker pid holding the server side of this client's connection (read from /proc)."""
        here = client.getsockname()[1]
        wanted = None
        for name in ("/proc/net/tcp", "/proc/net/tcp6"):
            with contextlib.suppress(OSError):
                for line in Path(name).read_text().splitlines()[1:]:
                    parts = line.split()
                    local, remote = parts[1].split(":")[-1], parts[2].split(":")[-1]
                    if int(local, 16) == self.port and int(remote, 16) == here:
                        wanted = f"socket:[{parts[9]}]"
        for pid in self.workers():
            with contextlib.suppress(OSError):
                for fd in os.listdir(f"/proc/{pid}/fd"):
                    with contextlib.suppress(OSError):
                        if os.readlink(f"/proc/{pid}/fd/{fd}") == wanted:
                            return pid
        return None


def wait_up(port: int, seconds: float = 90) -> None:  # a loaded machine starts slowly
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with contextlib.suppress(OSError):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/api/openapi.json")
            if conn.getresponse().status == 200:
                conn.close()
                return
        time.sleep(0.1)
    raise RuntimeError("gunicorn did not answer in time")


@contextlib.contextmanager
def running(argv: list[str], port: int, env: dict, stop: Callable[[Server], None], **popen) -> Iterator[Server]:
    """Start `argv` (a server that will answer on 127.0.0.1:port), wait until it answers and yield it; `stop` it
    when the block ends, or when it never answered. BENCH_SERVER_LOG=path keeps its log, for a bench run by hand."""
    log = open(os.environ["BENCH_SERVER_LOG"], "ab") if os.environ.get("BENCH_SERVER_LOG") else subprocess.DEVNULL
    process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log, **popen)
    server = Server(process, port)
    try:
        wait_up(port)
        yield server
    finally:
        stop(server)


def quit_quickly(server: Server) -> None:
    """gunicorn's quick shutdown: open streams would hold a graceful stop for 30 s."""
    workers = server.workers()
    server.process.send_signal(signal.SIGQUIT)
    try:
        server.process.wait(timeout=5)
    except subprocess.TimeoutExpired:  # a worker waits for its stream threads: no need, this is a test
        for pid in workers:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        server.process.kill()
        server.process.wait(timeout=5)


def serve(url: str, workers: int = 2, flags: list[str] | None = None, env: dict | None = None):
    """Run `gunicorn 'api:create_app()'` on DATABASE_URL=url until the block ends (then a quick shutdown)."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "bench", **(env or {})}
    flags = worker_flags() if flags is None else flags
    return running([sys.executable, "-m", "gunicorn", "-w", str(workers), "-b", f"127.0.0.1:{port}", *flags,
                    NO_CONTROL_SOCKET, "api:create_app()"], port, env, quit_quickly)
