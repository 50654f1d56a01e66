"""RULES.md (RULES.fr.md in French) as an HTML page with an anchor per rule id (`/rules#C-8`)."""

from __future__ import annotations

import os
import re
from functools import lru_cache

from markupsafe import Markup, escape

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "..")
SOURCES = {"en": os.path.join(ROOT, "docs", "RULES.md"), "fr": os.path.join(ROOT, "docs", "RULES.fr.md")}
RULE_ID = re.compile(r"^\*\*([KCREG]-\d+) ")
INLINE = (
    (re.compile(r"\*\*(.+?)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"\*(.+?)\*"), r"<em>\1</em>"),
    (re.compile(r"`(.+?)`"), r"<code>\1</code>"),
    (re.compile(r"\b([KCREG]-\d+)\b(?![^<]*</strong>)"), r'<a href="#\1">\1</a>'),
)


def source(lang: str = "en") -> str:
    """Read the rules in `lang`: docs/RULES.md, the copy the repo keeps in step with the contract, or its
    faithful French version docs/RULES.fr.md (same ids, same structure); English when there is none."""
    for path in (SOURCES.get(lang), SOURCES["en"]):
        if path and os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                return f.read()
    return "# Rules\n\nThe rules file is missing."


def _inline(text: str) -> str:
    out = str(escape(text))
    for pattern, repl in INLINE:
        out = pattern.sub(repl, out)
    return out


@lru_cache(maxsize=4)
def _render(text: str) -> tuple[str, tuple[str, ...]]:
    html: list[str] = []
    ids: list[str] = []
    para: list[str] = []
    items: list[str] = []

    def flush():
        if para:
            html.append("<p>" + _inline(" ".join(para)) + "</p>")
            para.clear()
        if items:
            html.append("<ul>" + "".join(_item(i, ids) for i in items) + "</ul>")
            items.clear()

    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            flush()
        elif stripped.startswith("#"):
            flush()
            level = min(len(stripped) - len(stripped.lstrip("#")), 3)
            html.append(f"<h{level}>{_inline(stripped.lstrip('#').strip())}</h{level}>")
        elif stripped.startswith("- "):
            if para:
                flush()
            items.append(stripped[2:])
        elif items:
            items[-1] += " " + stripped
        else:
            para.append(stripped)
    flush()
    return "\n".join(html), tuple(ids)


def _item(text: str, ids: list[str]) -> str:
    match = RULE_ID.match(text)
    if not match:
        return "<li>" + _inline(text) + "</li>"
    ids.append(match.group(1))
    return f'<li id="{match.group(1)}" class="rule">' + _inline(text) + "</li>"


def rules_html(lang: str = "en") -> tuple[Markup, tuple[str, ...]]:
    """The rules in `lang` as HTML (escaped text, our own tags) and the rule ids found."""
    html, ids = _render(source(lang))
    return Markup(html), ids
