"""Build the .mo catalogues the app serves from the .po files, when they are missing or older.

The .po files are the source (in git); the .mo files are built, never committed: `make babel-compile`
builds them, and so does the app at start, so that a fresh clone (`make test`) and a plain
`pip install .` deployment (the Procfile) serve French with no step to remember, and a .mo is never
out of step with its .po. A read-only checkout gets them in the instance folder instead.
"""

from __future__ import annotations

import glob
import os
import tempfile

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

PO = os.path.join("*", "LC_MESSAGES", "messages.po")


def stale(po: str, mo: str) -> bool:
    return not os.path.exists(mo) or os.path.getmtime(mo) < os.path.getmtime(po)


def compile_po(po: str, mo: str) -> None:
    """Write `mo` from `po` (fuzzy entries left out, as pybabel does), replacing it in one step."""
    with open(po, "rb") as f:
        catalog = read_po(f)
    os.makedirs(os.path.dirname(mo), exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(mo), suffix=".mo")
    try:
        with os.fdopen(fd, "wb") as f:
            write_mo(f, catalog)
        os.replace(tmp, mo)  # another worker may compile the same catalogue at the same time
    except BaseException:
        os.unlink(tmp)
        raise


def ensure(source: str, fallback: str) -> str:
    """Make sure every catalogue of `source` is compiled; return the folder that holds them."""
    pos = glob.glob(os.path.join(source, PO))
    try:
        for po in pos:
            mo = po[:-3] + ".mo"
            if stale(po, mo):
                compile_po(po, mo)
        return source
    except OSError:  # a read-only checkout: build them beside the instance's own files
        for po in pos:
            mo = os.path.join(fallback, os.path.relpath(po, source))[:-3] + ".mo"
            if stale(po, mo):
                compile_po(po, mo)
        return fallback
