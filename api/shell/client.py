"""Whether the client of this request is still there: a phone that gave up is not written for, nor streamed to.

The server's socket of the request is in the WSGI environ (`gunicorn.socket`); the test client has none, and
its client is always there.
"""

from __future__ import annotations

import contextlib
import socket

from flask import request

SOCKET = "gunicorn.socket"


def gone(sock) -> bool:
    """Whether the client has closed its end of `sock`. Called once the request is read whole, when the client
    has nothing more to send: a socket that reads as ended (or fails) is a client gone; a look that would wait is
    a client still there."""
    if sock is None:
        return False
    timeout = sock.gettimeout()
    try:
        sock.settimeout(0)
        return sock.recv(1, socket.MSG_PEEK) == b""
    except (BlockingIOError, InterruptedError):
        return False
    except OSError:
        return True
    finally:
        with contextlib.suppress(OSError):
            sock.settimeout(timeout)


def left() -> bool:
    """Whether this request's client has gone (its body must have been read first)."""
    return gone(request.environ.get(SOCKET))
