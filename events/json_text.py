"""JSON as the log writes it: compact, UTF-8 text as it is, and (for the hash chain) keys sorted.

Each append writes its entry's data two or three times (the row, the hash, the notice), and
`json.JSONEncoder.encode` builds its C encoder anew on every call, which costs more than writing a small entry.
The writers here build it once: the same text as `json.dumps(value, ensure_ascii=False, separators=(",", ":"),
sort_keys=...)` (a property test holds them equal), for the JSON values an entry can hold (parsed JSON: no
cycles). Where the interpreter has no C encoder, the standard one, as it is.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

write_string: Callable[[str], str] = json.encoder.encode_basestring  # a JSON string as the writers write it


def _writer(sort_keys: bool) -> Callable[[Any], str]:
    standard = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), sort_keys=sort_keys)
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return standard.encode
    chunks = make(None, standard.default, write_string, None, ":", ",", sort_keys, False, True)

    def write(value: Any) -> str:
        return "".join(chunks(value, 0))

    return write


compact = _writer(sort_keys=False)
"""JSON as the store writes it and the streams send it."""
canonical_text = _writer(sort_keys=True)
"""JSON as the hash chain reads it (E-4): keys sorted, no spaces."""
