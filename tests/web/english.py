"""Find English left on a French page: words of English that French never uses, in text and in attributes."""

from __future__ import annotations

import html
import re

# Words a French page never needs; each is checked as a whole word, case-insensitive.
ENGLISH = ("the", "and", "with", "of", "is", "not", "from", "your", "this", "that", "card", "cards", "take", "took",
           "turn", "turns", "entry", "entries", "hand", "round", "history", "back", "player",
           "players", "seat", "seats", "valid", "invalid", "nobody", "server", "host", "share", "join", "deal",
           "deals", "dealer", "discard", "discarded", "meld", "melds", "exit", "refused", "rules", "malformed",
           "request", "none", "who", "what", "enter", "send", "cancel", "void", "replace", "replaces", "voids",
           "after", "before", "now", "next", "goes", "out", "shown", "known", "left", "arrange", "lay",
           "off", "stock", "pile", "top", "clock", "time", "ran", "new", "start", "home", "import", "balances",
           "chart", "winner", "wins", "lost", "won", "open", "opened", "opening", "joker", "jokers", "no", "such",
           "unknown", "found", "yet", "has", "have", "are", "be", "it", "its", "for", "at", "by", "or")
WORD = re.compile(r"\b(" + "|".join(ENGLISH) + r")\b", re.I)
# Not read as text: scripts, styles, the URLs and ids of attributes; the card codes and rule ids players see.
DROP = [re.compile(p, re.S | re.I) for p in (r"<script.*?</script>", r"<style.*?</style>", r"<code>.*?</code>",
                                              r"<!--.*?-->")]
SHOWN_ATTRS = re.compile(r'\s(?:aria-label|title|placeholder|alt|data-[\w-]*text[\w-]*|data-label[\w-]*)="([^"]*)"')
BUTTON_VALUE = re.compile(r'<input[^>]*type="(?:submit|button)"[^>]*value="([^"]*)"')
ALLOWED = re.compile(r"\bjoker|jokers\b", re.I)  # "joker" is French too


def shown_text(page: str, gap: str) -> str:
    """What a person reads on `page`: its text (tags replaced by `gap`) and its readable attributes."""
    for pattern in DROP:
        page = pattern.sub(" ", page)
    shown = " ".join(SHOWN_ATTRS.findall(page) + BUTTON_VALUE.findall(page))
    return html.unescape(re.sub(r"<[^>]+>", gap, page) + " " + shown)


def leaks(page: str, names=()) -> list[str]:
    """The English words shown on `page` (text and readable attributes), with a little context each."""
    text = shown_text(page, " ")
    for name in names:
        text = text.replace(name, " ")
    found = []
    for match in WORD.finditer(text):
        if ALLOWED.fullmatch(match.group(0)):
            continue
        found.append(text[max(0, match.start() - 40):match.end() + 40].replace("\n", " ").strip())
    return found


COLON = re.compile(r"[^\s\u00a0\u202f]:(?=\s|$)")


def bare_colons(page: str) -> list[str]:
    """Colons written the English way on a French page (French puts a no-break space before one), with context."""
    text = shown_text(page, "")  # tags out without a gap: `<b>Score</b>:` reads `Score:`
    return [text[max(0, m.start() - 30):m.end() + 10].replace("\n", " ").strip() for m in COLON.finditer(text)]
