"""At most a few requests of a worker run the app at once; the live streams wait for entries outside that count.

The Procfile's gunicorn runs threads (gthread, up to 1,000 a worker) so that hundreds of phones can hold a
stream. Threads share one interpreter lock: with 30 requests running at once in a worker, a writer that holds
the host's SQLite write turn (events/db.py) waits for the interpreter after every call into the database, and
readers overtake it: 50 tables at once (bench_load) wrote 149 entries/s on SQLite and 319 on PostgreSQL, where
two sync workers write 600-750. Here a request waits for one of MAX_RUNNING turns before the app sees it, and
gives it back when its answer is made (gunicorn sends it after): a waiting thread holds no lock and wants no
interpreter. With 4 turns: 483 and 446 entries/s. A stream (GET .../events) takes none of these: its reads go
through turns of their own (api/shell/live.py, LIVE_READS), so that a thousand phones opening streams at once never
hold the turns a write or a page needs. ARBITRE_RUNNING sets the number (0: no limit).
"""

from __future__ import annotations

import os
import threading

from flask import Flask

FILES = ("/static/", "/sw.js", "/manifest")
STREAMS = "/api/v1/tables/"
MAX_RUNNING = 4  # a slow request (a first replay of a long log) leaves three


class Turns:
    """WSGI middleware: at most `running` requests inside the app at once in this process."""

    def __init__(self, app, running: int):
        self.app = app
        self.turns = threading.BoundedSemaphore(running)

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "")
        if path.startswith(FILES):  # a file read from disk: no database, no turn
            return self.app(environ, start_response)
        if path.startswith(STREAMS) and path.endswith("/events"):  # a stream reads through its own few turns
            return self.app(environ, start_response)  # (api/shell/live.py, LIVE_READS): these stay the writes' and pages'

        with self.turns:
            return self.app(environ, start_response)


def init_app(app: Flask) -> None:
    running = int(os.environ.get("ARBITRE_RUNNING", app.config.get("ARBITRE_RUNNING", MAX_RUNNING)))
    if running > 0:
        app.wsgi_app = Turns(app.wsgi_app, running)
