"""Names are for reading: a name that holds a control character (U+0000–U+001F, U+007F–U+009F) is refused.

Why: such a character shows as nothing or as a box on every phone, so two seats could look alike; and
PostgreSQL's text cannot hold U+0000 at all, so storing it would fail after the request was accepted.
"""

from __future__ import annotations

import unicodedata


def control_character(text: str) -> str | None:
    """The first control character of `text`, written U+XXXX for a message; None when every character reads."""
    for char in text:
        if unicodedata.category(char) == "Cc":
            return f"U+{ord(char):04X}"
    return None
