"""Walk one request through the code: the project's modules and functions it passes, and its climbs back up.

`python -m bench.path` traces one Rami discard POSTed to `/api/v1/tables/<id>/entries`, then the same discard
sent from the play page (`POST /t/<id>/entry`, the form's fields; issue 28's closing note), each from the Flask
view to the store's append, with `sys.setprofile` over the request as the Flask test
client runs it (one thread). It prints the project modules (files) and the functions it passes through, how
many times it enters `api/application/appends.py`, and the climbs back up: a call from a lower layer into a
higher one (the application into `api.rest`/`api.web`/`api.shell`; `referee`/`events` into `api`), or a
project function called through `getattr` by name (the calling line holds `getattr(`).

`walk(app, method, url, ...)` traces any request: another path (a page's POST) is one more call of it.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType, FrameType

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("api", "events", "referee")
EDGE = ("api.rest", "api.web", "api.shell")  # the layers a request comes in by
APPENDS = "api/application/appends.py"
CONTEXT = "api.shell.context"  # the application asks it for its Context: a climb, but one the shell installed


def module_of(code: CodeType) -> str | None:
    """The project module a function is written in (`api.application.appends`), or None (stdlib, libraries)."""
    try:
        path = Path(code.co_filename).resolve().relative_to(ROOT)
    except ValueError:
        return None
    if path.parts[0] not in PACKAGES or path.suffix != ".py":
        return None
    parts = path.with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(module: str) -> int:
    """3: the edge (shell, REST, pages), 2: the application, 1: the rules and the log."""
    if module.startswith(EDGE):
        return 3
    return 2 if module.startswith("api") else 1


@dataclass
class Path_:
    """What one request passed through, from its view's call to the stop (or the view's return)."""

    calls: list[tuple[str, str]] = field(default_factory=list)  # (module, function) in call order
    climbs: list[str] = field(default_factory=list)  # "caller -> callee" of each climb back up
    reached: bool = False  # the stop was called

    @property
    def modules(self) -> list[str]:
        return list(dict.fromkeys(module for module, _ in self.calls))

    @property
    def functions(self) -> list[str]:
        return list(dict.fromkeys(f"{module}.{name}" for module, name in self.calls))

    def entered(self, path: str) -> int:
        module = module_of_path(path)
        return sum(1 for (m, _), (prev, _) in zip(self.calls, [("", "")] + self.calls, strict=False)
                   if m == module and prev != module)


def module_of_path(path: str) -> str:
    return ".".join(Path(path).with_suffix("").parts)


def by_name(frame: FrameType) -> bool:
    """Whether the calling line calls through `getattr` (a function found by its name)."""
    import linecache

    return "getattr(" in linecache.getline(frame.f_code.co_filename, frame.f_lineno)


def climb(frame: FrameType, module: str) -> str | None:
    """The call into `frame` as a climb back up ("caller -> callee"), or None: its caller (our code nearest
    above it, through the libraries: a Flask dispatch, a SQLAlchemy event) is in a lower layer, or called it
    through `getattr`."""
    caller = frame.f_back
    while caller is not None and module_of(caller.f_code) is None:
        caller = caller.f_back
    above = module_of(caller.f_code) if caller is not None else None
    if caller is None or above is None:
        return None
    said = f"{above}.{caller.f_code.co_name} -> {module}.{frame.f_code.co_name}"
    if layer(module) > layer(above):
        return said + (" (the context the shell gave)" if module == CONTEXT else "")
    return said + " (by name)" if frame.f_back is caller and by_name(caller) else None


def walk(app, method: str, url: str, stop: Callable[[CodeType], bool], client=None, **request) -> Path_:
    """Trace one request of the Flask test client (`client`, or a new one) from its view function until
    `stop(code)` is called (the stop's own inside is not walked), or until the view returns."""
    endpoint, _ = app.url_map.bind("localhost").match(url.split("?")[0], method=method)
    view = app.view_functions[endpoint].__code__
    walked = Path_()
    state = {"inside": 0, "done": False}

    def profile(frame: FrameType, event: str, arg) -> None:
        if event not in ("call", "return") or state["done"]:
            return
        code = frame.f_code
        if event == "return":
            if code is view and state["inside"]:
                state["done"] = True
            return
        if code is view:
            state["inside"] = 1
        if not state["inside"]:
            return
        module = module_of(code)
        if module is None or code.co_name.startswith("<"):  # a comprehension or a lambda is its function's
            return
        walked.calls.append((module, code.co_name))
        if code is not view and (climbed := climb(frame, module)):
            walked.climbs.append(climbed)
        if stop(code):
            walked.reached = True
            state["done"] = True

    client = client or app.test_client()
    sys.setprofile(profile)
    try:
        response = getattr(client, method.lower())(url, **request)
    finally:
        sys.setprofile(None)
    assert response.status_code < 400, (response.status_code, response.get_data(as_text=True))
    return walked


def the_store_append(code: CodeType) -> bool:
    """The store's append: the locked way (`Store.append`) or the quick one (`Store.append_if_head`)."""
    return module_of(code) == "events.store.store" and code.co_name in ("append", "append_if_head")


def rami_table(client) -> tuple[str, list[str], int]:
    """A two-seat Rami table, dealt, seat 1 has discarded and seat 0 drawn: seat 0's discard is next."""
    made = client.post("/api/v1/tables", json={"game": "rami", "players": ["Ana", "Ben"],
                                               "options": {"turn_seconds": None}}).get_json()
    tokens = [made["host_token"]] + [s["token"] for s in made["seats"]]
    version = made["version"]
    for token, entry in ((tokens[0], {"type": "deal", "dealer": 0}), (tokens[2], {"type": "discard", "seat": 1,
                         "card": "4C"}), (tokens[1], {"type": "draw", "seat": 0, "from": "stock"})):
        answer = client.post(f"/api/v1/tables/{made['id']}/entries", json={"expected_version": version, "entry": entry},
                             headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 201, answer.get_json()
        version = answer.get_json()["version"]
    return made["id"], tokens, version


def report(label: str, walked: Path_) -> None:
    given = sum(1 for climb in walked.climbs if climb.endswith("(the context the shell gave)"))
    print(f"{label}:")
    print(f"  {len(walked.modules)} project modules, {len(walked.functions)} functions "
          f"({len(walked.calls)} calls), {walked.entered(APPENDS)} entries into {APPENDS}, "
          f"{len(walked.climbs)} climbs back up ({given} of them into the context the shell gave); "
          f"reached the store's append: {walked.reached}")
    print("  modules: " + ", ".join(walked.modules))
    for climb in walked.climbs:
        print(f"  climb: {climb}")


def app_on(folder: str):
    from api import create_app
    from events.db import upgrade

    url = f"sqlite:///{folder}/path.sqlite3"
    upgrade(url)
    return create_app({"TESTING": True, "DATABASE_URL": url})


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        app = app_on(folder)
        client = app.test_client()
        table_id, tokens, version = rami_table(client)
        walked = walk(app, "POST", f"/api/v1/tables/{table_id}/entries", the_store_append,
                      json={"expected_version": version, "entry": {"type": "discard", "seat": 0, "card": "9C"}},
                      headers={"Authorization": f"Bearer {tokens[1]}"})
        report("one Rami discard, POST /api/v1/tables/<id>/entries, from the view to the store's append", walked)
        table_id, tokens, version = rami_table(client)
        page = app.test_client()
        with page.session_transaction() as session:  # the seat's phone: its token and its form's CSRF token
            session["csrf"] = "path"
            session["tables"] = [[table_id, "seat", 0, tokens[1]]]
        walked = walk(app, "POST", f"/t/{table_id}/entry", the_store_append, client=page,
                      data={"csrf": "path", "version": version, "key": "path", "type": "discard", "seat": 0,
                            "card": "9C"})
        report("the same discard from the play page, POST /t/<id>/entry, from the view to the store's append",
               walked)
        from events.db import dispose

        dispose(app)
    return 0


if __name__ == "__main__":
    sys.exit(main())
