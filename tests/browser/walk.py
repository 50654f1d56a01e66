"""Helpers for the table walks: phones on a LAN-like address, words in the phone's language, tap counts."""

from __future__ import annotations

import re

from tests.browser.checks import settle
from tests.browser.live import LIVE

LOCALES = {"en": "en-GB", "fr": "fr-FR"}
# navigator.share where the browser has none: records what the page asked to share.
SHARE_STUB = "window.__shared = []; navigator.share = function (data) { window.__shared.push(data); return Promise.resolve(); };"


def phone_in(phones, lang: str, **extra):
    """A phone (the `phones` fixture's) set to `lang`: its locale and the Accept-Language it sends."""
    return phones(locale=LOCALES[lang], extra_http_headers={"Accept-Language": LOCALES[lang]}, **extra)


def lan_base(base_url: str) -> str:
    """The live server as another phone on the Wi-Fi reaches it: a host name that is not loopback
    (Chromium maps arbitre.test to 127.0.0.1, see ARGS), so join links keep the host the request came in on."""
    return base_url.replace("127.0.0.1", "arbitre.test")


class Words:
    """The app's own texts in one language (its gettext), so each walk runs in English and in French."""

    def __init__(self, lang: str):
        self.lang = lang

    def __call__(self, msgid: str, **params) -> str:
        from api.web.words.i18n import gettext

        with LIVE["app"].test_request_context(headers={"Accept-Language": self.lang}):
            return gettext(msgid, **params)

    def count(self, singular: str, plural: str, n: int, **params) -> str:
        """A text that names a count, in the form the language gives `n`."""
        from api.web.words.i18n import ngettext

        with LIVE["app"].test_request_context(headers={"Accept-Language": self.lang}):
            return ngettext(singular, plural, n, **params)

    def card(self, token: str) -> str:
        """The accessible name of the card's key: `Q♥, queen of hearts`."""
        from api.web.words.i18n import key_name

        return key_name(token, self.lang)

    def exact(self, msgid: str, **params):
        return re.compile("^" + re.escape(self(msgid, **params)) + "$")


class Taps:
    """Count the taps a person makes: every `tap` is one touch on the screen."""

    def __init__(self):
        self.count = 0
        self.log: dict[str, int] = {}

    def tap(self, locator) -> None:
        """One touch, once the page has settled: an entry the outbox is still sending navigates when answered,
        and a tap made before that lands on the page being left, and is lost (the known race)."""
        settle(locator.page)
        locator.click()
        self.count += 1

    def measure(self, name: str, since: int) -> int:
        self.log[name] = self.count - since
        return self.log[name]


def _english_fragments() -> list[str]:
    """Pieces of every English text the catalogue translates (two words or more, around its parameters)."""
    from babel.messages.pofile import read_po

    from tests.browser.conftest import ROOT

    with open(ROOT / "translations" / "fr" / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalogue = read_po(f)
    out = set()
    for message in catalogue:
        if not message.id or isinstance(message.id, tuple) or not message.string:
            continue
        for piece in re.split(r"%\(\w+\)[sd]|[()]", message.id):
            piece = piece.strip(" .:,;·—-")
            if len(piece) >= 10 and " " in piece and piece not in message.string:
                out.add(piece)
    return sorted(out)


ENGLISH: list[str] = []


def english_on(page) -> list[str]:
    """The English texts a French page still shows (its visible text; names and cards aside)."""
    if not ENGLISH:
        ENGLISH.extend(_english_fragments())
    text = " ".join(page.evaluate("() => document.body.innerText").split())
    return [piece for piece in ENGLISH if piece in text]


def check(page, lang: str, shot: str | None = None) -> None:
    """`check_page`, and in French: no English text left on the page."""
    from tests.browser.checks import check_page

    check_page(page, shot)
    if lang == "fr":
        assert english_on(page) == [], page.url


def visit(page, url: str) -> None:
    """Open `url` like typing it in: if the page's own script was navigating at that moment (the outbox
    following a redirect), let that finish and open it again."""
    from playwright.sync_api import Error

    try:
        page.goto(url)
    except Error as error:
        if "ERR_ABORTED" not in str(error):
            raise
        page.wait_for_load_state()
        page.goto(url)
