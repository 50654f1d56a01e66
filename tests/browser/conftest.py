"""Browser tests in the system Chromium (README, "Tests"): a live server, two phones, axe-core and layout checks.

Chromium is /usr/bin/chromium or $CHROMIUM_PATH; axe-core is node_modules/axe-core. When either is
missing the tests are skipped, unless ARBITRE_REQUIRE_BROWSER=1 (CI), where that is a failure.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from tests.browser.live import LIVE

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM_PATH") or next(
    (p for p in ("/usr/lib/chromium/chromium", "/usr/bin/chromium") if os.path.exists(p)), "/usr/bin/chromium")
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# Where the browser tests keep their screenshots: instance/screenshots (not tracked), so that a test run leaves
# the work tree as it was; `make screenshots` retakes the README's own, in docs/screenshots.
SHOTS = ROOT / (os.environ.get("ARBITRE_SCREENSHOTS") or "instance/screenshots")  # relative to the repo, or absolute
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--host-resolver-rules=MAP arbitre.test 127.0.0.1"]  # a LAN-like host name for the table walks
# A test waits on the page for an event (a text shown, an outbox emptied), never for a speed: with the suite's
# workers side by side, each with its Chromium, a loaded machine takes seconds. The bound only ends a test that
# would hang; a wait that is met returns at once.
expect.set_options(timeout=15_000)
HOW = "enable them with `apt-get install -y chromium && npm install axe-core` (or `npm ci`: package-lock.json pins it)"


def _missing() -> str | None:
    if not os.path.exists(CHROMIUM):
        return f"Chromium not found at {CHROMIUM} (set CHROMIUM_PATH)"
    if not AXE.exists():
        return f"axe-core not found at {AXE}"
    return None


def pytest_collection_modifyitems(config, items):
    """Mark every test under a `browser/` folder (this one, a game's `tests/<game>/browser/`) as a browser test."""
    missing = _missing()
    for item in items:
        if "browser" not in item.path.relative_to(ROOT).parts[:-1]:
            continue
        item.add_marker(pytest.mark.browser)
        if missing and os.environ.get("ARBITRE_REQUIRE_BROWSER") != "1":
            item.add_marker(pytest.mark.skip(reason=f"browser tests skipped: {missing}; {HOW}"))


@pytest.fixture(scope="session", autouse=True)
def browser_required():
    missing = _missing()
    if missing and os.environ.get("ARBITRE_REQUIRE_BROWSER") == "1":
        pytest.fail(f"ARBITRE_REQUIRE_BROWSER=1 but {missing}; {HOW}", pytrace=False)


@pytest.fixture(scope="session")
def live_server(live_database):
    """Serve the app on 127.0.0.1 (a free port) in a thread, on a database of its own: one server a process, the
    one `LIVE` names, even when a game's browser conftest (tests/<game>/browser) declares this fixture again."""
    from api import create_app
    from events.db import dispose

    if "url" in LIVE:
        yield LIVE["url"]
        return
    app = create_app({"TESTING": True, "DATABASE_URL": live_database})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    LIVE["app"], LIVE["url"] = app, f"http://127.0.0.1:{server.server_port}"
    yield LIVE["url"]
    del LIVE["url"]
    server.shutdown()
    thread.join(5)
    dispose(app)  # before the schema is dropped: an open connection would hold it


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": ARGS, "headless": True}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 390, "height": 844},
            "device_scale_factor": 2, "is_mobile": True, "has_touch": True, "locale": "en-GB",
            "bypass_csp": True}  # axe-core is injected inline; the pages themselves keep their CSP


@pytest.fixture(scope="session")
def base_url(live_server):
    return live_server


CLOSE_WAIT = 20.0  # seconds a phone may take to close before its browser is killed


def _chromium_processes() -> list[int]:
    """The Chromium processes started under this test process (through Playwright's driver)."""
    parents = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                parents[int(pid)] = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
    mine, found = {os.getpid()}, True
    while found:
        found = False
        for pid, parent in parents.items():
            if parent in mine and pid not in mine:
                mine.add(pid)
                found = True
    out = []
    for pid in mine - {os.getpid()}:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if b"chrom" in f.read().split(b"\0")[0]:
                    out.append(pid)
        except OSError:
            continue
    return out


def _kill_chromium() -> None:
    print(f"\nChromium did not close a phone within {CLOSE_WAIT:.0f} s: killed, the next test opens a new one",
          file=sys.stderr, flush=True)
    for pid in _chromium_processes():
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


@contextmanager
def _watchdog():
    """Kill Chromium if what runs inside takes more than CLOSE_WAIT seconds; then its error is not the test's."""
    timer = threading.Timer(CLOSE_WAIT, _kill_chromium)
    timer.start()
    try:
        yield
    except Exception:  # noqa: BLE001 - the browser was killed under the close: the test itself had finished
        if not timer.finished.is_set():
            raise
    finally:
        timer.cancel()


@pytest.fixture(scope="session")
def browsers(browser_type, browser_type_launch_args):
    """The browser, launched again if the last one had to be killed (see `phones`): one list a process, as the
    live server is one, even when a game's browser conftest declares this fixture again."""
    if "browsers" in LIVE:
        yield LIVE["browsers"]
        return
    launched = []

    def current():
        if not launched or not launched[-1].is_connected():
            launched.append(browser_type.launch(**browser_type_launch_args))
        return launched[-1]

    LIVE["browsers"] = current
    yield current
    del LIVE["browsers"]
    with _watchdog():
        for browser in launched:
            if browser.is_connected():
                browser.close()


@pytest.fixture
def browser(browsers):
    return browsers()


@pytest.fixture
def phones(browser, browser_context_args, base_url):
    """Open phones (each its own browser context, so its own cookies): `phones()`, `phones(locale="fr-FR")`.

    Chromium now and then never finishes closing a phone right after its last tap (a navigation its service
    worker handles; seen about once in ten runs of the live tests): the close then waits forever. A watchdog
    kills that browser after CLOSE_WAIT seconds, so the next test gets a new one instead of the run hanging."""
    opened = []

    def open_phone(**extra):
        context = browser.new_context(**{**browser_context_args, "base_url": base_url, **extra})
        opened.append(context)
        return context.new_page()

    yield open_phone
    with _watchdog():
        for context in opened:
            context.close()
